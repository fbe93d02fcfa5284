package stress.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Tracks outages over all workers of a phase: the first connection failure opens one, the first success
 * after it closes it. The success path only reads one volatile long while no outage is open.
 */
final class OutageClock {
  /**
   * Windows closer than this are one outage: right after a restart, a pool may still hand out a connection
   * that died with the old server, and that failure belongs to the same event.
   */
  static final long MERGE_GAP_NANOS = 1_000_000_000L;
  private static final long NONE = Long.MIN_VALUE;

  private final AtomicLong openSince = new AtomicLong(NONE);
  private final AtomicReference<String> openState = new AtomicReference<>();
  /** Closed windows as {start, end} nanoTime pairs with their first SQLState; guarded by itself. */
  private final List<Window> closed = new ArrayList<>();

  private record Window(long start, long end, String sqlState) {}

  void connectionLost(long nowNanos, String sqlState) {
    if (openSince.get() == NONE && openSince.compareAndSet(NONE, nowNanos)) {
      openState.set(sqlState);
    }
  }

  boolean open() {
    return openSince.get() != NONE;
  }

  void recovered(long nowNanos) {
    long since = openSince.get();
    if (since == NONE) {
      return;
    }
    String state = openState.get();
    if (openSince.compareAndSet(since, NONE)) {
      synchronized (closed) {
        closed.add(new Window(since, Math.max(since, nowNanos), state == null ? ErrorStats.UNKNOWN : state));
      }
    }
  }

  /** The outages so far as seconds from {@code epochNanos}, close windows merged; a still open one last. */
  List<Outage> outages(long epochNanos) {
    List<Window> windows;
    synchronized (closed) {
      windows = new ArrayList<>(closed);
    }
    long since = openSince.get();
    if (since != NONE) {
      String state = openState.get();
      windows.add(new Window(since, NONE, state == null ? ErrorStats.UNKNOWN : state));
    }
    windows.sort((a, b) -> Long.compare(a.start(), b.start()));
    List<Window> merged = new ArrayList<>();
    for (Window w : windows) {
      Window last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && last.end() != NONE && w.start() - last.end() < MERGE_GAP_NANOS) {
        long end = w.end() == NONE ? NONE : Math.max(last.end(), w.end());
        merged.set(merged.size() - 1, new Window(last.start(), end, last.sqlState()));
      } else {
        merged.add(w);
      }
    }
    List<Outage> out = new ArrayList<>();
    for (Window w : merged) {
      out.add(new Outage(Rates.seconds(w.start() - epochNanos),
          w.end() == NONE ? null : Rates.seconds(w.end() - epochNanos), w.sqlState()));
    }
    return out;
  }
}
