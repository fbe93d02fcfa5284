package stress.app;

import java.io.PrintStream;
import stress.report.ClientUsageText;
import java.util.List;
import stress.metrics.HostStats;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;
import stress.report.TextReport;
import stress.runner.PhaseSpec;
import stress.runner.RunListener;

/** Prints interval lines and each phase's summary as they happen. */
final class PrintingRunListener implements RunListener {
  private final PrintStream out;
  /** Operations whose answers differ between the targets compared, said under each summary that holds them. */
  private final java.util.Set<String> answersDiffer;

  /** True when the phases measure a MongoDB target: PostgreSQL's statement mode, pool and settings do not apply. */
  private final boolean mongodb;

  PrintingRunListener(PrintStream out) {
    this(out, java.util.Set.of(), false);
  }

  PrintingRunListener(PrintStream out, java.util.Set<String> answersDiffer, boolean mongodb) {
    this.out = out;
    this.answersDiffer = answersDiffer;
    this.mongodb = mongodb;
  }

  private int phasesBefore;
  private int phasesPlanned;

  /** Numbers phases within a plan of {@code planned} phases, {@code before} of them run by others; returns this. */
  PrintingRunListener numbering(int before, int planned) {
    this.phasesBefore = before;
    this.phasesPlanned = planned;
    return this;
  }

  @Override
  public void phaseStarted(PhaseSpec phase, int index, int count) {
    out.println();
    out.println("phase " + (phasesBefore + index + 1) + "/" + (phasesPlanned > 0 ? phasesPlanned : count) + ": "
        + label(phase, mongodb));
  }

  /** A phase as its line names it: a MongoDB target's by its threads (and round), PostgreSQL's choices not its own. */
  static String label(PhaseSpec phase, boolean mongodb) {
    return mongodb ? "threads=" + phase.threads() + (phase.round() > 0 ? " round=" + phase.round() : "") : phase.label();
  }

  @Override
  public void interval(PhaseSpec phase, IntervalStats stats) {
    out.println(TextReport.intervalLine(stats));
  }

  @Override
  public void phaseFinished(PhaseSpec phase, PhaseStats stats) {
    out.print(TextReport.summary(null, stats)); // phaseStarted named the phase
    java.util.Set<String> marked = new java.util.TreeSet<>(answersDiffer);
    marked.retainAll(stats.operations().stream().map(o -> o.name()).toList());
    if (!marked.isEmpty()) {
      out.println(stress.report.AnswersDiffer.MARK + ": " + String.join(", ", marked) + " (measured with"
          + " --measure-different: these figures answer a different question on each target)");
    }
  }

  @Override
  public void hostsFinished(PhaseSpec phase, PhaseStats total, List<HostStats> hosts) {
    out.print(TextReport.hostTable(hosts, total));
  }

  @Override
  public void clientFinished(PhaseSpec phase, stress.metrics.ClientUsage client) {
    out.print(ClientUsageText.lines(client));
  }
}
