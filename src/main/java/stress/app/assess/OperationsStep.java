package stress.app.assess;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import stress.app.against.CheckJob;
import stress.mongodb.MongoTarget;
import stress.mongolog.LogWorkloads;
import stress.report.assess.ImportSection;
import stress.report.assess.OperationsSection;
import stress.report.assess.OperationsSection.Shape;
import stress.report.assess.WorkloadSection;
import stress.workload.Application;
import stress.model.MongoRecorded;
import stress.workload.MongoSpec;
import stress.workload.WorkloadFile;

/**
 * Each operation shape of the workload step's files, and each shape the translation refused there, weighted by its
 * logged statements: translates, translates with the differences its operators are documented to have
 * ({@link TranslationDifferences}), or refused with its operator; with {@code --against}, its answers checked
 * ({@link AnswerChecks}). The rules are in docs/assess.md, "operations".
 */
final class OperationsStep implements AssessStep {
  static final String NAME = "operations";
  /** Draws of each read's values in a full check ({@code run --against}'s default), and in a shrunk one. */
  static final int DRAWS = 5;
  static final int SHRUNK_DRAWS = 1;
  /** The reads assumed when the plan is made, before the workload step has counted them. */
  private static final int ASSUMED_OPERATIONS = 20;
  private static final Set<String> READS = Set.of("find", "countDocuments", "aggregate");
  private static final int STATEMENT_CHARS = 200;
  private static final JsonWriterSettings RELAXED = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "each operation shape: translated, with a named difference, or refused";
  }

  @Override
  public String skipReason(AssessContext context) {
    return null;
  }

  @Override
  public Duration estimate(AssessContext context) {
    return Duration.ofSeconds(2 + (context.request().against() == null ? 0 : 5 + ASSUMED_OPERATIONS * DRAWS / 2));
  }

  /** Without the answer checks: the shapes are classified from their text alone. */
  @Override
  public Duration minimum(AssessContext context) {
    return Duration.ofSeconds(2);
  }

  @Override
  public Object run(AssessContext context, Duration allowance) throws Exception {
    WorkloadSection workload = context.section(WorkloadStep.NAME, WorkloadSection.class).orElseThrow(
        () -> new IllegalStateException("the workload step has no section: the operations are not known"));
    ImportSection imported = context.section(ImportStep.NAME, ImportSection.class).orElse(null);
    List<AnswerChecks.Collection> collections = collections(workload, imported);
    String against = context.request().against();
    String checkProblem;
    AnswerChecks.Checked checked = null;
    Duration full = estimate(context);
    if (against == null) {
      checkProblem = "no MongoDB server given (--against URL, holding the same data)";
    } else if (allowance.compareTo(Duration.ofSeconds(7)) < 0) {
      checkProblem = "--budget left this step " + AssessPlan.text(allowance) + ", and the checks need more";
    } else {
      int draws = allowance.compareTo(full) >= 0 ? DRAWS : SHRUNK_DRAWS;
      checked = AnswerChecks.run(context, collections, draws, context.stepDir(NAME));
      checkProblem = checked.serverProblem() != null ? checked.serverProblem() : oneLine(checked.problems(),
          collections.size());
    }
    List<Shape> shapes = new ArrayList<>();
    for (AnswerChecks.Collection c : collections) {
      Map<String, String> derived = LogWorkloads.differences(c.file());
      Map<String, CheckJob.Outcome> outcomes = checked == null ? null : checked.outcomes().get(c.ns());
      String problem = checked == null ? checkProblem
          : checked.serverProblem() != null ? checked.serverProblem() : checked.problems().get(c.ns());
      for (Map.Entry<String, Integer> op : c.workload().weights().entrySet()) {
        shapes.add(translated(c, op.getKey(), op.getValue(), derived.get(op.getKey()),
            outcomes == null ? null : outcomes.get(op.getKey()), problem));
      }
    }
    for (WorkloadSection.Refusal r : workload.refusals()) {
      String table = imported != null && imported.tableOf(r.ns()) != null ? imported.tableOf(r.ns())
          : ImportStep.naming().nameFor(namespace(r.ns()));
      shapes.add(new Shape(r.ns(), table, r.kind(), r.kind(), r.entries(), 0, OperationsSection.REFUSED, null,
          List.of(), null, r.operator(), r.reason(), "not checked: refused by the translation", null,
          shorten(r.kind() + ": " + r.statement()), change(r)));
    }
    return OperationsTally.section(workload.source(), shapes, against == null ? null
        : MongoTarget.withoutPassword(against), checkProblem);
  }

  /** The collections with their workload files: the workload step's, else the listing of the workload given. */
  private static List<AnswerChecks.Collection> collections(WorkloadSection workload, ImportSection imported) {
    List<AnswerChecks.Collection> out = new ArrayList<>();
    if (workload.files().isEmpty()) {
      for (Application.Collection c : Application.load(Path.of(workload.directory())).collections()) {
        out.add(collection(c.namespace(), c.table(), c.workload().file(), imported));
      }
      return out;
    }
    for (WorkloadSection.File f : workload.files()) {
      out.add(collection(f.ns(), f.table(), Path.of(f.file()), imported));
    }
    return out;
  }

  private static AnswerChecks.Collection collection(String ns, String table, Path file, ImportSection imported) {
    String importTable = imported == null ? null : imported.tableOf(ns);
    long rows = imported == null ? -1 : imported.tables().stream().filter(t -> t.ns().equals(ns))
        .mapToLong(ImportSection.Table::loaded).findFirst().orElse(-1);
    return new AnswerChecks.Collection(ns, importTable != null ? importTable : table, file, WorkloadFile.load(file),
        rows);
  }

  private static Shape translated(AnswerChecks.Collection c, String name, int weight, String derivedAs,
                                  CheckJob.Outcome outcome, String problem) {
    MongoSpec spec = c.workload().mongo().get(name);
    MongoRecorded recorded = c.workload().recorded().get(name);
    long entries = recorded != null ? recorded.entries() : weight;
    if (spec == null) {
      return new Shape(c.ns(), c.table(), name, "sql", entries, 0, OperationsSection.TRANSLATES, null, List.of(),
          derivedAs, null, null, "not checked: SQL written by hand has no MongoDB form", null, null, null);
    }
    Map<String, String> differences = TranslationDifferences.of(spec, derivedAs);
    String check = outcome != null ? verdict(outcome, spec.kind())
        : !READS.contains(spec.kind()) ? "not checked: a write"
        : "not checked: " + (problem != null ? problem : "no answer from the check");
    return new Shape(c.ns(), c.table(), name, spec.kind(), entries, 0, differences.isEmpty()
        ? OperationsSection.TRANSLATES : OperationsSection.WITH_DIFFERENCE, TranslationDifferences.text(differences),
        List.copyOf(new LinkedHashMap<>(differences).keySet()), derivedAs, null, null, check,
        outcome == null ? null : outcome.line(), shorten(spec.kind() + ": " + spec.spec().toJson(RELAXED)), null);
  }

  /** The check's verdict in the section's words. */
  static String verdict(CheckJob.Outcome o, String kind) {
    return switch (o.verdict()) {
      case SAME -> "same";
      case SAME_WITHIN_JSONB -> "same within jsonb's limits";
      case DIFFERENT -> "different";
      case REFUSED_BY_POSTGRESQL -> "refused by PostgreSQL";
      case REFUSED_BY_MONGODB -> "refused by MongoDB";
      case TIMED_OUT -> "timed out";
      case NO_COLLECTION -> "not checked: the collection is missing or empty on the MongoDB server";
      case NOT_CHECKED, WRITTEN_ONCE -> READS.contains(kind) ? "not checked: "
          + o.line().replaceFirst("^.*?: not (checked|tried): ", "") : "not checked: a write";
    };
  }

  /** The problems of the collections in one line: the first, and how many more have one. */
  static String oneLine(Map<String, String> problems, int collections) {
    if (problems.isEmpty()) {
      return null;
    }
    if (problems.size() < collections) {
      return null; // some were checked: each collection says its own
    }
    String first = problems.values().iterator().next();
    return first + (problems.size() == 1 ? "" : "; likewise " + (problems.size() - 1) + " more of the "
        + collections + " collections (does the server hold this application's databases?)");
  }

  /** What to change for a refused shape: the refusal's own advice, else the operator to write without. */
  static String change(WorkloadSection.Refusal r) {
    for (String part : r.reason().split("; ")) {
      if (part.matches("(write|compute|use|did you mean) .*")) {
        return "rewrite the statement: " + part;
      }
    }
    return r.operator() == null ? "rewrite the statement: " + r.reason().replaceFirst("^\\w+: ", "")
        : "rewrite the statement without " + r.operator() + " (the translation refuses it)";
  }

  static String shorten(String text) {
    return text.length() <= STATEMENT_CHARS ? text : text.substring(0, STATEMENT_CHARS - 3) + "...";
  }

  private static stress.dump.naming.Namespace namespace(String ns) {
    int dot = ns.indexOf('.');
    return new stress.dump.naming.Namespace(ns.substring(0, dot), ns.substring(dot + 1));
  }

  @Override
  public String reproduce(AssessContext context) {
    String workload = new WorkloadStep().reproduce(context);
    if (context.request().against() == null) {
      return workload;
    }
    String url = MongoTarget.withoutPassword(context.request().against());
    List<String> checks = new ArrayList<>();
    context.section(WorkloadStep.NAME, WorkloadSection.class).ifPresent(w -> w.files().forEach(f -> checks.add(
        context.stress("check") + " --workload " + f.file() + " " + stress.model.TableName.option(null, f.table())
        + " --against "
        + url + " --collection " + f.ns())));
    return workload + (checks.isEmpty() ? "; then " + context.stress("check")
        + " --workload FILE --table TABLE --against " + url
        + " --collection DB.COLLECTION per collection" : "; " + String.join("; ", checks));
  }
}
