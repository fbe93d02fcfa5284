package stress.app;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import stress.app.process.ExitCode;
import stress.load.importer.TableNaming;
import stress.model.UsageException;
import stress.mongolog.LogWorkloads;
import stress.mongolog.SummaryText;

/**
 * {@code stress workload --from-log}: derives the workload files and prints how every entry of the logs was
 * accounted for (read = used + folded + skipped by reason, with each reason's share of the entries and of MongoDB's
 * time), which applications the logs hold, how representative they are, and the files written.
 */
public final class LogWorkloadJob {
  private LogWorkloadJob() {}

  /**
   * {@code --out DIR} must be new or empty: an earlier derivation's files left beside the new ones would run with them
   * ({@code run --workload DIR} reads every file its {@code application.yaml} names, and a user reads the folder).
   * With {@code force} its entries are removed first.
   */
  public static void prepareOut(Path outDir, boolean force) {
    if (!java.nio.file.Files.exists(outDir)) {
      return;
    }
    if (!java.nio.file.Files.isDirectory(outDir)) {
      throw new UsageException("--out " + outDir + ": not a directory");
    }
    List<Path> entries;
    try (java.util.stream.Stream<Path> list = java.nio.file.Files.list(outDir)) {
      entries = list.sorted().toList();
    } catch (java.io.IOException e) {
      throw new UsageException("--out " + outDir + ": cannot list it: " + stress.report.JsonReport.reason(e));
    }
    if (entries.isEmpty()) {
      return;
    }
    if (!force) {
      throw new UsageException("--out " + outDir + " holds " + entries.size() + " entr" + (entries.size() == 1 ? "y"
          : "ies") + " (" + entries.get(0).getFileName() + (entries.size() > 1 ? ", ..." : "") + "), from an earlier"
          + " derivation or not: give a new or empty directory, or --force to clear it first");
    }
    for (Path entry : entries) {
      try (java.util.stream.Stream<Path> tree = java.nio.file.Files.walk(entry)) {
        for (Path p : tree.sorted(java.util.Comparator.reverseOrder()).toList()) {
          java.nio.file.Files.delete(p);
        }
      } catch (java.io.IOException e) {
        throw new UsageException("--out " + outDir + " --force: cannot remove " + entry + ": "
            + stress.report.JsonReport.reason(e));
      }
    }
  }

