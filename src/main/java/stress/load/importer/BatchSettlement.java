package stress.load.importer;

import static stress.load.importer.RejectEntries.entry;
import static stress.load.importer.RejectEntries.rejection;
import static stress.load.importer.RejectEntries.shown;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import stress.load.EncodedRow;

/**
 * Settles a batch's documents one by one, as the COPY or the row-by-row path asks for them: duplicates of an
 * {@code _id} within the batch are rejected, skipped or (under {@code --on-duplicate update}) replaced by the later
 * document, and documents refused on the client become reject entries.
 */
final class BatchSettlement {
  private final CollectionRun run;
  private final BatchItems items;
  private final DuplicatePolicy duplicates;
  private final Settled settled;
  private int next;

  /** The batch settled: unique rows in read order, and what was refused on the client. */
  static final class Settled {
    final Map<String, BatchRow> rows;
    final List<RejectsFile.Entry> refused = new ArrayList<>();
    long skipped;
    long updated;

    Settled(int documents) {
      rows = new LinkedHashMap<>(documents * 4 / 3 + 1);
    }
  }

  /** Thrown while streaming when a later document must replace a row already sent (--on-duplicate update). */
  static final class LaterDocumentWins extends RuntimeException {
    LaterDocumentWins() {
      super("a later document replaces a row already sent", null, false, false);
    }
  }

  BatchSettlement(Batch batch, DuplicatePolicy duplicates) {
    this.run = batch.run();
    this.items = batch.streamed();
    this.duplicates = duplicates;
    this.settled = new Settled(items.expected());
  }

  /**
   * The unique rows for COPY, settling as they are asked for and waiting for those not converted yet; throws
   * {@link LaterDocumentWins} when a row already handed out is replaced.
   */
  Iterator<EncodedRow> streamed() {
    return new Iterator<>() {
      private BatchRow pending;

      @Override
      public boolean hasNext() {
        while (pending == null && items.has(next)) {
          pending = accept(items.get(next));
          next++;
          if (settled.updated > 0) {
            throw new LaterDocumentWins();
          }
        }
        return pending != null;
      }

      @Override
      public EncodedRow next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        BatchRow row = pending;
        pending = null;
        return row.encoded();
      }
    };
  }

  /** Settles what is left and returns the whole batch settled. */
  Settled finish() {
    while (items.has(next)) {
      accept(items.get(next));
      next++;
    }
    return settled;
  }

  /** Settles one item; returns its row when it is a new unique row for the table. */
  private BatchRow accept(BatchItem item) {
    if (item instanceof BatchItem.Refused refused) {
      settled.refused.add(entry(run, refused.rejection(), false));
      return null;
    }
    KeptDocument document = (KeptDocument) item;
    BatchRow mine = new BatchRow(document);
    BatchRow earlier = settled.rows.get(mine.id());
    if (earlier == null) {
      settled.rows.put(mine.id(), mine);
      return mine;
    }
    if (duplicates == DuplicatePolicy.UPDATE) {
      settled.rows.put(mine.id(), mine); // the later document wins, as it would replace the row
      settled.updated++;
      return null;
    }
    boolean skip = duplicates == DuplicatePolicy.SKIP;
    String reason = "duplicate _id " + shown(mine.id()) + ": document #" + earlier.kept().index()
        + " of this collection has the same _id" + (skip ? " (skipped)" : "");
    settled.refused.add(entry(run, rejection(document.document(), reason), skip));
    if (skip) {
      settled.skipped++;
    }
    return null;
  }
}
