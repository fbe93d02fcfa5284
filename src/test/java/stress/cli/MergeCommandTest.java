package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.metrics.OperationStats;
import stress.report.JsonReport;
import stress.report.RunResult;
import stress.testing.TestDatabase;

/** Results of several processes merged exactly: counts summed, histograms added, mismatches refused. */
class MergeCommandTest {
  @TempDir
  static Path dir;
  private static String url;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("merge");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "1000").exitCode());
  }

  private static Path run(String name, String op, int ops) {
    Path json = dir.resolve(name);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", op, "--threads", "2", "--ops",
        Integer.toString(ops), "--warmup", "0", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    return json;
  }


  /** Two processes of one run ({@code --run-id}: they start measuring together), instances 1/2 and 2/2. */
  private static Path[] together(String a, String b, String op, int opsA, int opsB) throws Exception {
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      String runId = "merge-" + a.replace(".json", "");
      java.util.concurrent.Future<Path> first = pool.submit(() -> run(a, op, opsA, runId, "1/2"));
      java.util.concurrent.Future<Path> second = pool.submit(() -> run(b, op, opsB, runId, "2/2"));
      return new Path[] {first.get(), second.get()};
    } finally {
      pool.shutdownNow();
    }
  }

  private static Path run(String name, String op, int ops, String runId, String instance) {
    Path json = dir.resolve(name);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", op, "--threads", "2", "--ops",
        Integer.toString(ops), "--warmup", "0", "--run-id", runId, "--instance", instance, "--json",
        json.toString());
    assertEquals(0, r.exitCode(), r.all());
    return json;
  }

  @Test
  void countsAndHistogramsAddUpExactly() throws Exception {
    Path[] both = together("a.json", "b.json", "find_first=3,find_in=1", 4000, 6000);
    Path a = both[0];
    Path b = both[1];
    Path merged = dir.resolve("merged.json");
    CliTester.Result r = CliTester.run("merge", a.toString(), b.toString(), "--json", merged.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("(2 results merged; 4 threads in all)"), "each instance ran 2 threads: " + r.out());
    RunResult ra = JsonReport.read(a);
    RunResult rb = JsonReport.read(b);
    RunResult m = JsonReport.read(merged);
    OperationStats total = m.phases().get(0).stats().total();
    assertEquals(10000, total.count());
    assertEquals(10000, total.histogram().getTotalCount());
    for (int op = 0; op < 2; op++) {
      OperationStats x = ra.phases().get(0).stats().operations().get(op);
      OperationStats y = rb.phases().get(0).stats().operations().get(op);
      OperationStats z = m.phases().get(0).stats().operations().get(op);
      assertEquals(x.count() + y.count(), z.count());
      assertEquals(x.rows() + y.rows(), z.rows());
      assertEquals(Math.max(x.histogram().getMaxValue(), y.histogram().getMaxValue()), z.histogram().getMaxValue());
    }
    assertEquals("2", m.phases().get(0).connection().get("merged instances"));
  }

  @Test
  void theSameResultTwiceIsRefusedNotDoubled() throws Exception {
    Path a = run("twice.json", "find_first", 200);
    Path copy = Files.copy(a, dir.resolve("twice-copy.json"));
    for (Path second : java.util.List.of(a, copy)) {
      CliTester.Result r = CliTester.run("merge", a.toString(), second.toString());
      assertEquals(2, r.exitCode(), r.all());
      assertTrue(r.err().contains("cannot merge " + second + " with " + a + ": they are the same result"), r.err());
    }
  }

  @Test
  void aCapacitySearchIsRefused() throws Exception {
    Path search = Path.of(getClass().getResource("/stress/report/capacity-result.json").toURI());
    CliTester.Result r = CliTester.run("merge", search.toString(), run("beside.json", "find_first", 100).toString());
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains("cannot merge " + search + ": it is a capacity search (run --slo), whose steps ran one"
        + " after another at different rates"), r.err());
  }

  @Test
  void resultsOfRunsThatDidNotOverlapAreRefused() {
    Path a = run("first.json", "find_first", 200);
    Path b = run("later.json", "find_first", 200);
    CliTester.Result r = CliTester.run("merge", a.toString(), b.toString());
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().startsWith("stress: cannot merge " + b + " with " + a + ": they did not run at the same time ("
        + a + " from "), r.err());
    assertTrue(r.err().contains("'stress report " + a + " " + b + "' compares two runs"), r.err());
  }

  @Test
  void theSameInstanceTwiceOrAnotherTableIsRefused() throws Exception {
    Path[] both = together("i1.json", "i2.json", "find_first", 4000, 4000);
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode tree = (ObjectNode) mapper.readTree(both[1].toFile());
    ((ObjectNode) tree.get("settings")).put("instance", "1/2");
    Path sameInstance = dir.resolve("i2-as-1.json");
    mapper.writeValue(sameInstance.toFile(), tree);
    CliTester.Result r = CliTester.run("merge", both[0].toString(), sameInstance.toString());
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains(": both are instance 1/2;"), r.err());

    ((ObjectNode) tree.get("settings")).put("instance", "2/2").put("table", "other_table");
    Path otherTable = dir.resolve("i2-other-table.json");
    mapper.writeValue(otherTable.toFile(), tree);
    r = CliTester.run("merge", both[0].toString(), otherTable.toString());
    assertEquals(2, r.exitCode(), r.all());
    String table = (String) JsonReport.read(both[0]).settings().get("table");
    assertTrue(r.err().contains(": their table differs ('other_table' there, '" + table + "' in " + both[0] + ")"),
        r.err());
  }

  @Test
  void theReportOfAMergedResultSaysWhyItHasNoChartsOverTime() throws Exception {
    Path[] both = together("ra.json", "rb.json", "find_first", 3000, 3000);
    Path a = both[0];
    Path b = both[1];
    Path merged = Files.createDirectories(dir.resolve("merged-run")).resolve("result.json");
    assertEquals(0, CliTester.run("merge", a.toString(), b.toString(), "--json", merged.toString()).exitCode());
    CliTester.Result r = CliTester.run("report", merged.getParent().toString());
    assertEquals(0, r.exitCode(), r.all());
    String html = Files.readString(merged.resolveSibling("report.html"));
    String why = "This is a merged result (stress merge): it adds the processes' counts and histograms but not their"
        + " report intervals, each measured on its own process's clock, so there is nothing to draw over time; the"
        + " report of each process's own result file has these charts.";
    assertTrue(html.contains(why.replace("'", "&#39;")), "the throughput and latency sections say why they are empty");
    assertFalse(html.contains("\"title\":\"Throughput\""), "no empty chart is drawn");

    Path single = Files.createDirectories(dir.resolve("single-run")).resolve("result.json");
    Files.copy(a, single);
    assertEquals(0, CliTester.run("report", single.getParent().toString()).exitCode());
    String own = Files.readString(single.resolveSibling("report.html"));
    assertFalse(own.contains("merged result"), "a single process's report has its charts over time");
    assertTrue(own.contains("\"title\":\"Throughput\""));

    ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(a.toFile());
    tree.get("phases").forEach(phase -> ((ObjectNode) phase.get("stats")).putArray("intervals"));
    Path stripped = Files.createDirectories(dir.resolve("no-intervals")).resolve("result.json");
    new ObjectMapper().writeValue(stripped.toFile(), tree);
    assertEquals(0, CliTester.run("report", stripped.getParent().toString()).exitCode());
    assertTrue(Files.readString(stripped.resolveSibling("report.html")).contains("The result file holds no measured"
        + " report interval for some phases (their &quot;intervals&quot; are empty or warm-up only), so those phases"
        + " have no line over time."));
  }

  @Test
  void resultsOfDifferentOperationsAreRefused() {
    Path a = run("c.json", "find_first", 50);
    Path b = run("d.json", "find_in", 50);
    CliTester.Result r = CliTester.run("merge", a.toString(), b.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("stress: cannot merge " + b + " with " + a + ": phase 'mode=prepared pool=none"
        + " threads=2' ran [find_in] there but [find_first] in " + a), r.err());
  }

  @Test
  void oneFileIsAUsageError() {
    CliTester.Result r = CliTester.run("merge", dir.resolve("x.json").toString());
    assertEquals(2, r.exitCode());
  }
}
