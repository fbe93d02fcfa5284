package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.metrics.IntervalStats;
import stress.metrics.OperationStats;
import stress.metrics.PhaseStats;
import stress.report.JsonReport;
import stress.report.PhaseResult;
import stress.report.RunResult;
import stress.report.StrictCsv;
import stress.report.files.CsvReport;
import stress.testing.TestDatabase;

/** {@code stress run --out DIR} against a real PostgreSQL: every file is there and agrees with result.json. */
class OutDirTest {
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("outdir");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "2000");
    assertEquals(0, r.exitCode(), r.all());
  }

  @Test
  void everyFileIsWrittenAndReconcilesWithTheJsonResult() throws IOException {
    Path out = dir.resolve("results");
    Path json = dir.resolve("alias.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--out", out.toString(), "--json",
        json.toString(), "--op", "find_first=3,find_update=1", "--threads", "2", "--mode", "prepared,plain",
        "--duration", "1200ms", "--warmup", "300ms", "--report-interval", "250ms");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("results: " + out), r.out());

    assertEquals(Set.of("result.json", "summary.csv", "intervals.csv", "errors.csv", "1-find_first.hlog",
        "1-find_update.hlog", "2-find_first.hlog", "2-find_update.hlog", "report.html"), names(out));
    assertTrue(Files.readString(out.resolve("report.html")).contains("find_update"), "the page carries the run's data");
    assertEquals(Files.readString(json), Files.readString(out.resolve("result.json")), "--json writes the same JSON");
    RunResult result = JsonReport.read(out.resolve("result.json"));
    assertFalse(result.interrupted());
    assertEquals(2, result.phases().size());

    List<List<String>> summary = StrictCsv.parse(Files.readString(out.resolve("summary.csv")));
    List<List<String>> intervals = StrictCsv.parse(Files.readString(out.resolve("intervals.csv")));
    List<List<String>> errors = StrictCsv.parse(Files.readString(out.resolve("errors.csv")));
    assertEquals(List.of(CsvReport.ERROR_COLUMNS), errors, "nothing failed: only the header");
    assertEquals(CsvReport.INTERVAL_COLUMNS, intervals.get(0));
    assertEquals(1 + 2 * 3, summary.size(), "header, then two operations and the total per phase");
    List<String> sHeader = summary.get(0);
    List<String> iHeader = intervals.get(0);

    for (int p = 0; p < result.phases().size(); p++) {
      PhaseResult phase = result.phases().get(p);
      PhaseStats stats = phase.stats();
      String number = Integer.toString(p + 1);
      assertTrue(stats.total().count() > 0, phase.label());
      assertTrue(stats.intervals().stream().anyMatch(IntervalStats::warmup), "warm-up intervals are kept, flagged");
      long intervalRows = intervals.stream().skip(1).filter(row -> row.get(0).equals(number)).count();
      assertEquals(stats.intervals().size() * 3L, intervalRows, "one row per operation and the total per interval");
      for (OperationStats op : concat(stats.operations(), stats.total())) {
        List<String> row = summary.stream()
            .filter(s -> s.get(0).equals(number) && s.get(sHeader.indexOf("operation")).equals(op.name()))
            .findFirst().orElseThrow();
        assertEquals(phase.label(), row.get(1));
        assertEquals(op.count(), Long.parseLong(row.get(sHeader.indexOf("count"))), op.name());
        assertEquals(op.rows(), Long.parseLong(row.get(sHeader.indexOf("rows"))), op.name());
        assertEquals(op.latencyMs().max(), Double.parseDouble(row.get(sHeader.indexOf("lat_max_ms"))), 1e-6);
        assertEquals(op.latencyMs().p99(), Double.parseDouble(row.get(sHeader.indexOf("lat_p99_ms"))), 1e-6);
        assertEquals(phase.combination().get("mode"), row.get(sHeader.indexOf("mode")));

        long measured = intervals.stream().skip(1)
            .filter(i -> i.get(0).equals(number) && i.get(iHeader.indexOf("operation")).equals(op.name())
                && i.get(iHeader.indexOf("warmup")).equals("false"))
            .mapToLong(i -> Long.parseLong(i.get(iHeader.indexOf("count")))).sum();
        assertEquals(op.count(), measured, "measured intervals add up to the summary of " + op.name());
      }
      for (OperationStats op : stats.operations()) {
        Histogram logged = readLog(out.resolve(number + "-" + op.name() + ".hlog"));
        assertEquals(op.count(), logged.getTotalCount(), "interval log of " + op.name());
        assertEquals(op.histogram().getMaxValue(), logged.getMaxValue(), "interval log of " + op.name());
        assertEquals(op.histogram(), logged, "the logged intervals add up exactly to the summary");
      }
    }
  }

  @Test
  void aNonEmptyDirectoryIsRefusedBeforeRunning() throws IOException {
    Path out = Files.createDirectories(dir.resolve("used"));
    Files.writeString(out.resolve("notes.txt"), "mine");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--out", out.toString(),
        "--duration", "500ms", "--warmup", "0");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains("--out " + out + " is not empty (it holds notes.txt); give a new or empty directory"),
        r.err());
    assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
    assertFalse(r.out().contains("phase 1/1"), "nothing ran: " + r.out());
    assertEquals(Set.of("notes.txt"), names(out));
  }

  @Test
  void aDirectoryThatCannotBeMadeIsRefusedBeforeRunningWithTheSystemsReason() throws IOException {
    Path file = Files.writeString(dir.resolve("a-file"), "mine");
    Path out = file.resolve("results");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--out", out.toString(),
        "--duration", "500ms", "--warmup", "0");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals("stress: --out " + out + ": cannot create it: Not a directory", r.err().strip());
    assertFalse(r.out().contains("phase 1/1"), "nothing ran: " + r.out());
  }

  private static Histogram readLog(Path file) throws IOException {
    Histogram sum = new Histogram(1, 3_600_000_000_000L, 3);
    HistogramLogReader reader = new HistogramLogReader(file.toFile());
    try {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        sum.add((Histogram) h);
      }
    } finally {
      reader.close();
    }
    return sum;
  }

  private static List<OperationStats> concat(List<OperationStats> operations, OperationStats total) {
    return Stream.concat(operations.stream(), Stream.of(total)).toList();
  }

  private static Set<String> names(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).collect(Collectors.toSet());
    }
  }
}
