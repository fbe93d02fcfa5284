package stress.report.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import stress.report.CapacityEntry;
import stress.report.Decimals;
import stress.report.RunResult;

/**
 * Capacities compared ({@code run --slo} with lists, {@code --compare-tables} or {@code --against}), as the result's
 * settings hold them under {@code capacity}: each combination's search, in the order searched, and each
 * combination's capacity beside the baseline's, paired round by round, as the run worked it out. The HTML report and
 * {@code capacity.csv} read it from here; nothing is recomputed.
 *
 * @param objectives      each objective as the user reads it, e.g. {@code p99<=5ms}
 * @param baseline        the combination the others are compared with, the first searched
 * @param leastDifference the smallest difference called one, e.g. 0.2 for ×1.20
 * @param method          how the ratios and their intervals were found, in words
 * @param answersDiffer   the operations whose answers differ between the targets (then no verdict); empty when none
 * @param searches        each combination's search, the baseline's first ({@link CapacitySearchResult#searches})
 * @param rows            each other combination compared with the baseline, in the order searched
 */
public record CapacitiesCompared(List<String> objectives, String baseline, double leastDifference, String method,
                                 List<String> answersDiffer, Map<String, CapacitySearchResult> searches,
                                 List<Row> rows) {
  public CapacitiesCompared {
    objectives = List.copyOf(objectives);
    answersDiffer = List.copyOf(answersDiffer);
    searches = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(searches));
    rows = List.copyOf(rows);
  }

  /**
   * One combination against the baseline.
   *
   * @param ratio    the median of its rounds' capacities over the baseline's of the same round; NaN without a pair
   * @param low      the low end of the ratio's interval, NaN without one (one round)
   * @param high     the high end, NaN without one
   * @param coverage the interval's coverage, NaN without one
   * @param verdict  in words: holds more, holds less, no difference beyond noise, or why there is none
   * @param leftOut  why rounds were left out of the pairs, e.g. {@code round 2: the client's limit, a lower bound}
   */
  public record Row(String combination, double ratio, double low, double high, double coverage, String verdict,
                    List<String> leftOut) {
    public Row {
      leftOut = List.copyOf(leftOut);
    }

    /** Whether the ratio has an interval (a search of several rounds). */
    public boolean hasInterval() {
      return Double.isFinite(low) && Double.isFinite(high);
    }

    /** E.g. {@code x0.29 [0.29-0.36]}; empty without a ratio. */
    public String ratioText() {
      if (!Double.isFinite(ratio)) {
        return "";
      }
      return Decimals.ratio(ratio) + (hasInterval() ? " " + Decimals.ratioInterval(low, high) : "");
    }
  }

  /** The capacities a result compared, or null when it searched one combination or none. */
  public static CapacitiesCompared of(RunResult result) {
    CapacityEntry entry = CapacityEntry.of(result);
    if (entry == null || !entry.compared()) {
      return null;
    }
    Map<?, ?> capacity = entry.head();
    Map<?, ?> comparison = capacity.get("comparison") instanceof Map<?, ?> c ? c : Map.of();
    List<Row> rows = new ArrayList<>();
    for (Object item : CapacitySearchResult.list(comparison.get("rows"))) {
      if (!(item instanceof Map<?, ?> row)) {
        continue;
      }
      List<Object> interval = CapacitySearchResult.list(row.get("interval"));
      rows.add(new Row(String.valueOf(row.get("combination")), CapacitySearchResult.number(row.get("ratio")),
          interval.size() == 2 ? CapacitySearchResult.number(interval.get(0)) : Double.NaN,
          interval.size() == 2 ? CapacitySearchResult.number(interval.get(1)) : Double.NaN,
          CapacitySearchResult.number(row.get("coverage")), String.valueOf(row.get("verdict")),
          CapacitySearchResult.strings(row.get("left out of the pairs"))));
    }
    Map<String, CapacitySearchResult> searches = CapacitySearchResult.searches(result);
    Object baseline = comparison.get("baseline");
    return new CapacitiesCompared(CapacitySearchResult.strings(capacity.get("objectives")),
        baseline == null ? searches.keySet().stream().findFirst().orElse("") : String.valueOf(baseline),
        CapacitySearchResult.number(comparison.get("least difference")),
        comparison.get("method") == null ? "" : String.valueOf(comparison.get("method")),
        CapacitySearchResult.strings(comparison.get("answers differ")), searches, rows);
  }

  /**
   * The comparison's answer in one sentence: the baseline's capacity with its interval, then each other
   * combination's ratio to it with its interval and verdict; each capacity's multiple of the logged rate beside it.
   * E.g. {@code capacity under p99<=5ms: mode=prepared 41700 ops/s [36500-45600]; mode=plain x0.29 [0.29-0.36] of
   * it: holds less}.
   */
  public String sentence() {
    CapacitySearchResult first = searches.get(baseline);
    StringBuilder out = new StringBuilder("capacity under ").append(String.join(", ", objectives)).append(": ")
        .append(baseline).append(' ').append(first == null ? "none found" : first.capacityText())
        .append(logged(first));
    for (Row row : rows) {
      out.append("; ").append(row.combination());
      out.append(Double.isFinite(row.ratio()) ? " " + row.ratioText() + " of it" : "")
          .append(logged(searches.get(row.combination()))).append(": ").append(row.verdict());
    }
    return out.toString();
  }

  private static String logged(CapacitySearchResult search) {
    return search == null || search.logged() == null ? "" : " (" + search.logged().text() + ")";
  }
}
