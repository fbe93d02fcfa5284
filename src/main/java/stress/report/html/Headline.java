package stress.report.html;

import static stress.report.Decimals.millis;
import static stress.report.Decimals.oneDecimal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import stress.metrics.ClientUsage;
import stress.metrics.OperationStats;
import stress.metrics.Outage;
import stress.metrics.PhaseStats;
import stress.report.Decimals;
import stress.report.PhaseResult;
import stress.report.RoundComparison;

/**
 * The outcome of each run, first on the page (as Gatling's and k6's reports open on their indicators): the
 * best combination with its ops/s and p99, how it compares with the first row (with tables or targets compared, with
 * its group's baseline), the errors, and whether the target was ever unavailable; a capacity search, its capacity
 * and the step that held at it ({@link CapacityResults}).
 */
final class Headline {
  private static final String CLOSED_LOOP = "Per run, what it measured, the combination with the most ops/s (all"
      + " operations together; the first of them on a tie), its ratio to the first row (or, comparing tables or"
      + " targets, to the baseline of its group: the first table, or PostgreSQL with the same settings), the failed"
      + " executions, and the availability windows (details under Errors); then that combination's operations, one row"
      + " each (with rounds, the median of its rounds, as the row above).";

  private Headline() {}

  static Section of(List<NamedResult> runs) {
    boolean overlay = runs.size() > 1;
    // a comparison within groups (tables, targets) has a baseline per group, not one first row
    boolean grouped = runs.stream().anyMatch(run -> RoundComparison.comparedKey(run.result()) != null);
    List<String> headers = new ArrayList<>(List.of("best combination", "ops/s", "p99 ms",
        grouped ? "vs baseline" : "vs first row", "errors", "errors, all phases", "outages", "outage s",
        "degraded windows"));
    if (overlay) {
      headers.add(0, "run");
    }
    List<String> sentences = new ArrayList<>();
    List<List<String>> rows = new ArrayList<>();
    List<DataTable> operationTables = new ArrayList<>();
    for (NamedResult run : runs) {
      String scope = (overlay ? run.name() + ": " : "") + RunScope.sentence(run.result());
      List<PhaseResult> phases = run.result().phases();
      if (phases.isEmpty()) {
        sentences.add((overlay ? run.name() + ": " : "") + "no phase was measured.");
        sentences.add(scope);
        continue;
      }
      stress.report.capacity.CapacitiesCompared compared = stress.report.capacity.CapacitiesCompared.of(run.result());
      if (compared != null) {
        // the comparison's answer: the steps' ops/s are offered rates, none of them a closed-loop throughput
        sentences.add((overlay ? run.name() + ": " : "") + compared.sentence()
            + " (each phase below is one step of a search: see Capacity).");
        sentences.add(scope);
        continue;
      }
      stress.report.capacity.CapacitySearchResult capacity = stress.report.capacity.CapacitySearchResult.of(run.result());
      if (capacity != null) {
        // a search's steps are offered rates, not combinations: the step with the most ops/s is one that broke
        // the explanation once, after the answer; each round's sentence as it is
        List<String> lines = capacity.sentences();
        for (int i = 0; i < lines.size(); i++) {
          sentences.add((overlay ? run.name() + ": " : "") + lines.get(i)
              + (i == 0 ? " (each phase below is one step of the search: see Capacity)." : "."));
        }
        sentences.add(scope);
        continue;
      }
      String comparedKey = RoundComparison.comparedKey(run.result());
      String firstRow = comparedKey == null ? "the first row" : "its baseline";
      PhaseResult best = phases.get(winner(phases));
      PhaseResult baseline = baseline(phases, best, comparedKey);
      DataTable operations = RunScope.operations(overlay ? run.name() : null, best);
      OperationStats total = best.stats().total();
      double first = baseline.stats().total().opsPerSecond();
      String ratio = phases.size() > 1 && first > 0 ? Decimals.ratio(total.opsPerSecond() / first) : "";
      long allErrors = phases.stream().mapToLong(p -> p.stats().total().errorCount()).sum();
      int outages = phases.stream().mapToInt(p -> p.stats().outages().size()).sum();
      double outageSeconds = phases.stream().mapToDouble(Headline::outageSeconds).sum();
      int degraded = phases.stream().mapToInt(p -> p.stats().degraded().size()).sum();
      RoundComparison.Result rounds = run.result().roundComparison();
      // as the text's star: the paired ratio the verdict reads
      RoundComparison.Row starred = rounds == null ? null : RoundComparison.best(rounds);
      // the paired ratio and the medians disagreeing: no best, the baseline's figures shown under that heading
      boolean undecided = rounds != null && starred == null && !rounds.rows().isEmpty();
      RoundComparison.Row bestRow = undecided ? rounds.rows().get(0) : starred;
      List<String> row;
      String opening;
      if (bestRow != null) {
        // medians over the rounds, the ratio paired with its interval: one round's figures would be one draw of noise
        RoundComparison.Ratio r = bestRow.figures().get(0).vsBaseline();
        ratio = bestRow.baseline() ? "baseline" : r == null ? "" : Decimals.ratio(r.median()) + " ("
            + Decimals.ratioRangeOutward(r.low(), r.high()) + ", " + r.verdict() + ")";
        String label = RoundComparison.label(bestRow.combination(), null);
        List<PhaseResult> bestRounds = phases.stream().filter(p -> p.combination().equals(bestRow.combination()))
            .toList();
        long bestErrors = bestRounds.stream().mapToLong(p -> p.stats().total().errorCount()).sum();
        // its operations over the rounds too, as the row above: one round's would be a draw of the noise
        operations = RunScope.operationsOverRounds(overlay ? run.name() : null, label, bestRounds);
        row = new ArrayList<>(List.of(label + " (median of " + rounds.rounds() + " rounds)",
            oneDecimal(bestRow.figures().get(0).median()), millis(bestRow.figures().get(2).median()), ratio,
            Long.toString(bestErrors), Long.toString(allErrors), Integer.toString(outages),
            Decimals.threeDecimals(outageSeconds), Integer.toString(degraded)));
        String of = comparedKey == null ? "" : " (" + RoundComparison.label(rounds.rows().stream()
            .filter(b -> b.baseline() && b.group().equals(bestRow.group())).findFirst().orElse(bestRow)
            .combination(), null) + ")";
        opening = (overlay ? run.name() + ": " : "") + (undecided ? "no best combination (the paired ratios and the"
            + " medians disagree: see Comparison with noise); " : "best ") + label + " — median "
            + oneDecimal(bestRow.figures().get(0).median()) + " ops/s over " + rounds.rounds() + " rounds, p99 "
            + millis(bestRow.figures().get(2).median()) + " ms, " + (bestRow.baseline()
            ? (comparedKey == null ? firstRow : "the baseline") : ratio + " " + firstRow + of)
            + tail(allErrors, outages, outageSeconds, degraded);
      } else {
        row = new ArrayList<>(List.of(best.label(), oneDecimal(total.opsPerSecond()),
            millis(total.latencyMs().p99()), ratio, Long.toString(total.errorCount()), Long.toString(allErrors),
            Integer.toString(outages), Decimals.threeDecimals(outageSeconds), Integer.toString(degraded)));
        opening = sentence(overlay ? run.name() : null, phases, best, baseline, comparedKey, ratio, allErrors,
            outages, outageSeconds, degraded);
      }
      if (overlay) {
        row.add(0, run.name());
      }
      rows.add(row);
      operationTables.add(operations);
      sentences.add(opening
          + (ClientSection.anyClient(phases, u -> u.clientBound() && !u.onlySharesCpusWithServer())
              ? " The client was the bottleneck in some phases: see Client cost." : "")
          // as the terminal says it: a client that only shared a busy host with the server is not called the bottleneck
          + (ClientSection.anyClient(phases, ClientUsage::onlySharesCpusWithServer)
              ? " The host was saturated, client and server on it, in some phases: see Client cost." : "")
          + (ClientSection.anyClient(phases, ClientUsage::stillCompiling)
              ? " The client was still warming up (compiling) in some phases: see Client cost." : "")
          + (run.result().interrupted() ? " The run was " + HtmlPage.interruption(run.result()) + "." : "")
          + answersDiffer(run));
      sentences.add(scope);
    }
    // a capacity search has no best combination: its own table, and the closed-loop one only for the other runs
    DataTable capacities = CapacityResults.table(runs);
    boolean closedLoop = capacities == null || runs.stream().anyMatch(run -> !CapacityResults.isSearch(run));
    List<DataTable> tables = new ArrayList<>();
    if (closedLoop) {
      tables.add(new DataTable(headers, rows));
      tables.addAll(operationTables);
    }
    if (capacities != null) {
      tables.add(capacities);
    }
    return new Section("results", "Results", (closedLoop ? CLOSED_LOOP : "")
        + (capacities == null ? "" : (closedLoop ? " " : "") + CapacityResults.NOTE), sentences, List.of(), tables,
        false);
  }

