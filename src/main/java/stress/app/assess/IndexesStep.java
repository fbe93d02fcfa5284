package stress.app.assess;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import stress.app.Commands;
import stress.app.ExplainRequest;
import stress.app.IndexJob;
import stress.app.index.MongoIndexMapping;
import stress.app.plan.RouteCheck;
import stress.config.Defaults;
import stress.dump.DumpCollection;
import stress.dump.DumpScanner;
import stress.load.TableSetup;
import stress.model.OperationSettings;
import stress.mongo.value.PathFacts;
import stress.mongo.value.PathFactsStore;
import stress.report.JsonReport;
import stress.report.assess.ImportSection;
import stress.report.assess.IndexesSection;
import stress.report.assess.WorkloadSection;
import stress.server.TargetDetector;
import stress.table.DocumentTable;
import stress.workload.IndexSpec;
import stress.workload.WorkloadFile;

/**
 * The indexes, per collection: the dump's MongoDB indexes mapped ({@link MongoIndexMapping}); the buildable ones and
 * those {@code stress index --suggest} adds built on the assessment's own target, as that command builds them (so the
 * later steps measure the application with the indexes it would have there, and its writes pay for the same indexes
 * as on MongoDB); then each operation explained as {@code stress explain} explains it, read as one line per shape
 * ({@link ShapePlans}). Each command's own output is kept in the step's folder.
 */
