package stress.dump;

/** What a {@link DocumentStream} does with a document it cannot decode. */
public enum ReadPolicy {
  /**
   * Stop the collection at the first bad document: {@link DocumentStream#next()} throws a
   * {@link DumpFormatException} carrying the {@link Rejection}; documents read before stay good.
   */
  ABORT,
  /**
   * Yield a {@link Rejection} for the bad document and go on at the next length prefix. When the
   * framing itself is lost (bad or truncated length prefix) there is no next prefix to trust, so the
   * stream stops with a {@link DumpFormatException} as under {@link #ABORT}.
   */
  SKIP
}
