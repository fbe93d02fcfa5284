package stress.load.importer;

import java.util.concurrent.atomic.LongAdder;
import stress.load.importer.progress.LoadStreamTime;

/** Times an import's load streams for {@link LoadStreamTime}: one clock per stream, summed when each ends. */
final class StreamClocks {
  private final LongAdder loadingNanos = new LongAdder();
  private final LongAdder waitingNanos = new LongAdder();

  /** A clock for one stream, running from its first batch. */
  Clock clock() {
    return new Clock();
  }

  LoadStreamTime total() {
    return new LoadStreamTime(loadingNanos.sum() / 1e9, waitingNanos.sum() / 1e9);
  }

  /** One stream's clock; used by its own thread only. */
  final class Clock {
    private long first;
    private long waited;

    /** The stream took a batch, or the end marker, at {@code now} after waiting since {@code since}. */
    void took(long since, long now) {
      if (first == 0) {
        first = now; // before its first batch a stream waits for the set-up, not for the load
      } else {
        waited += now - since;
      }
    }

    /** The stream wrote {@code batch}, waiting inside it for documents not converted yet. */
    void wrote(Batch batch) {
      waited += batch.streamed().waitedNanos();
    }

    /** The stream ended at {@code now}. */
    void end(long now) {
      if (first != 0) {
        loadingNanos.add(now - first);
        waitingNanos.add(waited);
      }
    }
  }
}
