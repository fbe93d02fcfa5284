package stress.app.assess;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import stress.app.Commands;
import stress.app.process.ExitCode;
import stress.config.Defaults;
import stress.config.ImportConfig;
import stress.load.importer.TableNaming;
import stress.report.JsonReport;
import stress.report.assess.ImportSection;
import stress.report.assess.WorkloadSection;

/**
 * The dump loaded into the target as {@code stress import} loads it (the stand-in collections when only a log was
 * given), its result read from the import's own {@code --json} file, its output kept beside it.
 */
final class ImportStep implements AssessStep {
  static final String NAME = "import";
  /** Documents a second the estimate assumes: well under what import does on one core, so the plan is not short. */
  private static final long BYTES_PER_SECOND = 20_000_000;

  private final boolean dropExisting;

  ImportStep(boolean dropExisting) {
    this.dropExisting = dropExisting;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "the data loaded into the target";
  }

  @Override
  public String skipReason(AssessContext context) {
    AssessRequest r = context.request();
    return r.dump() == null && !r.fromLog() ? "no dump, and no log to build stand-in collections from: the workload's"
        + " tables must be there already" : null;
  }

  @Override
  public Duration estimate(AssessContext context) {
    return Duration.ofSeconds(5 + context.dumpBytes() / BYTES_PER_SECOND);
  }

  @Override
  public Object run(AssessContext context, Duration allowance) throws Exception {
    Path dir = context.stepDir(NAME);
    Path json = dir.resolve("import.json");
    Files.deleteIfExists(json);
    Path source = source(context);
    boolean archive = Files.isRegularFile(source) && !source.getFileName().toString().matches(".*\\.bson(\\.gz)?");
    ImportConfig config = new ImportConfig(archive ? null : source, archive ? source : null, List.of(), List.of(),
        List.of(), List.of(), false, null, null, "", false, dropExisting, false, false, Defaults.importJobs(),
        "relaxed", null, "abort", "reject", "reject", dir.resolve("rejects.jsonl"),
        Long.parseLong(Defaults.IMPORT_BATCH_DOCS), null, json, List.of(), List.of(), false);
    ExitCode exit;
    try (PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve("output.txt")), true)) {
      exit = Commands.importDump(config, context.target(), log);
    }
    if (!Files.isRegularFile(json)) {
      throw new IllegalStateException("import ended with exit " + exit.code() + " and wrote no result: see "
          + dir.resolve("output.txt"));
    }
    JsonNode result = JsonReport.mapper().readTree(json.toFile());
    List<ImportSection.Table> tables = new ArrayList<>();
    for (JsonNode c : result.path("collections")) {
      tables.add(new ImportSection.Table(c.path("namespace").asText(), c.path("table").asText(null),
          c.path("idType").asText(null), c.path("status").asText(), c.path("message").asText(null),
          c.path("read").asLong(), c.path("loaded").asLong(), c.path("rejected").asLong(), c.path("skipped").asLong(),
          c.path("repeatedFields").asLong(), c.path("bytes").asLong(), c.path("seconds").asDouble()));
    }
    if (exit == ExitCode.FAILURE || exit == ExitCode.USAGE) {
      throw new IllegalStateException("import ended with exit " + exit.code() + ": see " + dir.resolve("output.txt"));
    }
    return new ImportSection(source.toString(), context.request().dump() == null, exit.code(),
        result.path("outcome").asText(), result.path("rejectsFile").asText(null), tables);
  }

  /** The dump, or the stand-in collections the workload step built from the log. */
  private static Path source(AssessContext context) {
    if (context.request().dump() != null) {
      return context.request().dump();
    }
    WorkloadSection w = context.section(WorkloadStep.NAME, WorkloadSection.class).orElseThrow();
    return Path.of(w.directory()).resolve(stress.mongolog.LogWorkloads.STAND_IN_DIR);
  }

  @Override
  public String reproduce(AssessContext context) {
    AssessRequest r = context.request();
    String source = r.dump() != null ? r.dump().toString()
        : r.out().resolve("steps").resolve(WorkloadStep.NAME).resolve(stress.mongolog.LogWorkloads.STAND_IN_DIR)
        .toString();
    return context.stress("import") + " " + source + (dropExisting ? " --drop-existing" : "");
  }

  /** The naming import gives the tables, which the workload files name too. */
  static TableNaming naming() {
    return TableNaming.defaults();
  }
}
