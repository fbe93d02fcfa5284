package stress.report;

import static stress.report.TextTable.Align.LEFT;
import static stress.report.TextTable.Align.RIGHT;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import stress.metrics.OperationStats;
import stress.model.Plural;

/**
 * The text of a {@link RoundComparison}: how to read it, the machine's steadiness, then per group a table of every
 * combination's total (ops/s, p50, p99) and, in a mix, a table of each operation's latencies.
 */
public final class RoundComparisonText {
  /** Said instead of intervals when a run had one round. */
  public static final String ONE_ROUND = "1 round: no noise estimate, --rounds 5 gives one";

  private RoundComparisonText() {}

  /**
   * The comparison of a run's phases, after an empty line: with rounds their medians, intervals and verdicts; with one
   * round each phase's figures beside the first's (comparing tables or targets, beside its group's baseline's) and
   * {@link #ONE_ROUND}; empty for a run of one phase. A capacity search's phases are its steps: not compared.
   */
  public static String of(RunResult result) {
    if (CapacitySteps.isSearch(result)) {
      return result.phases().size() < 2 ? "" : "\nno comparison of the phases: they are the steps of a capacity search"
          + " (run --slo), each offering one rate in an open loop, so the one with the most ops/s is only the highest"
          + " rate offered\n";
    }
    Set<String> marked = AnswersDiffer.of(result);
    String differ = marked.isEmpty() ? "" : "\n" + AnswersDiffer.MARK + ": " + String.join(", ", marked) + " (measured"
        + " with --measure-different: their figures, and the totals of a mix that holds them, compare different"
        + " answers)";
    String comparedKey = RoundComparison.comparedKey(result);
    if (RoundComparison.hasRounds(result)) {
      List<String> host = new ArrayList<>();
      for (String line : java.util.Arrays.asList(hostLine(result.phases()), compilingLine(result.phases()),
          PhaseCost.shortPhases(result.phases()), unfinishedLine(result))) {
        if (line != null) {
          host.add(line);
        }
      }
      return differ + "\n" + text(result.roundComparison(), host, comparedKey, marked);
    }
    if (result.phases().size() < 2) {
      return "";
    }
    String shortPhases = PhaseCost.shortPhases(result.phases());
    StringBuilder out = new StringBuilder(differ + "\ncomparison (" + result.phases().size() + " phases; * = most"
        + " ops/s, ratio to " + baseline(comparedKey) + "; " + ONE_ROUND + "):\n"
        + (shortPhases == null ? "" : "  " + shortPhases + "\n"));
    if (comparedKey == null) {
      List<ComparisonRow> rows = new ArrayList<>();
      for (int i = 0; i < result.phases().size(); i++) {
        PhaseResult p = result.phases().get(i);
        rows.add(new ComparisonRow(p.combination(), p.stats(), OutageNote.of(p, i + 1)));
      }
      return out.append(TextReport.comparison(rows)).toString();
    }
    Map<Map<String, String>, PhaseResult> byCombination = new LinkedHashMap<>();
    result.phases().forEach(p -> byCombination.putIfAbsent(p.combination(), p));
    RoundComparison.groups(byCombination.keySet(), comparedKey).forEach((group, combinations) -> {
      if (!group.isEmpty()) {
        out.append(group).append(":\n");
      }
      // as with rounds: within a group only the compared key tells its rows apart
      out.append(TextReport.comparison(combinations.stream().map(c -> new ComparisonRow(
          Map.of(comparedKey, c.get(comparedKey)), byCombination.get(c).stats(),
          OutageNote.of(byCombination.get(c), result.phases().indexOf(byCombination.get(c)) + 1))).toList()));
    });
    return out.toString();
  }

  /** The key of the run's statement timeout in its settings, the time limit of one execution. */
  static final String STATEMENT_TIMEOUT = "statement timeout";

