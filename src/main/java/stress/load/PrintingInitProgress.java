package stress.load;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Prints progress lines such as {@code init: 450000/1000000 docs (45.0%), 21.3 MB, 150000 docs/s}, at most one
 * per interval (2 s by default), and a final line when done. MB are 10^6 bytes of COPY data.
 */
public final class PrintingInitProgress implements InitProgressListener {
  private static final long DEFAULT_INTERVAL_NANOS = 2_000_000_000L;

  private final PrintStream out;
  private final long totalDocs;
  private final LongSupplier nanoClock;
  private final long intervalNanos;
  private long lastPrinted;

  /** Prints to {@code out}, at most every 2 s, the percentage of {@code totalDocs}. */
  public PrintingInitProgress(PrintStream out, long totalDocs) {
    this(out, totalDocs, System::nanoTime, DEFAULT_INTERVAL_NANOS);
  }

  /** As above with a clock and interval of the caller's choosing (tests use a fake clock). */
  public PrintingInitProgress(PrintStream out, long totalDocs, LongSupplier nanoClock, long intervalNanos) {
    this.out = Objects.requireNonNull(out, "out");
    this.totalDocs = totalDocs;
    this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
    this.intervalNanos = intervalNanos;
    this.lastPrinted = nanoClock.getAsLong();
  }

  @Override
  public void onProgress(long docs, long bytes, double seconds) {
    long now = nanoClock.getAsLong();
    if (now - lastPrinted < intervalNanos) {
      return;
    }
    lastPrinted = now;
    double percent = totalDocs == 0 ? 100.0 : 100.0 * docs / totalDocs;
    out.printf(Locale.ROOT, "init: %d/%d docs (%.1f%%), %.1f MB, %d docs/s%n", docs, totalDocs, percent, bytes / 1e6,
        rate(docs, seconds));
  }

  @Override
  public void onComplete(long docs, long bytes, double seconds) {
    out.printf(Locale.ROOT, "init: done, %d docs, %.1f MB in %.1f s, %d docs/s%n", docs, bytes / 1e6, seconds,
        rate(docs, seconds));
  }

  private static long rate(long docs, double seconds) {
    return seconds > 0 ? Math.round(docs / seconds) : 0;
  }
}
