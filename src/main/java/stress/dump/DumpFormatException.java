package stress.dump;

import java.io.IOException;
import java.util.Optional;
import stress.dump.document.Rejection;

/**
 * Corrupt dump input: a bad length prefix, a truncated file, an undecodable document under
 * {@link ReadPolicy#ABORT}, a bad archive magic number or framing, a CRC mismatch. The message is one
 * line naming the file and the byte offset. When the failure concerns one document, the
 * {@link Rejection} describing it (with its bytes when readable) is attached, so a caller can keep it.
 */
public class DumpFormatException extends IOException {
  private final String source;
  private final long offset;
  private final transient Rejection rejection;

  /** A failure at a byte offset that is not about one document (archive framing, CRC, magic). */
  public DumpFormatException(String source, long offset, String reason) {
    super(source + ": " + reason + " (byte offset " + offset + ")");
    this.source = source;
    this.offset = offset;
    this.rejection = null;
  }

  /** A failure about one document; the message is the rejection's line. */
  public DumpFormatException(Rejection rejection) {
    super(rejection.describe());
    this.source = rejection.source();
    this.offset = rejection.offset();
    this.rejection = rejection;
  }

  /** The file (and archive namespace) that is corrupt. */
  public String source() {
    return source;
  }

  /** The byte offset in the (uncompressed) stream where reading stopped. */
  public long offset() {
    return offset;
  }

  /** The document that stopped reading, when the failure is about one document. */
  public Optional<Rejection> rejection() {
    return Optional.ofNullable(rejection);
  }
}