  /**
   * Where a row finished no execution in any round (its figures "none"), why that can be: each execution was stopped
   * at the time limit, or failed; null where every row has figures.
   */
  static String unfinishedLine(RunResult result) {
    boolean none = result.roundComparison().rows().stream().flatMap(r -> r.figures().stream())
        .anyMatch(f -> !Double.isFinite(f.median()));
    if (!none) {
      return null;
    }
    Object limit = result.settings().get(STATEMENT_TIMEOUT);
    return "none: no execution finished in any round of that row; each execution may last up to the time limit ("
        + (limit == null ? "" : limit + ", ") + "--statement-timeout), and one stopped there or failed is counted"
        + " under errors, not in the figures";
  }

  /** Whom a comparison's ratios are to: the first row, or within each group the first table, or PostgreSQL. */
  static String baseline(String comparedKey) {
    if (RoundComparison.TARGET.equals(comparedKey)) {
      return RoundComparison.POSTGRESQL + " with the same settings (threads, ...)";
    }
    return LayoutComparison.TABLE.equals(comparedKey) ? "the first table" : "the first row";
  }

  /**
   * E.g. {@code host: saturated, client and server on it, in 10 of 10 phases; the client the bottleneck in 0 (each
   * phase's client: line says more)}; null when no phase was either.
   */
  static String hostLine(List<PhaseResult> phases) {
    long saturated = phases.stream().filter(p -> p.client() != null && p.client().onlySharesCpusWithServer()).count();
    long bound = phases.stream().filter(p -> p.client() != null && p.client().clientBound()
        && !p.client().onlySharesCpusWithServer()).count();
    if (saturated == 0 && bound == 0) {
      return null;
    }
    return "host: saturated, client and server on it, in " + saturated + " of " + phases.size() + " phases; the client"
        + " the bottleneck in " + bound + " (each phase's client: line says more)";
  }

