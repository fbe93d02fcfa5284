package stress.report;

import java.util.List;
import java.util.concurrent.TimeUnit;
import stress.metrics.PhaseRecorder;
import stress.metrics.PhaseStats;
import stress.metrics.WorkerRecorder;

/** Phases recorded from known values at known (fake) times, so every figure is reproducible. */
public final class Fixtures {
  static final long SECOND = 1_000_000_000L;
  static final long MICROS = 1_000L;
  /**
   * The recorders' clock for outages, stopped long after the made-up times of these phases: outages are not what
   * these fixtures show (the tests of outages advance a clock of their own), and a pause of this machine between a
   * failure and the next success (a busy CI host) must not become one in the golden output.
   */
  static final java.util.function.LongSupplier STOPPED_CLOCK = () -> TimeUnit.DAYS.toNanos(365);

  private Fixtures() {}

  /** The same result as another process's, which started a second later: merge refuses one result given twice. */
  static RunResult startedLater(RunResult r) {
    return new RunResult(r.toolVersion(), r.startTime().plusSeconds(1), r.settings(), r.target(), r.phases(),
        r.interrupted(), r.recorded(), r.collections(), r.instances(), r.tables());
  }

  /**
   * A one-second warm-up, then 10 measured seconds with a report at 5 s: find_first does {@code 1000 * scale}
   * reads of 10 µs .. 10 ms spread evenly; find_update does 200 reads of 0.5 .. 100 ms and fails 4 times.
   */
  public static PhaseStats twoOperations(int scale) {
    // outages timed by a clock that stands still, after the phase's made-up end (where System.nanoTime stood when
    // the golden files were written): a pause of the machine between a failure and the next success must not become
    // an outage they do not have, and the last failure's open window lies outside the phase
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_update"), 2, TimeUnit.HOURS.toNanos(1),
        List.of(), () -> 100 * SECOND);
    WorkerRecorder reader = phase.worker(0);
    WorkerRecorder writer = phase.worker(1);
    phase.beginWarmup();
    reader.success(0, 30_000 * MICROS, 1);
    phase.takeInterval(0, SECOND, 2);
    phase.resetTotals(SECOND);

    for (int half = 0; half < 2; half++) {
      for (int i = 1 + half; i <= 1000; i += 2) {
        for (int s = 0; s < scale; s++) {
          reader.success(0, i * 10 * MICROS, 1);
        }
      }
      for (int i = 1 + half; i <= 200; i += 2) {
        writer.success(1, i * 500 * MICROS, 2);
      }
      if (half == 0) {
        writer.failure(1, 2_000 * MICROS, "40001",
            "ERROR: could not serialize access due to concurrent update\n  Where: SQL statement \"update\"");
        writer.failure(1, 3_000 * MICROS, "40001", "ERROR: could not serialize access (second)");
        writer.reconnect();
        phase.takeInterval(SECOND, 6 * SECOND, 2);
      } else {
        writer.failure(1, 4_000 * MICROS, "40001", "ERROR: could not serialize access (third)");
        writer.failure(1, 30_000 * MICROS, null, "An I/O error occurred while sending to the backend.");
      }
    }
    return phase.finish(SECOND, 11 * SECOND);
  }

  /** 10 s of one operation: {@code count} reads at {@code latencyMicros} each, nothing failing. */
  public static PhaseStats oneOperation(int count, long latencyMicros) {
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first"), 1, TimeUnit.HOURS.toNanos(1), List.of(),
        STOPPED_CLOCK);
    WorkerRecorder worker = phase.worker(0);
    for (int i = 0; i < count; i++) {
      worker.success(0, latencyMicros * MICROS + i % 7 * 10 * MICROS, 1);
    }
    return phase.finish(0, 10 * SECOND);
  }
}
