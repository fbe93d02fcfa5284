package stress.dump.document;

/**
 * A document whose bytes do not decode as BSON, found while converting it. Its {@link Rejection} has the
 * reason a checking {@link DocumentStream} would have given, so the caller can apply its {@link ReadPolicy}
 * exactly as the stream would have.
 */
public final class UndecodableDocumentException extends DocumentRejectedException {
  private static final long serialVersionUID = 1L;

  UndecodableDocumentException(Rejection rejection) {
    super(rejection);
  }
}
