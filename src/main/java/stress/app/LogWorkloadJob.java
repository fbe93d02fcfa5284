package stress.app;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import stress.load.importer.TableNaming;
import stress.model.UsageException;
import stress.mongolog.LogWorkloads;

/**
 * {@code stress workload --from-log}: derives the workload files and prints how every entry of the logs was
 * accounted for (read = used + folded + skipped by reason, with each reason's share of the entries and of MongoDB's
 * time), which applications the logs hold, how representative they are, and the files written.
 */
public final class LogWorkloadJob {
  private LogWorkloadJob() {}

  /**
   * @param tables {@code NS=TABLE} overrides of import's table names
   * @param prefix and {@code lowerCase}: import's {@code --table-prefix} and {@code --lower-case-names}
   * @param dump   the collections' mongodump output, whose first documents inserts write, or null
   */
  public static ExitCode run(List<Path> logs, Path outDir, String app, List<String> tables, String prefix,
                             boolean lowerCase, Path dump, PrintStream out) {
    if (dump != null && !java.nio.file.Files.isDirectory(dump)) {
      throw new UsageException("--dump " + dump + ": not a directory (mongodump's output: DB/COLLECTION.bson)");
    }
    Map<String, String> byNamespace = new LinkedHashMap<>();
    for (String t : tables) {
      int eq = t.indexOf('=');
      if (eq <= 0 || eq == t.length() - 1 || t.indexOf('.') < 0 || t.indexOf('.') > eq) {
        throw new UsageException("--table " + t + ": must be NS=TABLE with NS a db.collection, e.g."
            + " shop.orders=orders");
      }
      byNamespace.put(t.substring(0, eq), t.substring(eq + 1));
    }
    return run(new LogWorkloads.Request(logs, outDir, app, byNamespace, new TableNaming(null, null, prefix, lowerCase),
        dump), out);
  }

  public static ExitCode run(LogWorkloads.Request request, PrintStream out) {
    LogWorkloads.Result r = LogWorkloads.derive(request);
    long lines = r.entries() + r.otherLines() + r.damaged();
    out.printf(Locale.ROOT, "read %d log file%s: %d lines or documents: %d entries (\"Slow query\" lines, profiler"
        + " documents), %d other, %d damaged%n",
        request.logs().size(), request.logs().size() == 1 ? "" : "s", lines, r.entries(), r.otherLines(), r.damaged());
    for (String d : r.damagedNamed()) {
      out.println("  damaged: " + d);
    }
    if (r.damaged() > r.damagedNamed().size()) {
      out.println("  damaged: " + (r.damaged() - r.damagedNamed().size()) + " more");
    }
    long skipped = r.skipped().values().stream().mapToLong(LogWorkloads.Skipped::entries).sum();
    out.printf(Locale.ROOT, "entries: %d = %d used + %d getMore folded into the find or aggregate they continue"
        + " + %d skipped%n", r.entries(), r.used(), r.folded(), skipped);
    if (!r.skipped().isEmpty()) {
      out.println("skipped, by reason:");
      r.skipped().entrySet().stream().sorted((a, b) -> Long.compare(b.getValue().entries(), a.getValue().entries()))
          .forEach(e -> out.printf(Locale.ROOT, "  %-75s %8d entries (%5.1f%% of the entries, %5.1f%% of MongoDB's"
                  + " time): %s%n", e.getKey(), e.getValue().entries(), percent(e.getValue().entries(), r.entries()),
              percent(e.getValue().millis(), r.totalMillis()), LogWorkloads.mostFrequent(e.getValue().details())));
    }
    out.println("applications: " + LogWorkloads.mostFrequent(r.applications()) + (request.app() == null ? "" : "; used: --app " + request.app()));
    out.println("how representative: " + r.representativeness());
    for (String t : r.thresholds()) {
      out.println("  " + t);
    }
    if (r.files().isEmpty()) {
      out.println("no operation derived: no entry of the logs could be used");
      return ExitCode.FAILURE;
    }
    out.println("workload files (one per collection, on the table import made of it):");
    for (LogWorkloads.Written w : r.files()) {
      out.printf(Locale.ROOT, "  %s -> table %s: %d operation%s, %d logged statements: %s%n", w.ns(), w.table(),
          w.operations(), w.operations() == 1 ? "" : "s", w.entries(), w.file());
    }
    LogWorkloads.Written first = r.files().get(0);
    out.println("run one: stress run --workload " + first.file() + " --table " + first.table());
    return ExitCode.OK;
  }

  private static double percent(double part, double whole) {
    return whole <= 0 ? 0 : 100.0 * part / whole;
  }
}
