package stress.load;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar redrawn in place on a terminal (me.tongfei:progressbar), with whole lines printed above it
 * without the two mixing. The bar is drawn by the library's timer thread; the caller sets its state with
 * {@link #update} and ends it with {@link #finish}, which draws the final state and a line break. The ETA
 * shown is the caller's (it knows what an earlier run already did), not the library's estimate.
 *
 * <p>Not for files and pipes: there a redrawn line turns into one line per redraw; print plain lines instead.
 */
public final class TerminalBar {
  private static final int REDRAW_MILLIS = 500;

  private final PrintStream out;
  /** Guards the screen: the timer thread's redraws and {@link #println} never interleave. */
  private final Object screen = new Object();
  private final ProgressBarConsumer console;
  private final LockedConsumer locked = new LockedConsumer();
  private final ProgressBar bar;
  private volatile Optional<Duration> eta = Optional.empty();
  private boolean finished;

  /**
   * Starts drawing at once.
   *
   * @param out      where to draw, normally {@code System.out} when it is a terminal
   * @param width    columns to draw in; 0 for the terminal's width
   * @param task     the text before the bar, e.g. {@code init}
   * @param unit     the unit of the counts, e.g. {@code MB}; the bar shows {@code current/max unit}
   * @param unitSize how many counted items make one unit (10^6 bytes for MB, 1 for docs)
   * @param max      the count when done, or -1 when unknown (the bar then shows no percentage)
   */
  public TerminalBar(PrintStream out, int width, String task, String unit, long unitSize, long max) {
    this.out = Objects.requireNonNull(out, "out");
    if (width < 0) {
      throw new IllegalArgumentException("progress bar width must be 0 (the terminal's) or more, got " + width);
    }
    console = width == 0 ? new ConsoleProgressBarConsumer(out) : new ConsoleProgressBarConsumer(out, width);
    bar = new ProgressBarBuilder()
        .setTaskName(task)
        .setInitialMax(max)
        .setUnit(" " + unit, unitSize)
        .setStyle(ProgressBarStyle.UNICODE_BLOCK)
        .setUpdateIntervalMillis(REDRAW_MILLIS)
        .setEtaFunction(state -> eta)
        .setConsumer(locked)
        .build();
  }

  /**
   * The state to draw at the next redraw.
   *
   * @param current    the count so far
   * @param extra      text after the bar (rates, collections done), may be empty; null keeps the last one
   * @param etaSeconds seconds left, when known
   */
  public void update(long current, String extra, OptionalDouble etaSeconds) {
    eta = etaSeconds.isPresent() ? Optional.of(Duration.ofSeconds(Math.round(etaSeconds.getAsDouble())))
        : Optional.empty();
    if (extra != null) {
      bar.setExtraMessage(extra);
    }
    bar.stepTo(current);
  }

  /** Prints a whole line; the bar is cleared first and drawn again below it at the next redraw. */
  public void println(String line) {
    synchronized (screen) {
      if (!finished) {
        out.print("\r" + " ".repeat(Math.max(0, console.getMaxRenderedLength())) + "\r");
      }
      out.println(line);
      out.flush();
    }
  }

  /**
   * Draws the final state and ends the bar's line; nothing is drawn afterwards. A second call does nothing.
   *
   * @param extra    as for {@link #update}; null keeps the last text
   * @param complete true when the work is done: the total becomes {@code current}, so the bar ends at 100% even
   *                 when the total was unknown or only estimated; false (interrupted) keeps the total
   */
  public void finish(long current, String extra, boolean complete) {
    if (finished()) {
      return;
    }
    update(current, extra, complete ? OptionalDouble.of(0) : OptionalDouble.empty());
    if (complete) {
      bar.maxHint(current);
    }
    bar.close(); // draws the final state on the timer thread and waits for it
    // the library skips its closing line break when the bar ends before its first scheduled draw
    locked.close();
    synchronized (screen) {
      finished = true;
    }
  }

  /** True once {@link #finish} has run. */
  public boolean finished() {
    synchronized (screen) {
      return finished;
    }
  }

  /** What the library's timer threads render through (for tests: a redraw that comes late, after the end). */
  ProgressBarConsumer consumer() {
    return locked;
  }

  /** The count last set. */
  public long current() {
    return bar.getCurrent();
  }

  /**
   * The library's consumer, serialised with {@link #println}. It ignores everything after its close: at the end
   * the library may render on two timer threads at once (the periodic redraw and the final one), and a late redraw
   * would land after the bar's line break.
   */
  private final class LockedConsumer implements ProgressBarConsumer {
    private boolean closed;

    @Override
    public int getMaxRenderedLength() {
      return console.getMaxRenderedLength();
    }

    @Override
    public void accept(String rendered) {
      synchronized (screen) {
        if (!closed) {
          console.accept(rendered);
          out.flush();
        }
      }
    }

    @Override
    public void close() {
      synchronized (screen) {
        if (!closed) {
          closed = true;
          console.close();
        }
      }
    }
  }
}
