package stress.load.importer;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.BooleanSupplier;
import stress.load.ConnectionSupplier;
import stress.load.CopyBatching;
import stress.load.CopyLoader;
import stress.load.LoadException;
import stress.load.importer.connection.StreamConnection;

/**
 * One load stream: writes batches on its own connection, each in one transaction together with its checkpoint.
 *
 * <p>Fast path: the rows, already in COPY text form (the reader converted each document, {@link DocumentEncoder}), go
 * in with one COPY ({@link CopyLoader#copyWithoutCommit}) as they are settled one by one: duplicates within the batch
 * are settled on the client as they come, and the rejects are flushed to the rejects file before the commit.
 * Under {@code --on-duplicate update} a later document of the batch replacing a row already sent rolls the COPY back
 * and the settled batch is sent again. When COPY fails on an {@code _id} already in the table (23505), on a deadlock with another stream, or on a row the server refuses, the
 * transaction is rolled back and the batch is written again row by row ({@link RowByRowWriter}). Duplicates within
 * the batch are settled by {@link BatchSettlement}. Nothing of a batch is committed unless all of it is accounted
 * for.
 *
 * <p>Where a commit is one server's own ({@link stress.server.dialect.Dialect#commitsLocally()}: plain PostgreSQL), each
 * batch commits with {@code synchronous_commit} off, so the stream does not wait for the disk between batches: a
 * server crash may lose the last batches, but each together with its checkpoint, so {@code --resume} redoes them.
 * The importer makes it all durable at the end ({@link DumpImporter}).
 *
 * <p>Between two batches the server waits for the client's round trips, so the checkpoint, the commit and, when the
 * next batch is already queued, the next transaction's BEGIN go in one ({@link ProgressTable#recordAndCommit}).
 * Without a queued batch no transaction is left open: a stream that waits for its next batch holds none.
 */
final class BatchWriter implements AutoCloseable {
  private final StreamConnection connection;
  private final ProgressTable progress;
  private final RejectsFile rejects;
  private final DuplicatePolicy duplicates;
  private final RowByRowWriter rowByRow;
  private final CopyLoader copy = new CopyLoader(new CopyBatching(Long.MAX_VALUE, Long.MAX_VALUE));
  private final BooleanSupplier nextQueued;

  /** @param nextQueued whether another batch waits in the queue, so the stream may open its transaction ahead */
  BatchWriter(ConnectionSupplier connections, ProgressTable progress, RejectsFile rejects, DuplicatePolicy duplicates,
              boolean asyncCommits, List<String> sessionSettings, BooleanSupplier nextQueued) {
    this.nextQueued = nextQueued;
    this.connection = new StreamConnection(connections, asyncCommits, sessionSettings);
    this.progress = progress;
    this.rejects = rejects;
    this.duplicates = duplicates;
    this.rowByRow = new RowByRowWriter(connection, progress, rejects, duplicates);
  }

  /** Opens the stream's connection before its first batch ({@link StreamConnection#openEarly}). */
  void openEarly() {
    connection.openEarly();
  }

  /** What one batch became. */
  record Outcome(long loaded, long rejected, long skipped, long updated, long repeatedFields) {}

  /**
   * Writes a batch and commits it with its checkpoint.
   *
   * @throws SQLException when the server refuses the batch as a whole (not one of its documents)
   * @throws IOException  when the rejects file cannot be written
   */
  Outcome write(Batch batch) throws SQLException, IOException {
    BatchSettlement settlement = new BatchSettlement(batch, duplicates);
    try {
      return copySettling(batch, settlement);
    } catch (SQLException e) {
      connection.rollbackQuietly(e);
      if (!CopyFailures.worthRowByRow(e)) {
        rejects.write(settlement.finish().refused);
        throw e;
      }
    } catch (LoadException e) {
      // the COPY text encoder refused a value; the row-by-row path finds which row and rejects it
      connection.rollbackQuietly(e);
    } catch (BatchSettlement.LaterDocumentWins e) {
      // --on-duplicate update met an _id twice in the batch after the first row was sent: load the settled batch
      connection.rollbackQuietly(e);
      BatchSettlement.Settled settled = settlement.finish();
      rejects.write(settled.refused);
      try {
        return copySettled(batch, settled);
      } catch (SQLException f) {
        connection.rollbackQuietly(f);
        if (!CopyFailures.worthRowByRow(f)) {
          throw f;
        }
      } catch (LoadException f) {
        connection.rollbackQuietly(f);
      }
    } catch (IOException | RuntimeException | Error e) {
      connection.rollbackQuietly(e);
      throw e;
    }
    BatchSettlement.Settled settled = settlement.finish();
    rejects.write(settled.refused);
    return rowByRow.write(batch, settled);
  }

  /**
   * COPY with settling overlapping: each document is settled as the COPY asks for the next row, so the server stores
   * the rows already sent meanwhile. The rejects and the checkpoint follow the COPY in the same transaction.
   */
  private Outcome copySettling(Batch batch, BatchSettlement settlement) throws SQLException, IOException {
    Connection c = connection.transaction();
    copy.copyWithoutCommit(c, batch.run().table(), settlement.streamed());
    BatchSettlement.Settled settled = settlement.finish();
    List<RejectsFile.Entry> notes = RejectEntries.repeatedFieldNotes(batch.run(), settled.rows.values());
    Outcome outcome = new Outcome(settled.rows.size() + settled.updated, settled.refused.size(), settled.skipped,
        settled.updated, notes.size());
    rejects.write(settled.refused);
    rejects.write(notes);
    progress.recordAndCommit(c, checkpoint(batch, outcome), nextQueued.getAsBoolean());
    return outcome;
  }

  /** COPY of a batch settled beforehand (its rejects are written already). */
  private Outcome copySettled(Batch batch, BatchSettlement.Settled settled) throws SQLException, IOException {
    Connection c = connection.transaction();
    List<RejectsFile.Entry> notes = RejectEntries.repeatedFieldNotes(batch.run(), settled.rows.values());
    Outcome outcome = new Outcome(settled.rows.size() + settled.updated, settled.refused.size(), settled.skipped,
        settled.updated, notes.size());
    rejects.write(notes);
    progress.record(c, checkpoint(batch, outcome));
    if (settled.rows.isEmpty()) {
      c.commit();
    } else {
      copy.load(c, batch.run().table(), settled.rows.values().stream().map(BatchRow::encoded).iterator());
      // commits the rows and the checkpoint together
    }
    return outcome;
  }

  static ProgressTable.Checkpoint checkpoint(Batch batch, Outcome outcome) {
    CollectionRun run = batch.run();
    return new ProgressTable.Checkpoint(run.source(), run.table().qualifiedName(), batch.firstIndex(), batch.lastIndex(),
        outcome.loaded(), outcome.rejected(), outcome.skipped(), outcome.updated(), batch.bytes(), batch.endOfStream(),
        batch.stopReason());
  }

  /** The stream's open connection after its last batch, for the caller to close; null when none is open. */
  Connection detachConnection() {
    return connection.detach();
  }

  /** Drops the connection after a failure that may have left it unusable; the next batch opens a new one. */
  void closeConnection() {
    connection.close();
  }

  @Override
  public void close() {
    connection.close();
  }
}
