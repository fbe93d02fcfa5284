package stress.dump.document;

import java.util.Objects;

/**
 * A document that reads as good BSON but cannot become a row: no {@code _id}, an {@code _id} that does
 * not fit the column type, or content jsonb cannot hold. Carries the {@link Rejection} (raw bytes
 * included) so the caller can keep the document.
 */
public class DocumentRejectedException extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient Rejection rejection;

  public DocumentRejectedException(Rejection rejection) {
    super(Objects.requireNonNull(rejection, "rejection").describe());
    this.rejection = rejection;
  }

  /** The rejected document, with its source, offset, index, reason and bytes. */
  public Rejection rejection() {
    return rejection;
  }

  static DocumentRejectedException of(DumpDocument document, String reason) {
    return new DocumentRejectedException(new Rejection(document.source(), document.offset(), document.index(),
        document.length(), reason, document.bytes()));
  }
}
