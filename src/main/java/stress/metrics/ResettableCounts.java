package stress.metrics;

/**
 * Counts that grow one interval at a time (one per operation, or a single one): the last interval's count, the total
 * seen, and the total since the last reset, so a reset at the end of warm-up forgets nothing an interval shows.
 * Not thread-safe: used by the reporter under the recorder's lock.
 */
final class ResettableCounts {
  private final long[] seen;
  private final long[] inInterval;
  private long[] atReset;

  ResettableCounts(int size) {
    seen = new long[size];
    inInterval = new long[size];
    atReset = new long[size];
  }

  /** Closes an interval in which {@code index} counted {@code count}. */
  void closeInterval(int index, long count) {
    inInterval[index] = count;
    seen[index] += count;
  }

  /** The count of the last closed interval. */
  long interval(int index) {
    return inInterval[index];
  }

  /** Everything counted since the last {@link #reset}. */
  long sinceReset(int index) {
    return seen[index] - atReset[index];
  }

  /** Measuring starts now: what was seen so far no longer counts towards {@link #sinceReset}. */
  void reset() {
    atReset = seen.clone();
  }
}