  /**
   * E.g. {@code client still compiling (its JIT over 10% of its CPU) in round 1 (phase 2): a longer --warmup leaves
   * that out}; null when no phase was. The first phases of a process run while its JIT compiles the hot path: a
   * round they slow looks like a drift of the machine.
   */
  static String compilingLine(List<PhaseResult> phases) {
    List<String> where = new ArrayList<>();
    java.util.Set<Integer> rounds = new java.util.TreeSet<>();
    for (int i = 0; i < phases.size(); i++) {
      PhaseResult p = phases.get(i);
      if (p.client() != null && p.client().stillCompiling() && p.round() != null) {
        rounds.add(p.round());
        where.add(Integer.toString(i + 1));
      }
    }
    if (rounds.isEmpty()) {
      return null;
    }
    return "client still compiling (its JIT over 10% of its CPU) in round" + (rounds.size() > 1 ? "s " : " ")
        + rounds.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")) + " (phase"
        + (where.size() > 1 ? "s " : " ") + String.join(", ", where) + "): those figures include compiling; a longer"
        + " --warmup leaves that out";
  }

  /** How the columns are made, one sentence each. */
  static List<String> legend(RoundComparison.Result result, String baseline) {
    return List.of(
        "median and range: the figure's median and its lowest and highest over the "
            + Plural.of(result.rounds(), "round"),
        "vs first: the median over the rounds of this row's figure / that of " + baseline
            + " in the same round (paired, so a slow drift of the machine cancels)",
        "interval: " + MedianInterval.METHOD + " of those ratios, " + percent(result.coverage())
            + " coverage with " + Plural.of(result.rounds(), "round")
            + (result.rounds() < 6 ? " (6 or more rounds give 95% or more)" : ""),
        "verdict: faster or slower only where the whole interval lies beyond the least difference, else no difference"
            + " beyond noise; for latencies lower is faster");
  }

  /**
   * The comparison of a run (one group), e.g. {@code comparison (2 combinations, 5 rounds, interleaved; * = most
   * ops/s, ratios to the first row):} then the legend, the noise and the tables.
   */
  public static String text(RoundComparison.Result result) {
    return text(result, List.of(), null, Set.of());
  }

  /**
   * As {@link #text(RoundComparison.Result)}, with lines about the host (its saturation, a client still compiling)
   * after the legend, beside the machine's steadiness, grouped by everything but {@code comparedKey} (null: one
   * group).
   */
  static String text(RoundComparison.Result result, List<String> host, String comparedKey, Set<String> marked) {
    long combinations = result.rows().size();
    StringBuilder out = new StringBuilder("comparison (" + Plural.of(combinations, "combination") + ", "
        + Plural.of(result.rounds(), "round") + ", interleaved; * = most ops/s by the paired ratio the verdict reads; ratios to "
        + baseline(comparedKey) + "):\n");
    legend(result, baseline(comparedKey)).forEach(line -> out.append("  ").append(line).append('\n'));
    if (result.leftOut() != null) {
      out.append("  ").append(result.leftOut()).append('\n');
    }
    host.forEach(line -> out.append("  ").append(line).append('\n'));
    out.append(groups(result, comparedKey, marked));
    return out.toString();
  }

  /** The noise of a {@code run --compare-tables} with rounds: per phase, each table beside the first. */
  public static String tables(RoundComparison.Result result) {
    StringBuilder out = new StringBuilder("tables compared with their noise ("
        + Plural.of(result.rounds(), "round") + ", interleaved; ratios to the first table):\n");
    legend(result, baseline(LayoutComparison.TABLE)).forEach(line -> out.append("  ").append(line).append('\n'));
    if (result.leftOut() != null) {
      out.append("  ").append(result.leftOut()).append('\n');
    }
    out.append(groups(result, LayoutComparison.TABLE, Set.of()));
    return out.toString();
  }

  /**
   * Per group: its label line when it has one (e.g. the phase of a table comparison), the noise, the totals' table
   * and, in a mix, the operations' latencies.
   *
   * @param comparedKey the key whose values are compared within a group, left out of the settings columns; null for
   *                    none
   * @param marked      operations whose answers differ between the targets ({@link AnswersDiffer})
   */
  static String groups(RoundComparison.Result result, String comparedKey, Set<String> marked) {
    StringBuilder out = new StringBuilder();
    for (RoundComparison.Noise noise : result.noise()) {
      List<RoundComparison.Row> rows = result.rows().stream().filter(r -> r.group().equals(noise.group())).toList();
      if (!noise.group().isEmpty()) {
        out.append(noise.group()).append(":\n");
      }
      if (noise.unsteady() != null) {
        out.append("  ").append(noise.unsteady()).append('\n');
      } else {
        out.append("  steady machine: the baseline's ops/s spread over ").append(Math.round(noise.spread() * 100))
            .append("% of its median between rounds; differences beyond ")
            .append(Decimals.ratio(1 + noise.leastDifference())).append(" are called\n");
      }
      out.append(totals(rows, comparedKey));
      boolean mix = rows.stream().flatMap(r -> r.figures().stream())
          .anyMatch(f -> !f.operation().equals(OperationStats.TOTAL));
      if (mix) {
        out.append("  per operation, by latency (in a closed loop each operation's ops/s is its weight's share of the"
            + " total, so only the total's ops/s is compared):\n");
        out.append(operations(rows, comparedKey, marked));
      }
      if (rows.size() > 1) {
        out.append("  ").append(ComparisonReading.heading(noise.leastDifference())).append('\n');
        ComparisonReading.lines(rows, noise.leastDifference(), comparedKey)
            .forEach(line -> out.append("    ").append(line).append('\n'));
      }
    }
    return out.toString();
  }

  private static String totals(List<RoundComparison.Row> rows, String comparedKey) {
    List<String> keys = keys(rows, comparedKey);
    TextTable table = table(keys, false);
    int best = rows.indexOf(RoundComparison.best(rows));
    for (int i = 0; i < rows.size(); i++) {
      RoundComparison.Row row = rows.get(i);
      boolean first = true;
      for (RoundComparison.Figure f : row.figures()) {
        if (!f.operation().equals(OperationStats.TOTAL)) {
          continue;
        }
        List<String> cells = new ArrayList<>();
        cells.add(first && i == best ? "*" : "");
        for (String key : keys) {
          cells.add(first ? row.combination().getOrDefault(key, "-") : "");
        }
        cells.addAll(figureCells(f, row.baseline()));
        table.row(cells);
        first = false;
      }
    }
    return table.render();
  }

  private static String operations(List<RoundComparison.Row> rows, String comparedKey, Set<String> marked) {
    List<String> keys = keys(rows, comparedKey);
    TextTable table = table(keys, true);
    for (RoundComparison.Row row : rows) {
      boolean first = true;
      for (RoundComparison.Figure f : row.figures()) {
        if (f.operation().equals(OperationStats.TOTAL)) {
          continue;
        }
        List<String> cells = new ArrayList<>();
        cells.add("");
        for (String key : keys) {
          cells.add(first ? row.combination().getOrDefault(key, "-") : "");
        }
        cells.add(AnswersDiffer.shown(f.operation(), marked));
        cells.addAll(figureCells(f, row.baseline()));
        table.row(cells);
        first = false;
      }
    }
    return table.render();
  }

  private static List<String> keys(List<RoundComparison.Row> rows, String comparedKey) {
    Set<String> keys = new LinkedHashSet<>();
    rows.forEach(r -> keys.addAll(r.combination().keySet()));
    if (comparedKey != null) {
      // a group shares everything but the compared key: only that one tells its rows apart
      keys.retainAll(Set.of(comparedKey));
    }
    return List.copyOf(keys);
  }

  private static TextTable table(List<String> keys, boolean operation) {
    List<String> headers = new ArrayList<>(List.of(""));
    List<TextTable.Align> aligns = new ArrayList<>(List.of(LEFT));
    for (String key : keys) {
      headers.add(key);
      aligns.add(LEFT);
    }
    if (operation) {
      headers.add("operation");
      aligns.add(LEFT);
    }
    headers.addAll(List.of("figure", "median", "range", "vs first", "interval", "verdict"));
    aligns.addAll(List.of(LEFT, RIGHT, RIGHT, RIGHT, RIGHT, LEFT));
    return new TextTable(headers, aligns);
  }

  /** A figure's cells as the tables print them: figure, median, range, vs first, interval, verdict. */
  public static List<String> figureCells(RoundComparison.Figure f, boolean baseline) {
    boolean ops = f.figure().equals(RoundComparison.OPS);
    RoundComparison.Ratio r = f.vsBaseline();
    if (!Double.isFinite(f.median())) {
      // e.g. measured with --measure-different and past the time limit on every round: no figure, said why
      return List.of(f.figure(), "none", "-", "-", "-", "no execution finished in any of its " + f.rounds().size()
          + " rounds");
    }
    return List.of(f.figure(), number(f.median(), ops), number(f.low(), ops) + "-" + number(f.high(), ops),
        baseline ? "-" : r == null ? "-" : Decimals.ratio(r.median()),
        baseline || r == null || r.coverage() == 0 ? "-" : Decimals.ratioRangeOutward(r.low(), r.high()),
        baseline ? "baseline" : r == null ? "-" : r.verdict());
  }

  /** A figure as the tables print it: ops/s with one decimal, milliseconds as {@link Decimals#millis}; - for none. */
  public static String number(double value, boolean ops) {
    if (!Double.isFinite(value)) {
      return "-";
    }
    return ops ? Decimals.oneDecimal(value) : Decimals.millis(value);
  }

  /** 0.9375 as {@code 93.7%}. */
  public static String percent(double coverage) {
    double percent = Math.floor(coverage * 1000) / 10;
    return (percent == Math.rint(percent) ? Long.toString((long) percent) : Double.toString(percent)) + "%";
  }
}
