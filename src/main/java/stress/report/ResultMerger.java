package stress.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import stress.metrics.ErrorStats;
import stress.metrics.OperationStats;
import stress.metrics.PhaseStats;

/**
 * Combines the results of several stress processes that ran at the same time (one per load machine,
 * {@code --instance i/n}) into one: latency histograms are added exactly, counts, rows, errors and
 * reconnects summed. Rates are the merged counts over the mean of the instances' measured durations,
 * which is their sum when, as intended, the instances ran concurrently for the same --duration.
 * Per-interval lines are not merged (the instances' clocks are not aligned); each file keeps its own.
 */
public final class ResultMerger {
  private ResultMerger() {}

  /**
   * @param names   how to name each result in messages (e.g. its file name)
   * @param results the results, in the same order
   * @throws IllegalArgumentException when the results did not run the same phases and operations, or their
   *                                  histograms cannot be added exactly
   */
  public static RunResult merge(List<String> names, List<RunResult> results) {
    if (results.size() < 2) {
      throw new IllegalArgumentException("merge needs at least two results, got " + results.size());
    }
    RunResult first = results.get(0);
    for (int r = 1; r < results.size(); r++) {
      checkSamePhases(names.get(0), first, names.get(r), results.get(r));
    }
    List<PhaseResult> phases = new ArrayList<>();
    for (int p = 0; p < first.phases().size(); p++) {
      List<PhaseStats> stats = new ArrayList<>();
      for (RunResult result : results) {
        stats.add(result.phases().get(p).stats());
      }
      PhaseResult template = first.phases().get(p);
      Map<String, String> connection = new LinkedHashMap<>(template.connection());
      connection.put("merged instances", Integer.toString(results.size()));
      phases.add(new PhaseResult(template.label(), template.combination(), template.settingsReadBack(), connection,
          mergePhase(template.label(), names, stats)));
    }
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("merged from", names);
    settings.put("settings of the first", first.settings());
    boolean interrupted = results.stream().anyMatch(RunResult::interrupted);
    return new RunResult(first.toolVersion(), first.startTime(), settings, first.target(), phases, interrupted);
  }

  private static void checkSamePhases(String firstName, RunResult first, String otherName, RunResult other) {
    if (first.phases().size() != other.phases().size()) {
      throw new IllegalArgumentException("cannot merge " + otherName + " with " + firstName + ": it has "
          + other.phases().size() + " phases, " + firstName + " has " + first.phases().size());
    }
    for (int p = 0; p < first.phases().size(); p++) {
      PhaseResult a = first.phases().get(p);
      PhaseResult b = other.phases().get(p);
      if (!a.label().equals(b.label())) {
        throw new IllegalArgumentException("cannot merge " + otherName + " with " + firstName + ": phase " + (p + 1)
            + " is '" + b.label() + "' there but '" + a.label() + "' in " + firstName);
      }
      List<String> opsA = a.stats().operations().stream().map(OperationStats::name).toList();
      List<String> opsB = b.stats().operations().stream().map(OperationStats::name).toList();
      if (!opsA.equals(opsB)) {
        throw new IllegalArgumentException("cannot merge " + otherName + " with " + firstName + ": phase '"
            + a.label() + "' ran " + opsB + " there but " + opsA + " in " + firstName);
      }
    }
  }

  private static PhaseStats mergePhase(String label, List<String> names, List<PhaseStats> stats) {
    double duration = stats.stream().mapToDouble(PhaseStats::durationSeconds).average().orElse(0);
    long reconnects = stats.stream().mapToLong(PhaseStats::reconnects).sum();
    List<OperationStats> merged = new ArrayList<>();
    int ops = stats.get(0).operations().size();
    for (int op = 0; op < ops; op++) {
      String name = stats.get(0).operations().get(op).name();
      Histogram histogram = null;
      Histogram errorHistogram = null;
      long rows = 0;
      Map<String, ErrorStats> errors = new LinkedHashMap<>();
      for (int i = 0; i < stats.size(); i++) {
        OperationStats o = stats.get(i).operations().get(op);
        histogram = add(histogram, o.histogram(), label, name, names.get(i));
        errorHistogram = add(errorHistogram, o.errorHistogram(), label, name, names.get(i));
        rows += o.rows();
        for (ErrorStats e : o.errors()) {
          errors.merge(e.sqlState(), e, (x, y) -> new ErrorStats(x.sqlState(), x.count() + y.count(), x.firstMessage()));
        }
      }
      List<ErrorStats> errorList = new ArrayList<>(errors.values());
      errorList.sort((x, y) -> Long.compare(y.count(), x.count()));
      merged.add(OperationStats.of(name, histogram, errorHistogram, rows, errorList, duration));
    }
    return PhaseStats.of(duration, merged, reconnects, List.of());
  }

  /** Adds exactly, or refuses: histograms of different ranges or precision would not add without loss. */
  private static Histogram add(Histogram into, Histogram other, String phase, String op, String source) {
    if (into == null) {
      return other.copy();
    }
    if (into.getNumberOfSignificantValueDigits() != other.getNumberOfSignificantValueDigits()
        || (!into.isAutoResize() && into.getHighestTrackableValue() < other.getMaxValue())) {
      throw new IllegalArgumentException("cannot merge " + op + " of phase '" + phase + "' from " + source
          + ": its histogram has " + other.getNumberOfSignificantValueDigits() + " significant digits and values up to "
          + other.getMaxValue() + " ns, the first has " + into.getNumberOfSignificantValueDigits()
          + " digits and tracks up to " + into.getHighestTrackableValue() + " ns");
    }
    into.add(other);
    return into;
  }
}
