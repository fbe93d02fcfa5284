package stress.app.assess;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import stress.config.ApplicationRun;
import stress.config.CapacityRequest;
import stress.config.Defaults;
import stress.config.Durations;
import stress.config.FailurePolicy;
import stress.config.HostSpreading;
import stress.config.InsertSettings;
import stress.config.LatencyObjective;
import stress.config.RunConfig;
import stress.config.Timeouts;
import stress.model.Distribution;
import stress.model.OperationMix;
import stress.model.OperationSettings;
import stress.model.PreferQueryMode;
import stress.model.StatementMode;
import stress.model.WorkerThreadChoice;
import stress.workload.Application;

/**
 * The runs of the speed step as {@code stress run --workload DIR --rate log --skip-missing} builds them from its
 * options, every other option at its default (from {@link Defaults}, as the command line's are); {@link RunConfig}
 * validates them as it validates the command line's. The command each one reproduces goes with it.
 */
final class SpeedRuns {
  private SpeedRuns() {}

  /** The resolution of the search, as {@code --slo-resolution}'s default. */
  static final double RESOLUTION = 0.05;

  /**
   * The application's run: every collection's operations in one phase, each weighted by its logged count, paced at the
   * logged rate ({@code loggedRate}; NaN: unthrottled), the collections whose table is missing skipped and said.
   */
  static RunConfig application(Application application, double loggedRate, Duration warmup, Duration length,
                               Path outDir, long seed) {
    boolean paced = Double.isFinite(loggedRate) && loggedRate > 0;
    return new RunConfig(OperationMix.of(application.merged().weights()),
        List.of(Integer.parseInt(Defaults.THREADS)), length, 0, warmup,
        Durations.parse("--report-interval", Defaults.REPORT_INTERVAL), paced ? loggedRate : 0,
        List.of(StatementMode.parse(Defaults.MODE)), List.of(Defaults.POOL), null,
        Integer.parseInt(Defaults.C3P0_MAX_STATEMENTS), Integer.parseInt(Defaults.PREPARE_THRESHOLD),
        PreferQueryMode.fromDriverName(Defaults.QUERY_MODE), List.of(), false,
        Distribution.parse(Defaults.DISTRIBUTION), Double.parseDouble(Defaults.ZIPF_CONSTANT),
        new OperationSettings(Integer.parseInt(Defaults.BATCH), Integer.parseInt(Defaults.LIMIT_MIN),
            Integer.parseInt(Defaults.LIMIT_MAX), Integer.parseInt(Defaults.FETCH_SIZE)),
        null, Defaults.TABLE, seed, Integer.parseInt(Defaults.KEY_SAMPLE), timeouts(), null,
        WorkerThreadChoice.policy(null), InsertSettings.DEFAULT, false, outDir, null, HostSpreading.NONE,
        FailurePolicy.DEFAULT, application.merged(), null, new ApplicationRun(application, true, paced), 1, List.of(),
        null);
  }

  /**
   * What the search asks ({@code run --slo OBJECTIVE}), its check's runs of the lengths given, its rounds held to
   * {@code limit}.
   */
  static CapacityRequest search(String objective, Application application, double loggedRate,
                                SpeedBudget.Search lengths, Duration limit) {
    boolean paced = Double.isFinite(loggedRate) && loggedRate > 0;
    return new CapacityRequest(LatencyObjective.parse("--slo", objective), RESOLUTION,
        paced ? loggedRate : Double.NaN, true, lengths.checkLength(), lengths.window(), limit,
        paced ? application.loggedPeak(application.merged().weights().keySet()) : Double.NaN);
  }

  /** The operations a step needs to judge every objective of {@code objective} (0 without one). */
  static long toJudge(String objective) {
    return objective == null ? 0 : LatencyObjective.parse("--slo", objective).stream()
        .mapToLong(LatencyObjective::operationsToJudge).max().orElse(0);
  }

  private static Timeouts timeouts() {
    return new Timeouts(Durations.parse("--connect-timeout", Defaults.CONNECT_TIMEOUT),
        Durations.parse("--statement-timeout", Defaults.STATEMENT_TIMEOUT),
        Durations.parse("--socket-timeout", Defaults.SOCKET_TIMEOUT));
  }

  /** {@code stress run} of the application as a user types it ({@code stressRun}: the command and its connection). */
  static String applicationCommand(String stressRun, Path workload, boolean paced, Duration warmup, Duration length,
                                   Path out) {
    return stressRun + " --workload " + workload + (paced ? " --rate log" : "") + " --skip-missing --duration "
        + length.toSeconds() + "s --warmup " + warmup.toSeconds() + "s --out " + out;
  }

  /** {@code stress run --slo} of the application as a user types it. */
  static String searchCommand(String stressRun, Path workload, boolean paced, String objective, SpeedBudget.Search s,
                              Duration limit, Path out) {
    return stressRun + " --workload " + workload + (paced ? " --rate log" : "") + " --skip-missing --slo '" + objective
        + "' --duration " + s.stepLength().toSeconds() + "s --warmup " + s.stepWarmup().toSeconds()
        + "s --slo-check-duration " + s.checkLength().toSeconds() + "s --slo-window " + s.window().toSeconds()
        + "s" + (limit == null ? "" : " --slo-time-limit " + limit.toSeconds() + "s") + " --out " + out;
  }
}
