package stress.app.assess;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import stress.app.KeptServerJob;
import stress.app.process.ExitCode;
import stress.app.process.Interruption;
import stress.connect.ConnectionOptions;
import stress.model.UsageException;
import stress.report.JsonReport;
import stress.report.assess.AssessmentReport;

/**
 * {@code stress assess}: the application's dump and log taken through the tool's own commands, step by step (the
 * workload from the log, the data, the import, the operations, the indexes, the layout, the speed and the capacity),
 * each step's section saved as it finishes, then one report: a summary of one screen, {@code assessment.json} and
 * {@code report.html}, with a verdict per collection and for the application.
 */
public final class AssessJob {
  private final AssessRequest request;
  private final List<AssessStep> steps;
  private final PrintStream out;

  public AssessJob(AssessRequest request, PrintStream out) {
    this(request, AssessSteps.all(request.dropExisting()), out);
  }

  /** With other steps: tests stop an assessment in a step of theirs to check what a re-run resumes. */
  AssessJob(AssessRequest request, List<AssessStep> steps, PrintStream out) {
    this.request = request;
    this.steps = steps;
    this.out = out;
  }

  public ExitCode run() throws Exception {
    check(request);
    AssessState state = AssessState.open(request);
    ConnectionOptions target = request.connection();
    if (AssessState.target(target).equals("embedded")) {
      out.println("connection: none given (--url, -h/--host or PGHOST), so the kept embedded PostgreSQL: the"
          + " assessment's tables stay there for the commands it names ('stress embedded stop' stops it)");
      ExitCode started = KeptServerJob.atDefaultDirectory(out).start();
      if (started != ExitCode.OK) {
        return started;
      }
    }
    AssessContext context = new AssessContext(request, state, target, out);
    AssessPlan plan = AssessPlan.of(steps, context, request.budget());
    printPlan(plan, state);
    writePlan(plan, state, context);
    state.save();
    ExitCode exit = ExitCode.OK;
    try (Interruption interruption = Interruption.install()) {
      int n = 0;
      for (AssessPlan.Planned p : plan.steps()) {
        n++;
        String name = p.step().name();
        String head = "step " + n + "/" + plan.steps().size() + " " + name;
        if (!p.runs()) {
          out.println(head + ": skipped: " + p.skipped());
          continue;
        }
        if (state.done(name)) {
          out.println(head + ": done in an earlier run of this assessment, kept");
          continue;
        }
        if (interruption.signalled()) {
          mark(state, name, "interrupted", "not started: the assessment was stopped before it");
          exit = ExitCode.INTERRUPTED;
          continue;
        }
        out.println(head + ": " + p.step().title() + " (expected " + AssessPlan.text(p.allowance())
            + (p.shrunk() ? ", shrunk from " + AssessPlan.text(p.estimate()) + " to fit --budget" : "") + ")");
        long start = System.nanoTime();
        Object section;
        try {
          section = p.step().run(context, p.allowance());
        } catch (RequestRefused | InterruptedException e) {
          throw e;
        } catch (Exception e) {
          // a command the step ran refused its part (UsageException): the step failed, the request stands
          String why = (e instanceof UsageException ? "refused: " : "")
              + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
          mark(state, name, "failed", why);
          state.save();
          out.println(head + ": failed: " + why);
          exit = ExitCode.FAILURE;
          break;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (interruption.signalled()) {
          mark(state, name, "interrupted", "stopped by Ctrl-C while it ran: a re-run with --out "
              + request.out() + " runs it again");
          state.save();
          exit = ExitCode.INTERRUPTED;
          continue;
        }
        state.saveSection(name, section);
        ObjectNode entry = entry(state, name);
        entry.put("status", "done");
        entry.put("seconds", Math.round(seconds * 10) / 10.0);
        state.save();
        out.println(String.format(Locale.ROOT, "%s: done in %.1f s", head, seconds));
      }
      state.root().put("complete", exit == ExitCode.OK);
      AssessmentReport.write(state.root(), request.out(), out);
      state.save();
      return exit;
    }
  }

  /** The inputs checked before anything runs: each given path there, and something to assess. */
  static void check(AssessRequest r) {
    if (r.dump() == null && r.logs().isEmpty() && r.workload() == null) {
      throw new UsageException("assess needs the application: --dump DIR (its data), --log FILE (its operations), or"
          + " both; --workload DIR instead of a log");
    }
    if (r.dump() != null && !Files.exists(r.dump())) {
      throw new UsageException("--dump " + r.dump() + ": not there");
    }
    for (Path log : r.logs()) {
      if (!Files.isRegularFile(log)) {
        throw new UsageException("--log " + log + ": not a file");
      }
    }
    if (r.workload() != null && !Files.exists(r.workload())) {
      throw new UsageException("--workload " + r.workload() + ": not there");
    }
    if (r.workload() != null && !r.logs().isEmpty()) {
      throw new UsageException("--workload and --log both give the operations: give one (the log's are derived into"
          + " a workload of the assessment's own)");
    }
    if (r.budget().isNegative() || r.budget().isZero()) {
      throw new UsageException("--budget must be above zero, got " + AssessPlan.text(r.budget()));
    }
  }

  private void printPlan(AssessPlan plan, AssessState state) {
    out.println("plan: " + plan.steps().stream().filter(AssessPlan.Planned::runs).count() + " of "
        + plan.steps().size() + " steps, expected " + AssessPlan.text(plan.total()) + " (--budget "
        + AssessPlan.text(plan.budget()) + ")" + (state.resumed() ? "; resuming the assessment in " + request.out()
        : "; the report goes to " + request.out()));
    int n = 0;
    for (AssessPlan.Planned p : plan.steps()) {
      n++;
      out.println(String.format(Locale.ROOT, "  %d. %-11s %s", n, p.step().name(), !p.runs() ? "skipped: " + p.skipped()
          : state.done(p.step().name()) ? "done earlier, kept"
          : AssessPlan.text(p.allowance()) + (p.shrunk() ? " (shrunk from " + AssessPlan.text(p.estimate())
          + " to fit --budget)" : "")));
    }
  }

  /** The plan as the file keeps it: every step, its status, its time and the command that reproduces it. */
  private void writePlan(AssessPlan plan, AssessState state, AssessContext context) {
    ArrayNode list = JsonReport.mapper().createArrayNode();
    for (AssessPlan.Planned p : plan.steps()) {
      ObjectNode e = list.addObject();
      String name = p.step().name();
      ObjectNode earlier = entry(state, name);
      e.put("step", name);
      e.put("title", p.step().title());
      e.put("status", state.done(name) ? "done" : p.runs() ? "planned" : "skipped");
      e.put("reason", p.skipped());
      e.put("estimateSeconds", p.estimate().toSeconds());
      e.put("allowanceSeconds", p.allowance().toSeconds());
      e.set("seconds", earlier == null ? null : earlier.get("seconds"));
      e.put("reproduce", p.runs() ? p.step().reproduce(context) : null);
    }
    state.root().set("plan", list);
  }

  private static ObjectNode entry(AssessState state, String step) {
    for (var e : state.root().path("plan")) {
      if (step.equals(e.path("step").asText())) {
        return (ObjectNode) e;
      }
    }
    return null;
  }

  private static void mark(AssessState state, String step, String status, String reason) {
    ObjectNode e = entry(state, step);
    if (e != null) {
      e.put("status", status);
      e.put("reason", reason);
    }
  }

}
