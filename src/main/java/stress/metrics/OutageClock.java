package stress.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Tracks outages over all workers of a phase: any failed execution opens one, dated from the last success before it
 * (a server frozen at 3 s whose first timeout is reported at 6.7 s was unavailable from 3 s, not 6.7 s), though not
 * from before that execution started, and the
 * first success after it, on any worker, closes it, so nothing succeeded in between. The success path only reads one volatile reference while no
 * outage is open. Windows are never joined: a success between two of them would make the joined one a lie (with
 * one node of a cluster down, failures and successes alternate all the time). Windows shorter than
 * {@link #MIN_OUTAGE_NANOS} are not outages: a failure followed within milliseconds by another worker's success
 * is a failed execution, counted in its interval (and a degraded window), not a time the target was unavailable.
 */
final class OutageClock {
  /** The shortest time without a successful execution that is reported as an outage. */
  static final long MIN_OUTAGE_NANOS = 100_000_000L;

  /**
   * How close the kept time of the last success is to the real one: it is written only when it moved by more, so the
   * workers' successes share a field that is mostly read.
   */
  static final long SUCCESS_GRAIN_NANOS = 1_000_000L;
  private static final long NONE = Long.MIN_VALUE;

  private final AtomicReference<Open> open = new AtomicReference<>();
  /** The latest success, to within {@link #SUCCESS_GRAIN_NANOS}; {@link #NONE} before the first. */
  private volatile long lastSuccess = NONE;
  /** Closed windows; guarded by itself. */
  private final List<Window> closed = new ArrayList<>();

  /** The window being open: its start, first SQLState, and the failures seen while it is open. */
  private static final class Open {
    final long start;
    final String firstState;
    final AtomicLong failures = new AtomicLong();
    final Map<String, AtomicLong> byState = new ConcurrentHashMap<>();
    final Map<String, AtomicLong> byNode = new ConcurrentHashMap<>();

    Open(long start, String firstState) {
      this.start = start;
      this.firstState = firstState;
    }

    void count(String sqlState, String node) {
      failures.incrementAndGet();
      byState.computeIfAbsent(sqlState, k -> new AtomicLong()).incrementAndGet();
      if (node != null) {
        byNode.computeIfAbsent(node, k -> new AtomicLong()).incrementAndGet();
      }
    }
  }

  private record Window(Open open, long end) {}

  /**
   * A failed execution at {@code nowNanos}: opens an outage unless one is open, and counts the failure in it.
   *
   * @param node the node the failure names, or null
   */
  void failed(long nowNanos, String sqlState, String node) {
    failed(nowNanos, nowNanos, sqlState, node);
  }

  /**
   * As {@link #failed(long, String, String)}, for an execution started at {@code startedNanos}: an outage it opens
   * starts at the last success before it, but not before this execution started (a paced run's successes a second
   * apart are no outage of a second when one execution fails at once).
   */
  void failed(long nowNanos, long startedNanos, String sqlState, String node) {
    Open current = open.get();
    if (current == null) {
      long last = lastSuccess;
      long start = last == NONE || last > nowNanos ? nowNanos : Math.max(last, Math.min(startedNanos, nowNanos));
      Open fresh = new Open(start, sqlState);
      current = open.compareAndSet(null, fresh) ? fresh : open.get();
    }
    if (current != null) {
      current.count(sqlState, node);
    }
  }

  /**
   * Measuring starts at {@code startNanos}: what happened in the warm-up is not part of the phase's figures. Windows
   * that ended before are dropped, and one still open begins again at {@code startNanos} with none of its failures
   * counted, so an outage under way when measuring starts runs from 0 s and counts the failed executions the
   * phase's totals count (before, it kept its warm-up start, a negative time, and its warm-up failures).
   */
  void measuringStarts(long startNanos) {
    synchronized (closed) {
      closed.removeIf(w -> w.end() <= startNanos);
    }
    Open current = open.get();
    while (current != null && current.start < startNanos) {
      if (open.compareAndSet(current, new Open(startNanos, current.firstState))) {
        return;
      }
      current = open.get();
    }
  }

  boolean open() {
    return open.get() != null;
  }

  /** A successful execution at {@code nowNanos}: kept as the last success, and closes an open outage. */
  void succeeded(long nowNanos) {
    long last = lastSuccess;
    if (last == NONE || nowNanos - last >= SUCCESS_GRAIN_NANOS) {
      lastSuccess = nowNanos;
    }
    if (open.get() != null) {
      recovered(nowNanos);
    }
  }

  void recovered(long nowNanos) {
    Open current = open.get();
    // a window too short to be an outage is dropped at once: a steady trickle of failures would otherwise keep
    // one per failure for the whole phase
    if (current != null && open.compareAndSet(current, null) && nowNanos - current.start >= MIN_OUTAGE_NANOS) {
      synchronized (closed) {
        closed.add(new Window(current, nowNanos));
      }
    }
  }

  /**
   * The outages so far as seconds from {@code epochNanos}, in order: windows of at least {@link #MIN_OUTAGE_NANOS},
   * and a still open one when it has lasted that long by {@code nowNanos} (it has no end).
   */
  List<Outage> outages(long epochNanos, long nowNanos) {
    List<Window> windows;
    synchronized (closed) {
      windows = new ArrayList<>(closed);
    }
    Open current = open.get();
    List<Outage> out = new ArrayList<>();
    windows.sort((a, b) -> Long.compare(a.open().start, b.open().start));
    for (Window w : windows) {
      if (w.end() > epochNanos) { // a window closed by a success racing the start of measuring is left out
        out.add(outage(w.open(), epochNanos, Rates.seconds(w.end() - epochNanos)));
      }
    }
    if (current != null && nowNanos - current.start >= MIN_OUTAGE_NANOS) {
      out.add(outage(current, epochNanos, null));
    }
    return out;
  }

  private static Outage outage(Open w, long epochNanos, Double end) {
    Map<String, Long> states = new TreeMap<>();
    w.byState.forEach((state, n) -> states.put(state, n.get()));
    Map<String, Long> nodes = new TreeMap<>();
    w.byNode.forEach((node, n) -> nodes.put(node, n.get()));
    // never before the start of measuring, even for a window that a success closed as measuring started
    return new Outage(Rates.seconds(Math.max(0, w.start - epochNanos)), end, w.firstState, null, w.failures.get(),
        states, nodes);
  }
}
