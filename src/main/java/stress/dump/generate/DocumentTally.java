package stress.dump.generate;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;
import stress.dump.Crc64;

/**
 * Generates the documents of a plan's ranges, writes their bytes and counts them for the listener. The
 * bytes written are exactly those of {@link DocumentGenerator#generate(long)}.
 */
final class DocumentTally {
  /**
   * Documents between two progress calls: often enough for a 2 s display even when large documents are
   * slow, rare enough to cost nothing.
   */
  static final int REPORT_EVERY = 256;

  private final DocumentGenerator generator;
  private final GenerationListener listener;
  private long docs;
  private long bsonBytes;

  DocumentTally(DumpPlan plan, GenerationListener listener) {
    this.generator = new DocumentGenerator(plan.shape(), plan.seed());
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  /** Writes documents {@code firstId..lastId} to {@code out}, adding each to {@code crc} when it is not null. */
  void write(DumpPlan.CollectionRange range, OutputStream out, Crc64 crc) throws IOException {
    for (long id = range.firstId(); id <= range.lastId(); id++) {
      ByteBuffer bytes = generator.generate(id).document().getByteBuffer().asNIO();
      byte[] array;
      int offset;
      int length = bytes.remaining();
      if (bytes.hasArray()) {
        array = bytes.array();
        offset = bytes.arrayOffset() + bytes.position();
      } else {
        array = new byte[length];
        bytes.get(array);
        offset = 0;
      }
      out.write(array, offset, length);
      if (crc != null) {
        crc.update(array, offset, length);
      }
      docs++;
      bsonBytes += length;
      if (docs % REPORT_EVERY == 0) {
        listener.onProgress(docs, bsonBytes);
      }
    }
  }

  /** Tells the listener the final counts. */
  void finish() {
    listener.onProgress(docs, bsonBytes);
  }

  long docs() {
    return docs;
  }

  long bsonBytes() {
    return bsonBytes;
  }
}
