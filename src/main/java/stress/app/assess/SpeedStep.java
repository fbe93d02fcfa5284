package stress.app.assess;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import stress.app.Commands;
import stress.config.RunConfig;
import stress.model.UsageException;
import stress.report.JsonReport;
import stress.report.RunResult;
import stress.report.assess.ImportSection;
import stress.report.assess.SpeedSection;
import stress.report.assess.WorkloadSection;
import stress.workload.Application;

/**
 * The application's speed on the target: its workload run whole at its logged mix and rate, as
 * {@code stress run --workload DIR --rate log} runs it (each shape's p50/p99 then beside MongoDB's logged figures), then
 * its capacity under {@code --slo} as {@code run --slo} searches and checks it, with the lengths fitted to the step's
 * allowance ({@link SpeedBudget}). Each run's output and result files are kept under the step's folder.
 */
final class SpeedStep implements AssessStep {
  static final String NAME = "speed";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "the application at its logged rate, and its capacity under the objective";
  }

  @Override
  public String skipReason(AssessContext context) {
    return null;
  }

  @Override
  public Duration estimate(AssessContext context) {
    return SpeedBudget.expected(context.request().slo(), Double.NaN, SpeedRuns.toJudge(context.request().slo()));
  }

  @Override
  public Duration minimum(AssessContext context) {
    return SpeedBudget.minimum();
  }

  @Override
  public Object run(AssessContext context, Duration allowance) throws Exception {
    AssessRequest r = context.request();
    WorkloadSection workload = context.section(WorkloadStep.NAME, WorkloadSection.class).orElseThrow(
        () -> new IllegalStateException("the workload step did not finish: no workload to run"));
    boolean standIn = !workload.standIns().isEmpty() || context.section(ImportStep.NAME, ImportSection.class)
        .map(ImportSection::standIn).orElse(false);
    Path listing = Path.of(workload.directory());
    Application application = Application.load(listing);
    double loggedRate = loggedRate(application);
    boolean paced = Double.isFinite(loggedRate);
    SpeedBudget budget = SpeedBudget.fit(allowance, r.slo(), loggedRate, SpeedRuns.toJudge(r.slo()));

    Path dir = context.stepDir(NAME);
    Path appDir = fresh(dir.resolve("application"));
    String appCommand = SpeedRuns.applicationCommand(context.stress("run"), listing, paced, budget.appWarmup(),
        budget.appLength(), appDir);
    context.out().println("  the application " + (paced ? "at its logged rate, " + rate(loggedRate) + " ops/s,"
        : "unthrottled (the log gives no rate),") + " for " + AssessPlan.text(budget.appLength()) + ": " + appCommand);
    RunConfig appRun = SpeedRuns.application(application, loggedRate, budget.appWarmup(), budget.appLength(), appDir,
        r.seed());
    RunResult appResult = runInto(appDir, out -> Commands.run(appRun, context.target(), out));

    SpeedSection.Capacity capacity;
    if (budget.search() == null) {
      capacity = SpeedReading.notSearched(r.slo(), loggedRate, budget.skipped(), budget.shrunk());
      context.out().println("  capacity not searched: " + budget.skipped());
    } else {
      Path capDir = fresh(dir.resolve("capacity"));
      Duration limit = budget.searchLimit(allowance);
      String capCommand = SpeedRuns.searchCommand(context.stress("run"), listing, paced, r.slo(), budget.search(),
          limit, capDir);
      context.out().println("  its capacity under " + r.slo() + (budget.shrunk() == null ? "" : " (" + budget.shrunk()
          + ")") + ": " + capCommand);
      RunConfig steps = SpeedRuns.application(application, loggedRate, budget.search().stepWarmup(),
          budget.search().stepLength(), capDir, r.seed());
      RunResult capResult = runInto(capDir, out -> Commands.capacity(steps,
          SpeedRuns.search(r.slo(), application, loggedRate, budget.search(), limit), context.target(), out));
      capacity = SpeedReading.capacity(capResult, r.slo(), budget.shrunk(), capCommand);
    }
    return new SpeedSection(standIn, dir.toAbsolutePath().toString(), SpeedReading.shapes(application, appResult),
        SpeedReading.application(appResult, paced, appCommand), capacity);
  }

  /** The rate the log shows for the whole application, NaN when its files give no logged times. */
  static double loggedRate(Application application) {
    try {
      return application.merged().loggedRate(application.merged().weights().keySet());
    } catch (UsageException e) {
      return Double.NaN;
    }
  }

  private interface Command {
    Commands.Outcome run(PrintStream out) throws Exception;
  }

  /**
   * Runs a command into {@code dir} (its {@code --out}, which must be new), its printed output kept beside it in
   * {@code DIR-output.txt}, and reads the result.json it wrote.
   */
  private static RunResult runInto(Path dir, Command command) throws Exception {
    Path output = dir.resolveSibling(dir.getFileName() + "-output.txt");
    Commands.Outcome outcome;
    try (PrintStream out = new PrintStream(Files.newOutputStream(output), true)) {
      outcome = command.run(out);
    }
    Path json = dir.resolve("result.json");
    if (!Files.isRegularFile(json)) {
      throw new IllegalStateException("the run ended with exit " + outcome.exitCode().code() + " and wrote no result:"
          + " see " + output);
    }
    return JsonReport.read(json);
  }

  /** The folder of a run, emptied: a re-run of the step starts its runs again ({@code --out} takes a new folder). */
  private static Path fresh(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (var paths = Files.walk(dir)) {
        for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    return dir;
  }

  private static String rate(double r) {
    return stress.report.capacity.CapacitySearchResult.rate(r);
  }

  @Override
  public String reproduce(AssessContext context) {
    AssessRequest r = context.request();
    Path listing = r.workload() != null ? r.workload() : r.out().resolve("steps").resolve(WorkloadStep.NAME);
    Path dir = r.out().resolve("steps").resolve(NAME);
    String app = SpeedRuns.applicationCommand(context.stress("run"), listing, true, SpeedBudget.APP_WARMUP,
        SpeedBudget.APP_LENGTH, dir.resolve("application"));
    return r.slo() == null ? app : app + "; " + SpeedRuns.searchCommand(context.stress("run"), listing, true,
        r.slo(), SpeedBudget.SEARCH, null, dir.resolve("capacity"));
  }
}
