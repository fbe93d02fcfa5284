package stress.load;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.LongSupplier;

/**
 * Prints the progress of {@code init}. On a terminal ({@link #withBar}) a progress bar redrawn in place: documents
 * of the total, percentage, elapsed time and ETA, MB and docs/s. Otherwise (a file, a pipe, a CI log) a plain line
 * such as {@code init: 450000/1000000 docs (45.0%), 21.3 MB, 150000 docs/s} at most once per interval (2 s by
 * default), none before the first batch has landed nor while no other batch has landed since the last line. Either
 * way a final line when done. MB are 10^6 bytes of COPY data. {@link #close} ends a bar that {@link #onComplete} did
 * not (init failed), so that an error message starts on a line of its own.
 */
public final class PrintingInitProgress implements InitProgressListener, AutoCloseable {
  private static final long DEFAULT_INTERVAL_NANOS = 2_000_000_000L;

  private final PrintStream out;
  private final long totalDocs;
  private final LongSupplier nanoClock;
  private final long intervalNanos;
  /** Columns of the bar (0: the terminal's), or -1 for plain lines. */
  private final int barWidth;
  private TerminalBar bar;
  private long lastPrinted;
  /** The count the last plain line gave: a line repeating it (a batch slower than the interval) says nothing. */
  private long lastDocs;

  /** Plain lines to {@code out}, at most every 2 s, with the percentage of {@code totalDocs}. */
  public PrintingInitProgress(PrintStream out, long totalDocs) {
    this(out, totalDocs, System::nanoTime, DEFAULT_INTERVAL_NANOS);
  }

  /** Plain lines with a clock and interval of the caller's choosing (tests use a fake clock). */
  public PrintingInitProgress(PrintStream out, long totalDocs, LongSupplier nanoClock, long intervalNanos) {
    this(out, totalDocs, nanoClock, intervalNanos, -1);
  }

  private PrintingInitProgress(PrintStream out, long totalDocs, LongSupplier nanoClock, long intervalNanos,
      int barWidth) {
    this.out = Objects.requireNonNull(out, "out");
    this.totalDocs = totalDocs;
    this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
    this.intervalNanos = intervalNanos;
    this.barWidth = barWidth;
    this.lastPrinted = nanoClock.getAsLong();
  }

  /**
   * A progress bar on {@code out}, which should be a terminal.
   *
   * @param width columns to draw in, 0 for the terminal's width
   */
  public static PrintingInitProgress withBar(PrintStream out, long totalDocs, int width) {
    if (width < 0) {
      throw new IllegalArgumentException("progress bar width must be 0 (the terminal's) or more, got " + width);
    }
    return new PrintingInitProgress(out, totalDocs, System::nanoTime, DEFAULT_INTERVAL_NANOS, width);
  }

  /** A bar at the terminal's width when {@code terminal}, plain lines otherwise. */
  public static PrintingInitProgress forOutput(PrintStream out, long totalDocs, boolean terminal) {
    return terminal ? withBar(out, totalDocs, 0) : new PrintingInitProgress(out, totalDocs);
  }

  @Override
  public void onProgress(long docs, long bytes, double seconds) {
    if (barWidth >= 0) {
      bar().update(docs, barText(bytes, docs, seconds), eta(docs, seconds));
      return;
    }
    long now = nanoClock.getAsLong();
    if (docs == lastDocs || now - lastPrinted < intervalNanos) {
      return; // lines start once the first batch has landed, and only when another one has landed since
    }
    lastPrinted = now;
    lastDocs = docs;
    double percent = totalDocs == 0 ? 100.0 : 100.0 * docs / totalDocs;
    out.printf(Locale.ROOT, "init: %d/%d docs (%.1f%%), %.1f MB, %d docs/s%n", docs, totalDocs, percent, bytes / 1e6,
        rate(docs, seconds));
  }

  @Override
  public void onComplete(long docs, long bytes, double seconds) {
    if (barWidth >= 0) {
      bar().finish(docs, barText(bytes, docs, seconds), true);
    }
    out.printf(Locale.ROOT, "init: done, %d docs, %.1f MB in %.1f s, %d docs/s%n", docs, bytes / 1e6, seconds,
        rate(docs, seconds));
  }

  /** Ends the bar's line where it stands, unless {@link #onComplete} already did; plain lines need nothing. */
  @Override
  public void close() {
    if (bar != null && !bar.finished()) {
      bar.finish(bar.current(), null, false);
    }
  }

  /** Made at the first report, so the bar's clock starts when loading does. */
  private TerminalBar bar() {
    if (bar == null) {
      bar = new TerminalBar(out, barWidth, "init", "docs", 1, totalDocs);
    }
    return bar;
  }

  private static String barText(long bytes, long docs, double seconds) {
    return String.format(Locale.ROOT, "%.1f MB, %d docs/s", bytes / 1e6, rate(docs, seconds));
  }

  private OptionalDouble eta(long docs, double seconds) {
    return docs > 0 && seconds > 0 ? OptionalDouble.of(Math.max(0, totalDocs - docs) * seconds / docs)
        : OptionalDouble.empty();
  }

  private static long rate(long docs, double seconds) {
    return seconds > 0 ? Math.round(docs / seconds) : 0;
  }
}
