package stress.metrics;

/** Per-second rates. */
final class Rates {
  private Rates() {}

  /** {@code amount / seconds}, or 0 for no time at all (an empty interval has no rate, and JSON has no infinity). */
  static double perSecond(long amount, double seconds) {
    return seconds > 0 ? amount / seconds : 0.0;
  }

  static double seconds(long nanos) {
    return nanos / 1_000_000_000.0;
  }
}
