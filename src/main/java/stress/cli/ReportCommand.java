package stress.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import stress.app.ReportJob;

/** {@code stress report}: the HTML page of a run, or of two runs overlaid. */
@Command(name = "report", usageHelpAutoWidth = true,
    description = {"Write report.html: charts and tables of a run, one self-contained file that opens without a network.",
        "One run (a directory holding result.json, or a result JSON file): writes report.html beside it.",
        "Two runs (before, after): both on the same charts, labelled by directory name; writes"
            + " results/report-BEFORE-vs-AFTER.html. The same run twice is refused."})
final class ReportCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Parameters(paramLabel = "RUN", arity = "1..2",
      description = "A run directory (with result.json) or a result JSON file; two for a before/after overlay.")
  List<Path> runs;

  @Option(names = "--out", paramLabel = "FILE",
      description = "Where to write the page (default: report.html in the run's directory;"
          + " results/report-BEFORE-vs-AFTER.html for two runs).")
  Path out;

  @Override
  public Integer call() {
    return ReportJob.run(runs, out, root.out).code();
  }
}
