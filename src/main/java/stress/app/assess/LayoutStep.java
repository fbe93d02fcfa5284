package stress.app.assess;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import stress.app.Commands;
import stress.app.shardkey.ShardKeyJob;
import stress.model.UsageException;
import stress.report.JsonReport;
import stress.report.assess.ImportSection;
import stress.report.assess.LayoutSection;
import stress.report.assess.WorkloadSection;
import stress.server.TargetDetector;
import stress.server.TargetKind;
import stress.workload.WorkloadFile;

/**
 * The layout on a cluster: per collection {@code stress analyze --shard-key} run on its table with its workload file
 * (its {@code --json} result read back), and the layout chosen from it ({@link LayoutPlan}). Only where the target is
 * a cluster, as {@code stress detect} tells it.
 */
final class LayoutStep implements AssessStep {
  static final String NAME = "layout";
  /** The most frequent values the ranking reads per candidate. */
  private static final int TOP = 5;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "the layout on the cluster: shard keys ranked, reference tables, each shape's route";
  }

  @Override
  public String skipReason(AssessContext context) {
    TargetKind kind;
    try {
      kind = Commands.onTarget(context.target(), new PrintStream(OutputStream.nullOutputStream()),
          c -> TargetDetector.detect(c).kind());
    } catch (SQLException e) {
      return "the target's kind was not read (" + e.getMessage() + "), so no cluster to lay the collections out on";
    }
    return kind == TargetKind.POSTGRESQL ? "the target is PostgreSQL, not a cluster" : null;
  }

  @Override
  public Duration estimate(AssessContext context) {
    return Duration.ofSeconds(10 + context.dumpBytes() / 50_000_000);
  }

  @Override
  public Object run(AssessContext context, Duration allowance) throws Exception {
    WorkloadSection workload = context.section(WorkloadStep.NAME, WorkloadSection.class).orElseThrow(
        () -> new IllegalStateException("the workload step did not finish: no operations to rank keys by"));
    ImportSection imported = context.section(ImportStep.NAME, ImportSection.class).orElse(null);
    Path dir = context.stepDir(NAME);
    List<LayoutSection.Collection> collections = new ArrayList<>();
    List<LayoutSection.Shape> shapes = new ArrayList<>();
    String target;
    try (PrintStream out = new PrintStream(Files.newOutputStream(dir.resolve("output.txt")), true)) {
      target = Commands.onTarget(context.target(), out, c -> TargetDetector.detect(c).kind().displayName());
      for (WorkloadSection.File f : workload.files()) {
        ImportSection.Table t = imported == null ? null : imported.tables().stream()
            .filter(x -> x.ns().equals(f.ns())).findFirst().orElse(null);
        String table = t != null && t.table() != null ? t.table() : f.table();
        Path json = dir.resolve(table + ".shard-key.json");
        Files.deleteIfExists(json);
        WorkloadFile file = WorkloadFile.load(Path.of(f.file()));
        out.println("== " + f.ns() + " (" + table + ")");
        try {
          try {
            Commands.analyzeShardKey(new ShardKeyJob.Request(List.of(), file, null, table, TOP, json), context.target(),
                out);
          } catch (UsageException noPinnedPath) {
            out.println(noPinnedPath.getMessage() + ": ranked by _id alone");
            Commands.analyzeShardKey(new ShardKeyJob.Request(List.of("_id"), file, null, table, TOP, json),
                context.target(), out);
          }
          JsonNode result = JsonReport.mapper().readTree(json.toFile());
          LayoutPlan.Planned planned = LayoutPlan.of(f.ns(), table, t == null ? 0 : t.loaded(), t == null ? 0
              : t.bytes(), result);
          collections.add(planned.collection());
          shapes.addAll(planned.shapes());
        } catch (RuntimeException | SQLException e) {
          collections.add(new LayoutSection.Collection(f.ns(), table, 0, 0, List.of(), null, null, null, null, 0,
              List.of(), "stress analyze --shard-key failed: " + e.getMessage()));
        }
      }
    }
    Map<String, String> idTypes = new HashMap<>();
    if (imported != null) {
      imported.tables().forEach(t -> idTypes.put(t.ns(), t.idType()));
    }
    return new LayoutSection(target, LayoutPlan.REFERENCE_MAX_DOCUMENTS, LayoutPlan.REFERENCE_MAX_BYTES,
        LayoutPlan.REFERENCE_MAX_WRITE_SHARE, Colocation.of(collections, idTypes, imported == null ? null
        : Path.of(imported.source())), shapes);
  }

  @Override
  public String reproduce(AssessContext context) {
    Path dir = context.request().out().resolve("steps").resolve(WorkloadStep.NAME);
    return "per collection: " + context.stress("analyze") + " --shard-key --workload " + dir.resolve("TABLE.yaml")
        + " --table TABLE --json TABLE.shard-key.json";
  }
}
