package stress.load;

/**
 * Hears how far {@link DatasetInitializer} has come. Called from the thread that called
 * {@code initialize}, a few times a second, so implementations need no locking and should throttle output.
 */
public interface InitProgressListener {
  /** A listener that ignores everything. */
  InitProgressListener NONE = (docs, bytes, seconds) -> { };

  /**
   * The tables are ready and every check has passed: loading starts now. Not called when reused tables already
   * held rows, since nothing is loaded; so whatever this announces is what happens.
   */
  default void onLoading(PreparedTable prepared) {
  }

  /**
   * Progress so far.
   *
   * @param docs    documents committed into both tables
   * @param bytes   bytes of COPY data sent for them
   * @param seconds seconds since loading started
   */
  void onProgress(long docs, long bytes, double seconds);

  /**
   * Loading and ANALYZE are done; {@code seconds} is the whole initialization. Not called when reused tables
   * already held rows, since nothing was loaded.
   */
  default void onComplete(long docs, long bytes, double seconds) {
  }
}
