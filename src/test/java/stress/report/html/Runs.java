package stress.report.html;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseRecorder;
import stress.metrics.PhaseStats;
import stress.metrics.WorkerRecorder;
import stress.report.PhaseResult;
import stress.report.RunResult;

/** Run results made of phases recorded with known latencies at known (fake) times. */
final class Runs {
  static final long SECOND = 1_000_000_000L;
  static final long MICROS = 1_000L;
  /** A label that would end the inline script and run another if it were not escaped. */
  static final String HOSTILE = "</script><script>document.body.dataset.injected='yes'</script><!--";

  private Runs() {}

  /**
   * Three measured 1-second intervals after a warm-up: find_first does {@code perSecond} reads of
   * 10 µs .. 10 ms per second (slowing by {@code slowdown}), find_update 20 writes per second of which
   * 2 fail with 40001 and, in the last interval, 1 with 57014. Failures and successes are timed by the made-up
   * clock too (successes at the start of their interval, failures 1 ms before its end), so no pause of the machine
   * running the test makes an outage.
   */
  static PhaseStats phase(int perSecond, double slowdown) {
    long[] now = {0};
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_update"), 2, TimeUnit.HOURS.toNanos(1),
        List.of(), () -> now[0]);
    WorkerRecorder reader = phase.worker(0);
    WorkerRecorder writer = phase.worker(1);
    phase.beginWarmup();
    reader.success(0, 50_000 * MICROS, 1);
    phase.takeInterval(0, SECOND, 2);
    phase.resetTotals(SECOND);
    for (int s = 1; s <= 3; s++) {
      now[0] = s * SECOND;
      for (int i = 1; i <= perSecond; i++) {
        reader.success(0, (long) (i * 10_000.0 / perSecond * slowdown * s) * MICROS, 1);
      }
      for (int i = 1; i <= 20; i++) {
        writer.success(1, i * 1_000 * MICROS, 2);
      }
      now[0] = (s + 1) * SECOND - 1_000 * MICROS;
      writer.failure(1, 2_000 * MICROS, "40001", "ERROR: could not serialize access " + HOSTILE);
      writer.failure(1, 3_000 * MICROS, "40001", "ERROR: could not serialize access (again)");
      if (s == 3) {
        writer.failure(1, 5_000 * MICROS, "57014", "ERROR: canceling statement due to statement timeout");
      }
      if (s < 3) {
        phase.takeInterval(s * SECOND, (s + 1) * SECOND, 2);
      }
    }
    return phase.finish(SECOND, 4 * SECOND);
  }

  /** The same phase with every interval ending {@code seconds} later, as a phase cut a little later would. */
  static PhaseStats shifted(PhaseStats s, double seconds) {
    List<IntervalStats> intervals = s.intervals().stream().map(i -> new IntervalStats(i.elapsedSeconds() + seconds,
        i.warmup(), i.durationSeconds(), i.activeThreads(), i.count(), i.opsPerSecond(), i.rows(), i.rowsPerSecond(),
        i.avgMs(), i.p50Ms(), i.p95Ms(), i.p99Ms(), i.maxMs(), i.errorCount(), i.errorsPerSecond(), i.reconnects(),
        i.reconnectsPerSecond(), i.operations(), i.errorsBySqlState(), i.retries(), i.hosts(), i.failedNodes())).toList();
    return new PhaseStats(s.durationSeconds(), s.operations(), s.total(), s.reconnects(), s.reconnectsPerSecond(), intervals, s.outages(),
        s.degraded());
  }

  /** Two phases, mode=plain (fewer ops/s) and mode=prepared; a setting value and a phase label hold HTML. */
  static RunResult comparison() {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("url", "jdbc:postgresql://db:5432/bench?x=<b>&y=\"1\"");
    settings.put("driver", Map.of("prepareThreshold", 5));
    settings.put("operations", List.of("find_first=80", "find_update=20"));
    return new RunResult("0.1.0", Instant.parse("2026-01-02T03:04:05Z"), settings,
        Map.of("kind", "postgres", "version", "16.4"),
        List.of(phase("mode=plain", 300, 1.0), phase("mode=prepared " + HOSTILE, 500, 0.5)));
  }

  static PhaseResult phase(String label, int perSecond, double slowdown) {
    return new PhaseResult(label, Map.of("mode", label), Map.of("plan_cache_mode", "auto"), Map.of("pool", "none"),
        phase(perSecond, slowdown));
  }

  /** Two phases, mode=plain and mode=prepared, whose latencies are {@code slowdown} times those of {@link #comparison}. */
  static RunResult slowedDown(double slowdown) {
    return new RunResult("0.1.0", Instant.parse("2026-01-02T03:04:05Z"), Map.of("threads", 2), Map.of("kind", "postgres"),
        List.of(phase("mode=plain", 300, slowdown), phase("mode=prepared", 500, slowdown / 2)));
  }

  /** One phase only. */
  static RunResult single() {
    return new RunResult("0.1.0", Instant.parse("2026-01-02T03:04:05Z"), Map.of("threads", 2), Map.of("kind", "postgres"),
        List.of(phase("mode=prepared", 400, 1.0)));
  }
}
