package stress.cli;

import java.util.List;
import picocli.CommandLine.Option;
import stress.config.LatencyObjective;
import stress.model.UsageException;

/** {@code run --slo}: search for the highest offered rate at which the objectives hold. */
final class SloArgs {
  @Option(names = "--slo", paramLabel = "FIGURE<=LIMIT[,...]",
      description = "Search for the highest offered rate (open loop) at which every objective holds and the achieved"
          + " rate keeps up, e.g. p99<=20ms or p99<=20ms,errors<=0.1%% (figures p50, p90, p95, p99, p999, errors)."
          + " --rate gives the rate to start from (--rate log: the logged rate, the capacity then also a multiple of"
          + " it), else a closed-loop probe does; --rounds N repeats the search for an interval. With lists (--mode,"
          + " --pool, --threads, --set), --compare-tables or --against, each combination is searched and the"
          + " capacities compared.")
  String slo;

  @Option(names = "--slo-resolution", paramLabel = "PERCENT", defaultValue = "5%",
      description = "How close the search narrows the highest rate held and the lowest broken. Default:"
          + " ${DEFAULT-VALUE}.")
  String resolution;

  @Option(names = "--no-slo-check",
      description = "Skip the check after a capacity search (plain runs at the capacity found and at 1.2 times it,"
          + " as many as the rounds, at least 3): a quick look, whose answer is then said to be unchecked. Only"
          + " with --slo.")
  boolean noCheck;

  @Option(names = "--slo-check-duration", paramLabel = "TIME",
      description = "How long each plain run of the check measures, after the step's warm-up: at least as long as a"
          + " run of yours, since stalls that break a percentile come every few seconds on a busy host. Default:"
          + " 30s.")
  String checkDuration;

  @Option(names = "--slo-window", paramLabel = "TIME",
      description = "The window the check also reads each objective over: a rate is vouched for only when runs as"
          + " long as the check's, drawn from these windows with each broken one's stall counted twice, break at most"
          + " one time in five. Default: 5s.")
  String window;

  @Option(names = "--slo-time-limit", paramLabel = "TIME",
      description = "The time the search's rounds may take, from their first step (the check after them not"
          + " included): no step starts that is expected to end after it, and a round it cuts short gives no answer,"
          + " said so. Default: none (a round ends by its steps, 9 to 24 of them and those confirming its answer).")
  String timeLimit;

  /** A search refuses {@code --ops}: why, in one line. */
  static final String OPS_REFUSED = "--ops with --slo: a step measured by a count of executions shortens as the rate"
      + " offered rises, so a search's steps are measured by time (--duration)";

  /**
   * The options that would do nothing, or nothing meaningful, each refused with its rule: {@code --no-slo-check}
   * without a search, {@code --explain} in one (its steps run without the route check), and {@code --ops} in one
   * ({@code byCount}: steps of a count of executions shorten as the rate rises).
   */
  void refuseIdleOptions(boolean explain, boolean byCount, List<String> problems) {
    if (slo == null && noCheck) {
      problems.add("--no-slo-check skips the check after a capacity search: only with --slo");
    }
    if (slo == null && timeLimit != null) {
      problems.add("--slo-time-limit limits a capacity search: only with --slo");
    }
    for (String[] option : new String[][] {{"--slo-check-duration", checkDuration}, {"--slo-window", window}}) {
      if (option[1] != null && (slo == null || noCheck)) {
        problems.add(option[0] + " sets the runs of the check after a capacity search: only with --slo, without"
            + " --no-slo-check");
      }
    }
    if (slo != null && explain) {
      problems.add("--explain with --slo: a capacity search's steps are not explained; run 'stress explain' with the"
          + " same options for the routes");
    }
    if (slo != null && byCount) {
      problems.add(OPS_REFUSED);
    }
  }

  /** The objectives, or null without --slo. */
  List<LatencyObjective> objectives() {
    return slo == null ? null : LatencyObjective.parse("--slo", slo);
  }

  /** The request of a search starting from {@code loggedRate} (NaN: not the logged rate). */
  stress.config.CapacityRequest request(double loggedRate) {
    java.time.Duration check = checkDuration == null ? stress.config.CapacityRequest.CHECK_DURATION
        : stress.config.Durations.parse("--slo-check-duration", checkDuration);
    java.time.Duration each = window == null ? stress.config.CapacityRequest.WINDOW
        : stress.config.Durations.parse("--slo-window", window);
    if (each.isZero() || each.isNegative() || check.compareTo(each) < 0) {
      throw new UsageException("--slo-window " + each.toMillis() / 1000.0 + "s with --slo-check-duration "
          + check.toMillis() / 1000.0 + "s: a window is above zero and no longer than a run of the check");
    }
    java.time.Duration limit = timeLimit == null ? null
        : stress.config.Durations.parse("--slo-time-limit", timeLimit);
    if (limit != null && (limit.isZero() || limit.isNegative())) {
      throw new UsageException("--slo-time-limit must be above zero, got '" + timeLimit + "'");
    }
    return new stress.config.CapacityRequest(objectives(), resolution(), loggedRate, !noCheck, check, each, limit);
  }

  /** The resolution as a fraction, 0.005 to 0.5. */
  double resolution() {
    String text = resolution.strip();
    if (!text.matches("[0-9]*\\.?[0-9]+%")) {
      throw new UsageException("--slo-resolution must be a percentage such as 5%, got '" + resolution + "'");
    }
    double value = Double.parseDouble(text.substring(0, text.length() - 1)) / 100;
    if (value < 0.005 || value > 0.5) {
      throw new UsageException("--slo-resolution must lie between 0.5% and 50%, got " + resolution);
    }
    return value;
  }
}