final class IndexesStep implements AssessStep {
  static final String NAME = "indexes";
  /** Bytes of the dump a second the estimate assumes for reading the paths and building the indexes. */
  private static final long BYTES_PER_SECOND = 10_000_000;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "the indexes: the dump's and the suggested ones built on the target, then each shape's plan";
  }

  @Override
  public String skipReason(AssessContext context) {
    return null;
  }

  @Override
  public Duration estimate(AssessContext context) {
    return Duration.ofSeconds(10 + context.dumpBytes() / BYTES_PER_SECOND);
  }

  @Override
  public Object run(AssessContext context, Duration allowance) throws Exception {
    WorkloadSection workload = context.section(WorkloadStep.NAME, WorkloadSection.class).orElseThrow(
        () -> new IllegalStateException("the workload step did not finish: no operations to explain"));
    ImportSection imported = context.section(ImportStep.NAME, ImportSection.class).orElse(null);
    Map<String, List<JsonNode>> dumpIndexes = dumpIndexes(context.request().dump());
    Path dir = context.stepDir(NAME);
    List<IndexesSection.Collection> collections = new ArrayList<>();
    List<IndexesSection.Shape> shapes = new ArrayList<>();
    String target;
    try (PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve("output.txt")), true)) {
      target = Commands.onTarget(context.target(), log, c -> TargetDetector.detect(c).kind().displayName());
      for (WorkloadSection.File f : workload.files()) {
        String table = imported != null && imported.tableOf(f.ns()) != null ? imported.tableOf(f.ns()) : f.table();
        context.out().println("  " + f.ns() + " (" + table + ")");
        collections.add(collection(context, dir, log, f, table, dumpIndexes.getOrDefault(f.ns(), List.of()), shapes));
      }
    }
    return new IndexesSection(true, target, collections, shapes);
  }

  private static IndexesSection.Collection collection(AssessContext context, Path dir, PrintStream log,
                                                      WorkloadSection.File f, String table, List<JsonNode> indexes,
                                                      List<IndexesSection.Shape> shapes) throws Exception {
    List<MongoIndexMapping.Mapped> mapped = Commands.onTarget(context.target(), log, c -> {
      if (!TableSetup.exists(c, null, table)) {
        return null;
      }
      DocumentTable t = TableSetup.existing(c, null, table, false);
      Set<String> paths = new TreeSet<>();
      indexes.forEach(i -> paths.addAll(MongoIndexMapping.paths(i)));
      Map<String, PathFacts> facts = PathFactsStore.read(c, t, paths).paths();
      return indexes.stream().map(i -> MongoIndexMapping.map(i, facts, t)).toList();
    });
    if (mapped == null) {
      return new IndexesSection.Collection(f.ns(), table, f.file(), List.of(), List.of(), List.of(), "table " + table
          + " is not on the target (the import did not load it): nothing built or explained");
    }
    List<IndexesSection.DumpIndex> dump = mapped.stream().map(m -> new IndexesSection.DumpIndex(m.name(), m.key(),
        m.options(), m.kind(), m.buildable(), m.builtAs(), m.createIndex(), m.instead(), m.note())).toList();
    Path file = withDumpIndexes(Path.of(f.file()), dir.resolve(table + ".yaml"), mapped);
    WorkloadFile workload = WorkloadFile.load(file);
    IndexJob.Result[] result = new IndexJob.Result[1];
    String error = null;
    try (PrintStream out = new PrintStream(Files.newOutputStream(dir.resolve(table + ".index.txt")), true)) {
      Commands.index(workload, null, table, Duration.ZERO, true, false, context.target(), out, r -> result[0] = r);
    } catch (RuntimeException e) {
      error = "stress index --suggest failed: " + e.getMessage();
    }
    List<IndexesSection.Built> built = new ArrayList<>();
    List<IndexesSection.Suggested> suggested = new ArrayList<>();
    Set<String> ours = new HashSet<>(); // an index's name follows from the table's name alone
    mapped.stream().filter(m -> m.spec() != null).forEach(m -> ours.add(m.spec().name(new DocumentTable(null,
        table, stress.table.IdType.TEXT))));
    if (result[0] != null) {
      Set<String> dropped = new HashSet<>(result[0].suggested().stream().filter(s -> s.outcome().equals("dropped"))
          .map(IndexJob.Suggested::name).toList());
      for (IndexJob.Built b : result[0].built()) {
        if (dropped.contains(b.name())) {
          continue; // built for its trial, dropped again
        }
        built.add(new IndexesSection.Built(b.name(), b.createIndex(), b.where().contains(": suggested ") ? "suggested"
            : "dump", Math.round(b.seconds() * 100) / 100.0));
        ours.add(b.name());
      }
      for (IndexJob.Suggested s : result[0].suggested()) {
        suggested.add(new IndexesSection.Suggested(s.entry(), s.createIndex(), s.forOperations(), s.outcome(),
            s.reason() != null ? s.reason() : "already there: " + s.there()));
        if (!s.outcome().equals("dropped")) {
          ours.add(s.name());
        }
      }
    }
    RouteCheck.Result[] explained = new RouteCheck.Result[1];
    try (PrintStream out = new PrintStream(Files.newOutputStream(dir.resolve(table + ".explain.txt")), true)) {
      ExplainRequest request = new ExplainRequest(ExplainRequest.operationNames(null, workload), null, table,
          new OperationSettings(Integer.parseInt(Defaults.BATCH), Integer.parseInt(Defaults.LIMIT_MIN),
              Integer.parseInt(Defaults.LIMIT_MAX), Integer.parseInt(Defaults.FETCH_SIZE)),
          context.request().seed(), Integer.parseInt(Defaults.KEY_SAMPLE), false, Duration.ofSeconds(60),
          Duration.ZERO, workload, null, true);
      Commands.explain(request, context.target(), out, r -> explained[0] = r);
    } catch (RuntimeException e) {
      error = (error == null ? "" : error + "; ") + "stress explain failed: " + e.getMessage();
    }
    if (explained[0] != null) {
      shapes.addAll(ShapePlans.of(f.ns(), workload.weights(), explained[0], ours));
    }
    return new IndexesSection.Collection(f.ns(), table, file.toString(), dump, suggested, built, error);
  }

  /**
   * The workload file with the dump's buildable indexes as its {@code indexes:} (each once, paths quoted), written to
   * {@code copy}; a file that has an {@code indexes:} section of its own is copied as it is (its entries are built).
   */
  static Path withDumpIndexes(Path original, Path copy, List<MongoIndexMapping.Mapped> mapped) throws IOException {
    String text = Files.readString(original);
    Set<String> entries = new LinkedHashSet<>();
    for (MongoIndexMapping.Mapped m : mapped) {
      if (m.spec() != null) {
        entries.add(entry(m.spec()));
      }
    }
    if (!entries.isEmpty() && WorkloadFile.read(original, text).indexes().isEmpty()) {
      StringBuilder b = new StringBuilder(text.endsWith("\n") ? text : text + "\n");
      b.append("# The dump's indexes the tool builds (stress assess, from the collection's metadata.json)\nindexes:\n");
      entries.forEach(e -> b.append("  - ").append(e).append('\n'));
      text = b.toString();
    }
    Files.writeString(copy, text);
    return copy;
  }

  /** An {@code indexes:} entry, its paths quoted: {@code {path: ["status", "createdAt"], type: [string, date]}}. */
  static String entry(IndexSpec spec) throws IOException {
    List<String> paths = new ArrayList<>();
    for (List<String> p : spec.paths()) {
      paths.add(JsonReport.mapper().writeValueAsString(String.join(".", p)));
    }
    return "{path: [" + String.join(", ", paths) + "], type: [" + String.join(", ", spec.types()) + "]}";
  }

  /** Each collection's index entries of the dump's metadata, by namespace; none without a dump. */
  private static Map<String, List<JsonNode>> dumpIndexes(Path dump) throws IOException {
    Map<String, List<JsonNode>> byNs = new LinkedHashMap<>();
    if (dump == null) {
      return byNs;
    }
    for (DumpCollection c : new DumpScanner().scan(dump).collections()) {
      List<JsonNode> list = new ArrayList<>();
      c.metadata().ifPresent(m -> m.json().path("indexes").forEach(list::add));
      byNs.put(c.namespace().database() + "." + c.namespace().collection(), list);
    }
    return byNs;
  }

  @Override
  public String reproduce(AssessContext context) {
    Path dir = context.request().out().resolve("steps").resolve(NAME);
    return "per collection: " + context.stress("index") + " --suggest --workload " + dir.resolve("TABLE.yaml")
        + " --table TABLE; " + context.stress("explain") + " --verbose --workload " + dir.resolve("TABLE.yaml")
        + " --table TABLE";
  }
}
