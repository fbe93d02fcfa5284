package stress.metrics.client;

import java.util.List;
import org.HdrHistogram.Histogram;
import stress.metrics.PacerLag;

/**
 * One paced worker's starts while a phase is measured ({@link PacerLag}). Only the worker's thread writes; the phase
 * reads after the worker has ended, so it needs no lock.
 */
public final class PacerLagRecorder {
  /** An hour, in microseconds: later wakes are recorded as this. */
  private static final long HIGHEST_MICROS = 3_600_000_000L;
  /** Made at the first paced start: a phase of thousands of unpaced event-loop clients needs none. */
  private Histogram wokeLateMicros;
  private long starts;
  private long behind;

  /**
   * One measured execution's start.
   *
   * @param lateNanos how long after its intended start it started
   * @param waited    whether the worker waited for the slot (false: it was behind schedule already)
   */
  public void started(long lateNanos, boolean waited) {
    starts++;
    if (waited) {
      if (wokeLateMicros == null) {
        wokeLateMicros = new Histogram(HIGHEST_MICROS, 2); // a fixed range: no resizing under a reader's feet
      }
      wokeLateMicros.recordValue(Math.min(HIGHEST_MICROS, Math.max(0, lateNanos / 1000)));
    } else {
      behind++;
    }
  }

  /** The workers' starts together, or null when none was paced and measured. */
  public static PacerLag merge(List<PacerLagRecorder> workers) {
    Histogram all = new Histogram(HIGHEST_MICROS, 2);
    long starts = 0;
    long behind = 0;
    for (PacerLagRecorder w : workers) {
      if (w.wokeLateMicros != null) {
        all.add(w.wokeLateMicros);
      }
      starts += w.starts;
      behind += w.behind;
    }
    if (starts == 0) {
      return null;
    }
    boolean woke = all.getTotalCount() > 0;
    return new PacerLag(starts, (double) behind / starts, woke ? all.getValueAtPercentile(99) / 1000.0 : 0,
        woke ? all.getMaxValue() / 1000.0 : 0);
  }
}
