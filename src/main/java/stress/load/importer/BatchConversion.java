package stress.load.importer;

import java.util.List;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.DumpFormatException;
import stress.dump.document.ReadItem;
import stress.dump.ReadPolicy;
import stress.dump.document.Rejection;
import stress.dump.document.UndecodableDocumentException;
import stress.load.ByteSlab;
import stress.load.EncodedRow;

/**
 * The conversion of one framed batch on the conversion pool: each document decoded once into its COPY row, documents
 * and rows packed in a few large arrays, refused documents kept as their rejections in place. Each item is handed to
 * the batch's {@link BatchItems} as soon as it is made, so its load stream can send it while the rest are converted.
 */
final class BatchConversion {
  private BatchConversion() {}

  /** Largest array a batch's documents or rows are packed into; a larger batch takes several. */
  private static final int MAX_SLAB_CHUNK = 16 << 20;

  /**
   * Converts one framed batch into {@code out}, keeping its documents and rows packed in a few large arrays (see
   * {@link ByteSlab}), and ends it; a failure ends it too, so nobody waits for items that will not come. Under
   * --on-error abort, the first undecodable document ends it (that document rejected, the rest dropped) and gives the
   * reason the collection stops.
   */
  static void convert(CollectionRun run, List<ReadItem> framed, ReadPolicy onError, BatchItems out) {
    try {
      convertInto(run, framed, onError, out);
    } catch (RuntimeException | Error e) {
      out.fail(e);
      throw e;
    }
  }

  private static void convertInto(CollectionRun run, List<ReadItem> framed, ReadPolicy onError, BatchItems out) {
    long documentBytes = 0;
    for (ReadItem item : framed) {
      documentBytes += item instanceof DumpDocument ? item.length() : 0;
    }
    int chunk = (int) Math.max(1, Math.min(MAX_SLAB_CHUNK, documentBytes));
    ByteSlab documents = new ByteSlab(chunk);
    // COPY text is usually a little longer than the BSON; a longer one takes another chunk
    ByteSlab rows = new ByteSlab((int) Math.min(MAX_SLAB_CHUNK, documentBytes + documentBytes / 4 + 4096));
    DocumentEncoder encoder = new DocumentEncoder(run.converter(), run.table().layout());
    long bytes = 0;
    String abortReason = null;
    for (ReadItem item : framed) {
      BatchItem entry;
      if (item instanceof DumpDocument document) {
        try {
          EncodedRow row = encoder.encode(document, rows);
          int at = documents.add(document.bytes(), 0, document.bytes().length);
          entry = new KeptDocument(document.source(), document.offset(), document.index(), documents.array(), at,
              document.bytes().length, row, encoder.repeatedFields());
        } catch (UndecodableDocumentException e) {
          entry = new BatchItem.Refused(e.rejection());
          if (onError == ReadPolicy.ABORT) {
            abortReason = new DumpFormatException(e.rejection()).getMessage();
          }
        } catch (DocumentRejectedException e) {
          entry = new BatchItem.Refused(e.rejection());
        }
      } else {
        entry = new BatchItem.Refused((Rejection) item);
      }
      out.add(entry);
      bytes += item.length();
      if (abortReason != null) {
        break;
      }
    }
    out.end(bytes, abortReason);
  }
}
