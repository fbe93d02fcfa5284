package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.metrics.OperationStats;
import stress.report.InstanceRow;
import stress.report.InstanceTable;
import stress.report.JsonReport;
import stress.report.RunResult;
import stress.testing.TestDatabase;

/**
 * Instances of one run meeting in the target database: three processes on this host ({@code run --instances 3}) start
 * together and their merged result is exactly the sum of theirs; an instance that never comes stops the others with
 * one line, and nothing is merged.
 */
class FleetRunTest {
  /** The start skew this test accepts on a shared machine; on an idle 2-core host the instances started within 11 ms. */
  static final double STATED_SKEW_MS = 2000;
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void table() {
    url = TestDatabase.newDatabaseUrl("fleet");
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "2000");
    assertEquals(0, init.exitCode(), init.all());
  }

  @Test
  void threeInstancesStartTogetherAndTheirMergedResultIsTheSumOfTheirs() throws Exception {
    Path json = dir.resolve("merged.json");
    Path out = dir.resolve("out");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--instances", "3", "--threads", "2",
        "--ops", "600", "--warmup", "0", "--mode", "prepared,plain", "--json", json.toString(), "--out",
        out.toString());
    assertEquals(0, r.exitCode(), r.all());
    Matcher run = Pattern.compile("run (local-[0-9a-f-]+): started \\S+ \\(database clock\\) on \\S+; 3 instance\\(s\\),"
        + " every one kept its result").matcher(r.out());
    assertTrue(run.find(), r.out());
    for (int i = 1; i <= 3; i++) {
      assertTrue(r.out().contains("[" + i + "/3] run " + run.group(1) + ": the result of instance " + i + "/3 is kept"),
          "each instance's lines, prefixed: " + r.out());
    }
    RunResult merged = JsonReport.read(json);
    List<RunResult> parts = instanceResults(run.group(1));
    assertEquals(3, parts.size());
    assertEquals(2, merged.phases().size());
    for (int p = 0; p < merged.phases().size(); p++) {
      OperationStats total = merged.phases().get(p).stats().total();
      assertEquals(3 * 600, total.count(), "each instance's --ops, added");
      Histogram sum = new Histogram(3);
      long errors = 0;
      for (RunResult part : parts) {
        OperationStats own = part.phases().get(p).stats().operations().get(0);
        sum.add(own.histogram());
        errors += own.errorCount();
      }
      assertEquals(sum, merged.phases().get(p).stats().operations().get(0).histogram(), "histograms added exactly");
      assertEquals(errors, total.errorCount());
    }
    assertEquals(3, merged.instances().size());
    for (InstanceRow instance : merged.instances()) {
      assertEquals(600, instance.phases().get(0).count());
    }
    for (InstanceTable.Skew skew : InstanceTable.skews(merged)) {
      assertNotNull(skew.startMs(), "every instance's start is known");
      assertTrue(skew.startMs() <= STATED_SKEW_MS, "the instances started within " + STATED_SKEW_MS + " ms: " + skew);
    }
    assertTrue(r.out().contains("start skew "), r.out());
    assertTrue(r.out().contains("run " + run.group(1) + ": 3 instances: instances 1, 2, 3 done\n"), r.out());
    String page = Files.readString(out.resolve("report.html"));
    assertTrue(page.contains("<section id=\"instances\">"), "the instances' rows in the report");
    assertEquals(merged.instances(), JsonReport.read(out.resolve("result.json")).instances());
  }

  private static List<RunResult> instanceResults(String runId) throws Exception {
    List<RunResult> results = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url);
         PreparedStatement ps = c.prepareStatement("SELECT result FROM stress_fleet WHERE run_id = ? ORDER BY instance")) {
      ps.setString(1, runId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          results.add(JsonReport.fromJson(rs.getString(1)));
        }
      }
    }
    return results;
  }

  @Test
  void anInstanceThatNeverComesStopsTheOthersAndNothingIsMerged() {
    CliTester.Result alone = CliTester.run("--url", url, "-U", "postgres", "run", "--run-id", "missing-one",
        "--instance", "1/2", "--barrier-timeout", "1s", "--threads", "1", "--ops", "10", "--warmup", "0");
    assertEquals(1, alone.exitCode(), alone.all());
    List<String> errors = alone.err().lines().toList();
    assertEquals(List.of("stress: run missing-one: instance 2 of 2 did not reach phase 1 ('mode=prepared pool=none"
        + " threads=1') within 1 s (ready: 1); instance 1 stops, and no result of the run is kept"), errors);
    CliTester.Result merge = CliTester.run("--url", url, "-U", "postgres", "merge", "--run", "missing-one");
    assertEquals(1, merge.exitCode(), merge.all());
    assertTrue(merge.err().startsWith("stress: run missing-one: instance 1 of 2 failed (run missing-one: instance 2"
        + " of 2 did not reach phase 1"), merge.err());
    assertTrue(merge.err().endsWith("; no merged result\n"), merge.err());
  }

  /** Instance {@code instance} of run {@code runId}: ten executions of find_first on one thread. */
  private static CliTester.Result tenOps(String runId, String instance) {
    return CliTester.run("--url", url, "-U", "postgres", "run", "--run-id", runId, "--instance", instance,
        "--threads", "1", "--ops", "10", "--warmup", "0");
  }

  @Test
  void aRunIdIsUsedOnce() {
    CliTester.Result first = tenOps("once", "1/1");
    assertEquals(0, first.exitCode(), first.all());
    CliTester.Result again = tenOps("once", "1/1");
    assertEquals(1, again.exitCode(), again.all());
    assertTrue(again.err().startsWith("stress: run once: instance 1 is already registered (by host "), again.err());
    CliTester.Result merge = CliTester.run("--url", url, "-U", "postgres", "merge", "--run", "once");
    assertEquals(1, merge.exitCode(), "the kept rows are not the later process's run: " + merge.all());
    assertTrue(merge.err().startsWith("stress: run once: its id was given again to a later process (instance 1 on"
        + " host "), merge.err());
    assertTrue(merge.err().endsWith("give each run a new --run-id; no merged result\n"), merge.err());
  }

  @Test
  void aRunIdWhoseRunEndedIsRefusedForAnotherIndexToo() {
    CliTester.Result first = tenOps("ended", "1/1");
    assertEquals(0, first.exitCode(), first.all());
    CliTester.Result later = tenOps("ended", "2/2");
    assertEquals(1, later.exitCode(), later.all());
    assertTrue(later.err().startsWith("stress: run ended: instance 1 is already registered (by host "), later.err());
    assertTrue(later.err().contains(", done); a run id is used once"), later.err());
  }

  @Test
  void mergeOfARunNeverKeptCreatesNothing() throws Exception {
    String fresh = TestDatabase.newDatabaseUrl("fleetread");
    CliTester.Result merge = CliTester.run("--url", fresh, "-U", "postgres", "merge", "--run", "no-such-run");
    assertEquals(1, merge.exitCode(), merge.all());
    assertTrue(merge.err().startsWith("stress: run no-such-run: no instance of it in the target database"),
        merge.err());
    try (Connection c = TestDatabase.connect(fresh);
         java.sql.Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_class WHERE relname LIKE 'stress_fleet%'")) {
      rs.next();
      assertEquals(0, rs.getInt(1), "a reading command creates no table");
    }
  }
}
