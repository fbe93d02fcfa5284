package stress.dump.generate;

/** Told how far the writing of a generated dump has got; called from the writing thread. */
@FunctionalInterface
public interface GenerationListener {
  /** A listener that ignores progress. */
  GenerationListener NONE = (docs, bsonBytes) -> { };

  /**
   * Called every {@link DocumentTally#REPORT_EVERY} documents and once after the last one.
   *
   * @param docs      documents written so far
   * @param bsonBytes their BSON size in bytes (before any compression)
   */
  void onProgress(long docs, long bsonBytes);
}
