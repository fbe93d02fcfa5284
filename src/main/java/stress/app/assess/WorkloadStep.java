package stress.app.assess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import stress.dump.DumpCollection;
import stress.dump.DumpScanner;
import stress.dump.DumpSource;
import stress.load.importer.TableNaming;
import stress.mongolog.LogWorkloads;
import stress.report.assess.WorkloadSection;

/**
 * The application's operations as workload files: derived from the log as {@code stress workload --from-log} derives
 * them (with the dump for the inserts' documents, or stand-in collections built from the log when there is no dump);
 * the workload directory given; or, with a dump alone, a lookup by {@code _id} per collection, said as such.
 */
final class WorkloadStep implements AssessStep {
  static final String NAME = "workload";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "the application's operations as workload files";
  }

  @Override
  public String skipReason(AssessContext context) {
    return null;
  }

  @Override
  public Duration estimate(AssessContext context) {
    long bytes = 0;
    for (Path log : context.request().logs()) {
      try {
        bytes += Files.size(log);
      } catch (IOException e) {
        // the check before the plan found it; a size not read only makes the estimate smaller
      }
    }
    return Duration.ofSeconds(2 + bytes / 20_000_000);
  }

  @Override
  public Object run(AssessContext context, Duration allowance) throws IOException {
    AssessRequest r = context.request();
    Path dir = context.stepDir(NAME);
    if (r.fromLog()) {
      return fromLog(context, dir);
    }
    if (r.workload() != null) {
      Path listing = r.workload().resolve("application.yaml");
      if (!Files.isRegularFile(listing)) {
        throw new RequestRefused("--workload " + r.workload() + ": no application.yaml there (a directory 'stress"
            + " workload --from-log' wrote, or one listing each collection's file and table)");
      }
      return new WorkloadSection("workload", r.workload().toAbsolutePath().toString(), 0, 0, 0, List.of(), Map.of(),
          List.of(), List.of(), "the workload given", List.of());
    }
    return byId(r.dump(), dir);
  }

  private static WorkloadSection fromLog(AssessContext context, Path dir) {
    AssessRequest r = context.request();
    boolean standIn = r.dump() == null;
    LogWorkloads.Request request = new LogWorkloads.Request(r.logs(), dir, r.app(), Map.of(), TableNaming.defaults(),
        r.dump() != null && Files.isDirectory(r.dump()) ? r.dump() : null, standIn, r.seed());
    LogWorkloads.Result result = LogWorkloads.derive(request);
    if (result.files().isEmpty()) {
      throw new RequestRefused("--log " + r.logs().get(0) + (r.logs().size() > 1 ? " and the others" : "") + ": no"
          + " usable operation in " + result.entries() + " entries (" + result.used() + " used): 'stress workload"
          + " --from-log' says why each was skipped");
    }
    List<WorkloadSection.Skip> skipped = new ArrayList<>();
    result.skipped().forEach((reason, s) -> skipped.add(new WorkloadSection.Skip(reason, s.entries(), s.millis(),
        new TreeMap<>(s.details()))));
    List<WorkloadSection.File> files = result.files().stream().map(w -> new WorkloadSection.File(w.ns(), w.table(),
        w.file().toString(), w.operations(), w.entries())).toList();
    List<WorkloadSection.StandIn> standIns = result.standIns().stream()
        .map(s -> new WorkloadSection.StandIn(s.ns(), s.documents(), s.placeholder())).toList();
    return new WorkloadSection("log", dir.toAbsolutePath().toString(), result.entries(), result.used(),
        result.folded(), skipped, new TreeMap<>(result.applications()), files, standIns, result.representativeness(),
        result.refusals().stream().map(x -> new WorkloadSection.Refusal(x.ns(), x.kind(), x.operator(), x.reason(),
            x.entries(), x.getMores(), x.statement())).toList());
  }

  /** With a dump alone: each collection's lookup by {@code _id}, the one operation every application has. */
  private static WorkloadSection byId(Path dump, Path dir) throws IOException {
    DumpSource source = new DumpScanner().scan(dump);
    TableNaming naming = TableNaming.defaults();
    StringBuilder listing = new StringBuilder("# Written by 'stress assess' for a dump without a log: each"
        + " collection's lookup by _id.\ncollections:\n");
    List<WorkloadSection.File> files = new ArrayList<>();
    for (DumpCollection c : source.collections()) {
      if (c.metadata().map(m -> m.isView()).orElse(false)) {
        continue;
      }
      String table = naming.nameFor(c.namespace());
      Path file = dir.resolve(table + ".yaml");
      Files.writeString(file, "# The lookup by _id of " + c.namespace() + ": no log was given, so no other operation"
          + " is known.\noperations:\n  by_id:\n    weight: 1\n    find:\n      filter: {_id: \":id\"}\n"
          + "    params:\n      id: key\n");
      String ns = c.namespace().database() + "." + c.namespace().collection();
      listing.append("  - namespace: \"").append(ns).append("\"\n    table: \"").append(table)
          .append("\"\n    file: \"").append(file.getFileName()).append("\"\n");
      files.add(new WorkloadSection.File(ns, table, file.toString(), 1, 0));
    }
    Files.writeString(dir.resolve("application.yaml"), listing.toString());
    return new WorkloadSection("dump", dir.toAbsolutePath().toString(), 0, 0, 0, List.of(), Map.of(), files,
        List.of(), "no log: a lookup by _id per collection, not the application's own operations", List.of());
  }

  @Override
  public String reproduce(AssessContext context) {
    AssessRequest r = context.request();
    if (r.fromLog()) {
      return "stress workload --from-log " + String.join(" ", r.logs().stream().map(Path::toString).toList())
          + (r.dump() == null ? " --stand-in" : " --dump " + r.dump()) + " --out " + context.request().out()
          .resolve("steps").resolve(NAME) + " --force";
    }
    return r.workload() != null ? "(the workload given: " + r.workload() + ")" : "(a lookup by _id per collection)";
  }
}