  /**
   * @param tables {@code NS=TABLE} overrides of import's table names
   * @param prefix and {@code lowerCase}: import's {@code --table-prefix} and {@code --lower-case-names}
   * @param dump    the collections' mongodump output, whose first documents inserts write, or null
   * @param standIn write stand-in collections built from the log under {@code outDir/stand-in}
   * @param seed    the seed of their generated keys
   */
  public static ExitCode run(List<Path> logs, Path outDir, String app, List<String> tables, String prefix,
                             boolean lowerCase, Path dump, boolean standIn, long seed, PrintStream out) {
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
      // the table read as --table reads it everywhere; its schema is the run's --schema
      stress.model.TableName table = stress.model.TableName.parse("--table", t.substring(eq + 1));
      if (table.schema() != null) {
        throw new UsageException("--table " + t + ": names a schema; the files name the table only (run and import"
            + " take --schema)");
      }
      byNamespace.put(t.substring(0, eq), table.name());
    }
    return run(new LogWorkloads.Request(logs, outDir, app, byNamespace, new TableNaming(null, null, prefix, lowerCase),
        dump, standIn, seed), out);
  }

  public static ExitCode run(LogWorkloads.Request request, PrintStream out) {
    LogWorkloads.Result r = LogWorkloads.derive(request);
    Summary summary = new Summary(out);
    long lines = r.entries() + r.otherLines() + r.damaged();
    summary.line(String.format(Locale.ROOT, "read %d log file%s: %d lines or documents: %d entries (\"Slow query\""
        + " lines, profiler documents), %d other, %d damaged", request.logs().size(),
        request.logs().size() == 1 ? "" : "s", lines, r.entries(), r.otherLines(), r.damaged()));
    for (String d : r.damagedNamed()) {
      summary.line("  damaged: " + SummaryText.shortValues(d));
    }
    if (r.damaged() > r.damagedNamed().size()) {
      summary.line("  damaged: " + (r.damaged() - r.damagedNamed().size()) + " more");
    }
    long skipped = r.skipped().values().stream().mapToLong(LogWorkloads.Skipped::entries).sum();
    summary.line(String.format(Locale.ROOT, "entries: %d = %d used + %d getMore folded into the find or aggregate they"
        + " continue + %d skipped", r.entries(), r.used(), r.folded(), skipped));
    if (!r.skipped().isEmpty()) {
      summary.line("skipped, by reason:");
      r.skipped().entrySet().stream().sorted((a, b) -> Long.compare(b.getValue().entries(), a.getValue().entries()))
          .forEach(e -> summary.reason(e.getKey(), e.getValue(), r));
    }
    summary.line("applications: " + SummaryText.shortValues(LogWorkloads.mostFrequent(r.applications()))
        + (request.app() == null ? "" : "; used: --app " + request.app()));
    summary.line("how representative: " + r.representativeness());
    for (String t : r.thresholds()) {
      summary.line("  " + t);
    }
    if (r.files().isEmpty()) {
      summary.line("no operation derived: no entry of the logs could be used");
      return ExitCode.FAILURE;
    }
    summary.line("workload files (one per collection, on the table import made of it):");
    for (LogWorkloads.Written w : r.files()) {
      summary.line(String.format(Locale.ROOT, "  %s -> table %s: %d operation%s, %d logged statements: %s", w.ns(),
          w.table(), w.operations(), w.operations() == 1 ? "" : "s", w.entries(), w.file()));
    }
    standIns(request, r, summary);
    LogWorkloads.Written first = r.files().get(0);
    summary.line("run one: stress run --workload " + first.file() + " "
        + stress.model.TableName.option(null, first.table()));
    summary.line("run the application (every collection in one phase, at the logged mix; listed in "
        + r.application() + "): stress run --workload " + request.outDir());
    return ExitCode.OK;
  }

  /** What the stand-in collections hold and why, and the import that makes their tables. */
  private static void standIns(LogWorkloads.Request request, LogWorkloads.Result r, Summary summary) {
    if (r.standIns().isEmpty()) {
      return;
    }
    long documents = r.standIns().stream().mapToLong(LogWorkloads.StandIn::documents).sum();
    summary.line("stand-in collections (" + stress.model.Plural.of(documents, "document") + " in "
        + stress.model.Plural.of(r.standIns().size(), "collection") + ", seed "
        + request.seed() + "): not the application's data but documents built from the values the logged statements"
        + " compare and write, so that each finds documents as it did; what runs on them measures this data:");
    for (LogWorkloads.StandIn s : r.standIns()) {
      summary.line(String.format(Locale.ROOT, "  %s: %d document%s: %s", s.ns(), s.documents(),
          s.documents() == 1 ? "" : "s", s.placeholder()
              ? "{_id: 1} only: the log shows the collection through inserts or a $lookup, none of its fields"
              : s.built() + " built from the statements" + (s.copies() == 0 ? "" : ", " + s.copies() + " copies"
                  + " under new keys where MongoDB returned several documents")));
    }
    String naming = (request.naming().prefix().isEmpty() ? "" : " --table-prefix " + request.naming().prefix())
        + (request.naming().lowerCase() ? " --lower-case-names" : "");
    summary.line("make their tables: stress import " + request.standInDir() + naming
        + (request.tables().isEmpty() ? "" : " (import names every table as it always does: rename those given --table)"));
  }

  /** The printed summary: no line over {@value SummaryText#LINE} characters, values in reasons shortened. */
  private record Summary(PrintStream out) {
    void line(String line) {
      SummaryText.fit(line).forEach(out::println);
    }

    /** A skip reason on one line with its most frequent details, or, when that is too long, each detail below it. */
    void reason(String reason, LogWorkloads.Skipped s, LogWorkloads.Result r) {
      Map<String, Long> details = new LinkedHashMap<>();
      s.details().forEach((detail, n) -> details.merge(SummaryText.shortValues(detail), n, Long::sum));
      String head = String.format(Locale.ROOT, "  %-75s %8d entries (%5.1f%% of the entries, %5.1f%% of MongoDB's"
          + " time)", reason, s.entries(), percent(s.entries(), r.entries()), percent(s.millis(), r.totalMillis()));
      String oneLine = head + ": " + LogWorkloads.mostFrequent(details);
      if (oneLine.length() <= SummaryText.LINE) {
        out.println(oneLine);
        return;
      }
      out.println(head + ":");
      LogWorkloads.mostFrequentEach(details).forEach(d -> line("    " + d));
      if (details.size() > 5) {
        out.println("    " + (details.size() - 5) + " more");
      }
    }
  }

  private static double percent(double part, double whole) {
    return whole <= 0 ? 0 : 100.0 * part / whole;
  }
}
