package stress.dump;

import java.io.Closeable;
import java.io.IOException;
import java.util.function.BooleanSupplier;
import stress.dump.bson.BsonWalker;
import stress.dump.bson.FrameReader;
import stress.dump.document.DumpDocument;
import stress.dump.document.ReadItem;
import stress.dump.document.Rejection;

/**
 * The documents of one collection, read one at a time in dump order. Each call of {@link #next()}
 * yields a {@link DumpDocument}, or, under {@link ReadPolicy#SKIP}, a {@link Rejection} for a document
 * that cannot be decoded; {@code null} marks the clean end. A corrupt stream ends with a
 * {@link DumpFormatException} (one line naming the file and byte offset) that carries the rejected
 * document when there is one. So every document met is yielded, rejected, or named by the exception:
 * none is dropped silently.
 *
 * <p>Not thread-safe. Close it (try-with-resources) to release the file.
 */
public abstract class DocumentStream implements Closeable {
  private final String source;
  private final ReadPolicy policy;
  private long documents;
  private long rejections;
  private long index;
  private boolean decodeCheck = true;

  DocumentStream(String source, ReadPolicy policy) {
    this.source = source;
    this.policy = policy;
  }

  /**
   * The next document or rejection, or null at the end of the collection.
   *
   * @throws DumpFormatException when the input is corrupt and reading must stop
   * @throws IOException         when the file cannot be read
   */
  public abstract ReadItem next() throws IOException;

  /** Where the documents come from: a file path, with the namespace for archives. */
  public String source() {
    return source;
  }

  /** The policy this stream applies to undecodable documents. */
  public ReadPolicy policy() {
    return policy;
  }

  /** Good documents yielded so far. */
  public long documentsRead() {
    return documents;
  }

  /** Rejections yielded so far (not counting one carried by a final {@link DumpFormatException}). */
  public long rejected() {
    return rejections;
  }

  /**
   * From now on yields every complete frame as a {@link DumpDocument} without decoding it, for a reader that decodes
   * each document once anyway ({@link DocumentConverter#write}, or only the {@code _id}): that reader applies the
   * {@link ReadPolicy} to what does not decode. Framing errors still end the stream as described above.
   *
   * @return this stream
   */
  public DocumentStream withoutDecodeCheck() {
    decodeCheck = false;
    return this;
  }

  /**
   * Shows {@code ids} the {@code _id} of every document from here on, to the end of the stream or until
   * {@code stopping}: what {@link IdTypeDetector#acceptIdOnly} counts for each document {@link #next()} yields (read
   * without a decode check). Under {@link ReadPolicy#ABORT} it stops at a document whose {@code _id} cannot be read and
   * returns it; else null. A stream may read less of each document than {@link #next()} would: a plain BSON file
   * reads only the start of a document whose {@code _id} is there, and skips the rest.
   *
   * @throws DumpFormatException when the framing is lost, as {@link #next()}
   */
  public DumpDocument countIds(IdTypeDetector ids, BooleanSupplier stopping) throws IOException {
    withoutDecodeCheck();
    ReadItem item;
    while (!stopping.getAsBoolean() && (item = next()) != null) {
      if (item instanceof DumpDocument document && !ids.acceptIdOnly(document) && policy == ReadPolicy.ABORT) {
        return document;
      }
    }
    return null;
  }

  /** A document whose {@code _id} was counted from its first bytes: counted as read, the next index taken. */
  final void countedFromHead() {
    documents++;
    index++;
  }

  /** Turns a complete frame into a document, or a rejection when it does not decode. */
  final ReadItem document(long offset, byte[] bytes) throws DumpFormatException {
    String problem = decodeCheck ? BsonWalker.decodingProblem(bytes) : null;
    if (problem == null) {
      documents++;
      return new DumpDocument(source, offset, index++, bytes);
    }
    Rejection rejection = new Rejection(source, offset, index++, bytes.length, problem, bytes);
    if (policy == ReadPolicy.ABORT) {
      throw new DumpFormatException(rejection);
    }
    rejections++;
    return rejection;
  }

  /**
   * A document of text that cannot be read although the stream can go on after it (a line of a JSON export): a
   * rejection under {@link ReadPolicy#SKIP}, the exception that ends the stream under {@link ReadPolicy#ABORT}.
   */
  final ReadItem rejected(long offset, long length, String problem, String text) throws DumpFormatException {
    Rejection rejection = new Rejection(source, offset, index++, length, problem, null, text);
    if (policy == ReadPolicy.ABORT) {
      throw new DumpFormatException(rejection);
    }
    rejections++;
    return rejection;
  }

  /** The exception that ends the stream when the framing is lost at {@code frame}. */
  final DumpFormatException framingLost(FrameReader.Frame frame) {
    return new DumpFormatException(new Rejection(source, frame.offset(), index++, frame.length(),
        frame.problem(), frame.bytes()));
  }
}
