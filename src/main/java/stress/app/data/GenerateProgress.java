package stress.app.data;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;
import stress.dump.generate.GenerationListener;

/**
 * Prints {@code generate: 450000/1000000 docs (45.0%), 19.4 MB BSON, 612000 docs/s} at most once per interval
 * (2 s by default). MB are 10^6 bytes of uncompressed BSON.
 */
final class GenerateProgress implements GenerationListener {
  private static final long DEFAULT_INTERVAL_NANOS = 2_000_000_000L;

  private final PrintStream out;
  private final long totalDocs;
  private final LongSupplier nanoClock;
  private final long intervalNanos;
  private final long started;
  private long lastPrinted;

  GenerateProgress(PrintStream out, long totalDocs) {
    this(out, totalDocs, System::nanoTime, DEFAULT_INTERVAL_NANOS);
  }

  GenerateProgress(PrintStream out, long totalDocs, LongSupplier nanoClock, long intervalNanos) {
    this.out = Objects.requireNonNull(out, "out");
    this.totalDocs = totalDocs;
    this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
    this.intervalNanos = intervalNanos;
    this.started = nanoClock.getAsLong();
    this.lastPrinted = started;
  }

  @Override
  public void onProgress(long docs, long bsonBytes) {
    long now = nanoClock.getAsLong();
    if (docs >= totalDocs || now - lastPrinted < intervalNanos) {
      return; // the final line is printed by the job, with the file sizes
    }
    lastPrinted = now;
    out.printf(Locale.ROOT, "generate: %d/%d docs (%.1f%%), %.1f MB BSON, %d docs/s%n", docs, totalDocs,
        100.0 * docs / totalDocs, bsonBytes / 1e6, Math.round(docs / seconds()));
  }

  /** Seconds since this listener was made. */
  double seconds() {
    return Math.max(1e-9, (nanoClock.getAsLong() - started) / 1e9);
  }
}
