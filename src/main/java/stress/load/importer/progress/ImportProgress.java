package stress.load.importer.progress;

import java.util.OptionalDouble;

/**
 * How far an import has come: documents and BSON bytes in committed batches.
 *
 * @param collections     collections to import
 * @param collectionsDone collections finished
 * @param docs            documents accounted for (loaded or rejected), earlier runs included
 * @param bytes           their BSON bytes
 * @param docsThisRun     documents of this run, for rates
 * @param bytesThisRun    bytes of this run, for rates
 * @param seconds         seconds since the import started
 * @param expectedBytes   BSON bytes of the whole import when known from file sizes (gzip: from the gzip
 *                        trailer), else -1
 * @param expectedDocs    documents of the whole import when known (verified archives), else -1
 */
public record ImportProgress(int collections, int collectionsDone, long docs, long bytes, long docsThisRun,
                             long bytesThisRun, double seconds, long expectedBytes, long expectedDocs) {

  public double docsPerSecond() {
    return seconds > 0 ? docsThisRun / seconds : 0;
  }

  /** Megabytes (10^6 bytes) of BSON per second. */
  public double mbPerSecond() {
    return seconds > 0 ? bytesThisRun / 1e6 / seconds : 0;
  }

  /** Share done, 0..1, when the size of the whole import is known. */
  public OptionalDouble fractionDone() {
    if (expectedBytes > 0) {
      return OptionalDouble.of(Math.min(1.0, (double) bytes / expectedBytes));
    }
    if (expectedDocs > 0) {
      return OptionalDouble.of(Math.min(1.0, (double) docs / expectedDocs));
    }
    return expectedBytes == 0 || expectedDocs == 0 ? OptionalDouble.of(1.0) : OptionalDouble.empty();
  }

  /** Seconds left at this run's rate, when the size is known and something was loaded. */
  public OptionalDouble etaSeconds() {
    if (expectedBytes > 0 && bytesThisRun > 0) {
      return OptionalDouble.of(Math.max(0, expectedBytes - bytes) / (bytesThisRun / seconds));
    }
    if (expectedBytes < 0 && expectedDocs > 0 && docsThisRun > 0) {
      return OptionalDouble.of(Math.max(0, expectedDocs - docs) / (docsThisRun / seconds));
    }
    return OptionalDouble.empty();
  }
}
