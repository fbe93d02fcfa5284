package stress.report.tworuns;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import stress.metrics.PhaseStats;
import stress.report.ComparisonReading;
import stress.report.Decimals;
import stress.report.MedianInterval;
import stress.report.PairedRatio;
import stress.report.RoundComparison;
import stress.report.RoundComparisonText;
import stress.report.RunResult;
import stress.report.Steadiness;
import stress.report.TargetWords;

/**
 * Two runs compared ({@code stress report BEFORE AFTER}) by the rule of a run's own comparison, when both have rounds:
 * per combination they share, the ratio after / before of ops/s, p50 and p99 with its interval and a verdict. The two
 * runs were not interleaved, so no round pairs with another and the samples are compared as independent ones
 * ({@link ShiftInterval}); a drift between the runs is not cancelled, which the header says. Each line names the
 * least difference its verdicts applied, and each verdict its direction ({@link ComparisonReading#words}). Without rounds on both
 * sides it says it cannot judge noise. Capacity searches are compared by their capacities ({@link CapacitiesOfTwoRuns}).
 */
public final class RunsCompared {
  private RunsCompared() {}

  /** The settings whose difference makes two runs measure different things, in the order a reader checks them. */
  private static final List<String> COMPARED_SETTINGS = List.of("workload file", "operations", "table", "threads",
      "statement modes", "pools", "pool size", "duration", "ops per phase", "warmup", "rate", "transaction",
      "session settings", "rounds", "server", "server settings (read, not changed by this run)");

  /**
   * What two runs differ in that changes what they measured: the target (kind and version), then each of
   * {@link #COMPARED_SETTINGS}, e.g. {@code table: check_in in before, orders in after}; empty when nothing does.
   */
  public static List<String> differences(String beforeName, RunResult before, String afterName, RunResult after) {
    List<String> lines = new ArrayList<>();
    if (!java.util.Objects.equals(before.target(), after.target())) {
      lines.add("target: " + TargetWords.of(before.target()) + " in " + beforeName + ", "
          + TargetWords.of(after.target()) + " in " + afterName);
    }
    for (String key : COMPARED_SETTINGS) {
      Object a = before.settings().get(key);
      Object b = after.settings().get(key);
      if (!java.util.Objects.equals(a, b)) {
        lines.add(key + ": " + brief(a) + " in " + beforeName + ", " + brief(b) + " in " + afterName);
      }
    }
    return lines;
  }

  /** A value on one line, cut at 120 characters. */
  private static String brief(Object value) {
    String text = value == null ? "not set" : String.valueOf(value).replaceAll("\\s+", " ");
    return text.length() > 120 ? text.substring(0, 117) + "..." : text;
  }

  /**
   * The lines to print, each a sentence; when either run is a capacity search, its capacities compared instead
   * ({@link CapacitiesOfTwoRuns}, which refuses what would mislead).
   */
  public static List<String> lines(String beforeName, RunResult before, String afterName, RunResult after) {
    if (CapacitiesOfTwoRuns.applies(before, after)) {
      return CapacitiesOfTwoRuns.lines(beforeName, before, afterName, after);
    }
    List<String> lines = new ArrayList<>();
    for (Map.Entry<String, RunResult> side : List.of(Map.entry(beforeName, before), Map.entry(afterName, after))) {
      if (!RoundComparison.hasRounds(side.getValue())) {
        lines.add("cannot judge noise between " + afterName + " and " + beforeName + ": " + side.getKey()
            + " ran each combination once (1 round); run both with --rounds 5 to compare them with their noise");
        return lines;
      }
    }
    Map<Map<String, String>, List<PhaseStats>> beforePhases = byCombination(before);
    Map<Map<String, String>, List<PhaseStats>> afterPhases = byCombination(after);
    lines.add(afterName + " against " + beforeName + ", per combination in both: " + ShiftInterval.METHOD
        + " (the runs were not interleaved, so a drift of the machine between them is not cancelled); faster or slower"
        + " only where the whole interval lies beyond the least difference");
    int shared = 0;
    for (Map.Entry<Map<String, String>, List<PhaseStats>> entry : beforePhases.entrySet()) {
      List<PhaseStats> later = afterPhases.get(entry.getKey());
      if (later == null) {
        continue;
      }
      shared++;
      List<PhaseStats> earlier = entry.getValue();
      double least = Math.max(Steadiness.of(values(earlier, s -> s.total().opsPerSecond())).leastDifference(),
          Steadiness.of(values(later, s -> s.total().opsPerSecond())).leastDifference());
      StringBuilder line = new StringBuilder(RoundComparison.label(entry.getKey(), null)).append(" (differences beyond ")
          .append(Decimals.ratio(1 + least)).append(" called): ");
      line.append(part("ops/s", earlier, later, s -> s.total().opsPerSecond(), true, least)).append("; ");
      line.append(part("p50", earlier, later, s -> RoundComparison.latency(s.total(), true), false, least)).append("; ");
      line.append(part("p99", earlier, later, s -> RoundComparison.latency(s.total(), false), false, least));
      lines.add(line.toString());
    }
    if (shared == 0) {
      lines.add("no combination ran in both runs: nothing to compare");
    }
    return lines;
  }

  private static String part(String name, List<PhaseStats> before, List<PhaseStats> after,
                             ToDoubleFunction<PhaseStats> value, boolean higherIsBetter, double least) {
    double[] b = java.util.Arrays.stream(values(before, value)).filter(v -> Double.isFinite(v) && v > 0).toArray();
    double[] a = java.util.Arrays.stream(values(after, value)).filter(v -> Double.isFinite(v) && v > 0).toArray();
    if (b.length == 0 || a.length == 0) {
      return name + " -";
    }
    MedianInterval interval = ShiftInterval.of(b, a);
    PairedRatio ratio = new PairedRatio(interval, higherIsBetter, least,
        PairedRatio.verdict(interval, higherIsBetter, least));
    return name + " " + Decimals.ratio(interval.median()) + " (" + Decimals.ratio(interval.low()) + "-"
        + Decimals.ratio(interval.high()) + ", " + RoundComparisonText.percent(interval.coverage()) + "): "
        + ComparisonReading.words(ratio);
  }

  private static Map<Map<String, String>, List<PhaseStats>> byCombination(RunResult result) {
    Map<Map<String, String>, List<PhaseStats>> phases = new LinkedHashMap<>();
    result.phases().forEach(p -> phases.computeIfAbsent(p.combination(), k -> new ArrayList<>()).add(p.stats()));
    return phases;
  }

  private static double[] values(List<PhaseStats> phases, ToDoubleFunction<PhaseStats> value) {
    return phases.stream().mapToDouble(value).toArray();
  }
}