  /**
   * The phase {@code phase} is compared with: the first; or, comparing within groups ({@link
   * RoundComparison#comparedKey}), its group's baseline, of the same round when it ran in it.
   */
  static PhaseResult baseline(List<PhaseResult> phases, PhaseResult phase, String comparedKey) {
    if (comparedKey == null) {
      return phases.get(0);
    }
    Map<String, String> first = RoundComparison.groups(phases.stream().map(PhaseResult::combination).distinct()
        .toList(), comparedKey).get(RoundComparison.group(phase.combination(), comparedKey)).get(0);
    List<PhaseResult> runs = phases.stream().filter(p -> p.combination().equals(first)).toList();
    return runs.stream().filter(p -> java.util.Objects.equals(p.round(), phase.round())).findFirst()
        .orElse(runs.get(0));
  }

  private static String sentence(String runName, List<PhaseResult> phases, PhaseResult best, PhaseResult baseline,
                                 String comparedKey, String ratio, long allErrors, int outages, double outageSeconds,
                                 int degraded) {
    OperationStats total = best.stats().total();
    StringBuilder out = new StringBuilder(runName == null ? "" : runName + ": ");
    out.append(phases.size() > 1 ? "best " : "").append(best.label()).append(" — ")
        .append(oneDecimal(total.opsPerSecond())).append(" ops/s, p99 ").append(millis(total.latencyMs().p99())).append(" ms");
    // the others it is the baseline of: every other phase, or its group's
    List<PhaseResult> others = phases.stream().filter(p -> p != best && baseline(phases, p, comparedKey) == best)
        .toList();
    if (phases.size() > 1 && best == baseline) {
      double first = total.opsPerSecond();
      double low = others.stream().mapToDouble(p -> p.stats().total().opsPerSecond()).min().orElse(0);
      double high = others.stream().mapToDouble(p -> p.stats().total().opsPerSecond()).max().orElse(0);
      out.append(comparedKey == null ? ", the first row" : ", the baseline of its group")
          .append(first > 0 && !others.isEmpty() ? " (the others " + Decimals.ratio(low / first)
          + (low == high ? "" : " to " + Decimals.ratio(high / first)) + " of it)" : "");
    } else if (phases.size() > 1) {
      out.append(", ").append(ratio).append(comparedKey == null ? " the first row (" : " its baseline (")
          .append(baseline.label()).append(')');
    }
    return out.append(tail(allErrors, outages, outageSeconds, degraded)).toString();
  }

