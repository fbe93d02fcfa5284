package stress.report.assess;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The application's speed on the target: each operation shape's p50/p99 beside MongoDB's logged figures, the whole
 * application at its logged mix and rate ({@code run --workload DIR --rate log}), and its capacity under the objective
 * as {@code run --slo} finds and checks it, as a multiple of the logged peak and rate. Every figure is read from those
 * runs' own result.json files (kept under {@code evidence}).
 *
 * @param standIn     whether the tables hold stand-in collections built from the log: every figure is of them
 * @param evidence    the folder of the runs' output and result files
 * @param perShape    each operation of the workload, measured or not (its collection's table missing)
 * @param application the application's run
 * @param capacity    its capacity, or why it was not searched
 */
public record SpeedSection(boolean standIn, String evidence, List<Shape> perShape, Application application,
                           Capacity capacity) implements SectionSummary {
  /**
   * One operation shape.
   *
   * @param ns            its collection, {@code db.collection}
   * @param operation     its name in the collection's workload file
   * @param targetP50Ms   the median measured on the target (the client's round trip), null when not measured
   * @param targetP99Ms   the 99th percentile measured, null when not measured
   * @param loggedP50Ms   MongoDB's logged median durationMillis (mongod's own time, whole ms), null when not logged
   * @param loggedP99Ms   its 99th percentile, null when not logged
   * @param loggedEntries how often MongoDB logged it
   * @param executions    successful executions measured on the target
   * @param errors        failed executions on the target
   * @param p99Ratio      targetP99Ms / loggedP99Ms, null when either is missing or MongoDB logged 0 ms
   * @param notMeasured   why it was not measured (its collection's table is missing), or null
   */
  public record Shape(String ns, String operation, Double targetP50Ms, Double targetP99Ms, Double loggedP50Ms,
                      Double loggedP99Ms, long loggedEntries, long executions, long errors, Double p99Ratio,
                      String notMeasured) {}

  /**
   * The application's run.
   *
   * @param offeredRate  the rate offered, ops/s (the logged rate of the collections run), null when run unthrottled
   * @param achievedRate the rate achieved, ops/s
   * @param loggedRate   the rate MongoDB's log shows for the operations run (entries from the first to the last over
   *                     that time), null when the workload has no logged times
   * @param p50          the median latency of all operations together, ms
   * @param p99          their 99th percentile, ms
   * @param executions   successful executions
   * @param errors       failed executions
   * @param seconds      the measured time
   * @param skipped      each collection not run and why (its table missing)
   * @param reproduce    the command that runs it alone
   */
  public record Application(Double offeredRate, double achievedRate, Double loggedRate, double p50, double p99,
                            long executions, long errors, double seconds, List<String> skipped, String reproduce) {}

  /**
   * The capacity under the objective.
   *
   * @param objective            the objective ({@code p99<=20ms}), null without {@code --slo}
   * @param opsPerSecond         the capacity vouched for, ops/s, null when none
   * @param vouched              whether plain runs after the search vouched for it ({@code run --slo}'s check)
   * @param multipleOfLoggedRate opsPerSecond over the logged rate, null when either is unknown
   * @param loggedRate           the logged rate it is a multiple of, null when the log gives none
   * @param multipleOfLoggedPeak opsPerSecond over the logged peak, null when either is unknown
   * @param loggedPeak           the statements of the log's busiest second, of all the application's collections;
   *                             null when the listing keeps none or collections were skipped (their own peak is not
   *                             known)
   * @param answer               the search's answer in its own words (vouched for, or none and why), null when not run
   * @param cause                why the step above the capacity (or every step) broke, as the search decided it, null
   *                             when no step broke or the search did not run
   * @param causes               that cause's keys ({@code a server queue}, {@code host stalls}); empty: not determined
   * @param shrunk               what was shortened to fit {@code --budget}, or null
   * @param skipped              why the search did not run (no {@code --slo}, over {@code --budget}), or null
   * @param reproduce            the command that runs the search alone, null when not run
   */
  public record Capacity(String objective, Double opsPerSecond, boolean vouched, Double multipleOfLoggedRate,
                         Double loggedRate, Double multipleOfLoggedPeak, Double loggedPeak, String answer,
                         String cause, List<String> causes, String shrunk, String skipped, String reproduce) {
    public Capacity {
      causes = causes == null ? List.of() : List.copyOf(causes);
    }

    /** The capacity in one line: "holds x3.2 the logged rate ...", "none vouched for ...", or why not searched. */
    public String line() {
      if (skipped != null) {
        return "capacity not searched: " + skipped;
      }
      if (vouched && opsPerSecond != null) {
        return String.format(Locale.ROOT, "holds %s%s at %s: %s ops/s vouched for by plain runs",
            multipleOfLoggedPeak == null ? "" : String.format(Locale.ROOT, "x%.1f the logged peak (%s ops/s) and ",
            multipleOfLoggedPeak, rate(loggedPeak)), multipleOfLoggedRate == null
            ? "(the logged rate unknown, no multiple)" : String.format(Locale.ROOT, "x%.1f the logged rate"
            + " (%s ops/s)", multipleOfLoggedRate, rate(loggedRate)), objective, rate(opsPerSecond));
      }
      // the cause's keys here, its sentence with the figures in the section
      return "none vouched for at " + objective + (cause == null ? "" : causes.isEmpty()
          ? "; cause not determined" : "; cause: " + String.join(", ", causes));
    }
  }

  @Override
  public List<String> summaryLines() {
    List<String> lines = new ArrayList<>();
    if (standIn) {
      lines.add("every figure is of stand-in collections built from the log, not of the application's data");
    }
    long measured = perShape.stream().filter(s -> s.notMeasured() == null).count();
    Shape worst = perShape.stream().filter(s -> s.p99Ratio() != null)
        .max(java.util.Comparator.comparingDouble(Shape::p99Ratio)).orElse(null);
    lines.add(measured + " of " + perShape.size() + " operation shapes measured" + (worst == null ? ""
        : String.format(Locale.ROOT, "; the slowest beside MongoDB: %s.%s p99 %.1f ms vs %.0f ms logged (x%.1f)",
        worst.ns(), worst.operation(), worst.targetP99Ms(), worst.loggedP99Ms(), worst.p99Ratio())));
    if (application != null) {
      lines.add(String.format(Locale.ROOT, "application: %s ops/s offered%s, %s achieved, p50 %.1f ms p99 %.1f ms, %d"
          + " errors over %.0f s", application.offeredRate() == null ? "unthrottled" : rate(application.offeredRate()),
          application.loggedRate() == null ? " (no logged rate)" : " (logged " + rate(application.loggedRate()) + ")",
          rate(application.achievedRate()), application.p50(), application.p99(), application.errors(),
          application.seconds()));
    }
    lines.add(capacity.line());
    if (capacity.shrunk() != null) {
      lines.add(capacity.shrunk());
    }
    return lines;
  }

  /** A rate to three significant digits, as the capacity's own text writes it. */
  static String rate(Double r) {
    if (r == null || !Double.isFinite(r)) {
      return "-";
    }
    java.math.BigDecimal rounded = new java.math.BigDecimal(r).round(new java.math.MathContext(3));
    return r >= 100 ? Long.toString(rounded.longValue()) : rounded.stripTrailingZeros().toPlainString();
  }
}