  /** {@code ; no errors; no outage.} and the degraded windows. */
  /** The operations measured although their answers differ between the targets, said in the headline. */
  private static String answersDiffer(NamedResult run) {
    java.util.Set<String> marked = stress.report.AnswersDiffer.of(run.result());
    return marked.isEmpty() ? "" : " Answers differ between the targets for " + String.join(", ", marked)
        + " (measured with --measure-different): their figures, and the totals of a mix that holds them, compare"
        + " different answers.";
  }

  private static String tail(long allErrors, int outages, double outageSeconds, int degraded) {
    StringBuilder out = new StringBuilder();
    out.append("; ").append(allErrors == 0 ? "no errors" : allErrors + (allErrors == 1 ? " error" : " errors"))
        .append("; ").append(outages == 0 ? "no outage" : outages + (outages == 1 ? " outage" : " outages")
            + " (" + Decimals.threeDecimals(outageSeconds) + " s)");
    if (degraded > 0) {
      out.append(", ").append(degraded).append(degraded == 1 ? " degraded window" : " degraded windows");
    }
    return out.append('.').toString();
  }

  private static double outageSeconds(PhaseResult phase) {
    PhaseStats stats = phase.stats();
    return stats.outages().stream().mapToDouble((Outage o) -> o.lengthSeconds(stats.durationSeconds())).sum();
  }

  /** The phase with the highest ops/s, the first of them on a tie (as the text comparison marks it). */
  static int winner(List<PhaseResult> phases) {
    int best = 0;
    for (int i = 1; i < phases.size(); i++) {
      if (phases.get(i).stats().total().opsPerSecond() > phases.get(best).stats().total().opsPerSecond()) {
        best = i;
      }
    }
    return best;
  }
}
