package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;
import stress.report.PairedRatio;
import stress.report.RoundComparison;
import stress.report.RunResult;
import stress.report.files.ResultFiles;
import stress.testing.TestDatabase;

/**
 * {@code run --rounds N} on the embedded server: every combination once per round, the rounds interleaved, and the
 * comparison with its noise in the text, result.json, comparison.csv and report.html. Phases end by --ops, so no test
 * waits on time.
 */
class RoundsRunTest {
  @TempDir
  static Path dir;
  private static String url;

  @BeforeAll
  static void data() {
    url = TestDatabase.newDatabaseUrl("rounds");
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "500");
    assertEquals(0, init.exitCode(), init.all());
  }

  @Test
  void everyCombinationRunsOncePerRoundInterleavedAndIsComparedWithItsNoise() throws Exception {
    Path out = dir.resolve("out");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first=3,find_update=1",
        "--threads", "2", "--mode", "prepared,plain", "--ops", "200", "--warmup", "0", "--rounds", "3",
        "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    String text = r.out();
    assertTrue(text.contains("rounds: 3 (every phase once per round, interleaved"), text);
    int plan = text.indexOf("plan: 6 phases (2 combinations x 3 rounds, interleaved), each 0 ms warm-up + until 200"
        + " operations");
    assertTrue(plan > 0 && plan < text.indexOf("phase 1/6"), "the plan before the first phase: " + text);
    assertTrue(text.indexOf("warning: --ops 200 is too few to measure") < text.indexOf("phase 1/6"), text);
    assertTrue(text.contains("  short phases: 6 of 6 measured under 1 s or under 500 executions"), text);
    List<String> order = text.lines().filter(l -> l.startsWith("phase ")).toList();
    assertEquals(List.of(
        "phase 1/6: mode=prepared pool=none threads=2 round=1", "phase 2/6: mode=plain pool=none threads=2 round=1",
        "phase 3/6: mode=plain pool=none threads=2 round=2", "phase 4/6: mode=prepared pool=none threads=2 round=2",
        "phase 5/6: mode=prepared pool=none threads=2 round=3", "phase 6/6: mode=plain pool=none threads=2 round=3"),
        order, "two combinations alternate which runs first");
    assertTrue(text.contains("comparison (2 combinations, 3 rounds, interleaved"), text);
    assertTrue(text.contains("interval: order-statistics interval of the median of those ratios, 75% coverage with 3"
        + " rounds"), text);
    assertTrue(text.contains("per operation, by latency"), text);

    RunResult result = JsonReport.read(out.resolve(ResultFiles.RESULT_JSON));
    assertEquals(List.of(1, 1, 2, 2, 3, 3), result.phases().stream().map(p -> p.round()).toList());
    RoundComparison.Result rounds = result.roundComparison();
    assertNotNull(rounds);
    assertEquals(3, rounds.rounds());
    assertEquals(2, rounds.rows().size());
    RoundComparison.Row plain = rounds.rows().get(1);
    assertEquals("plain", plain.combination().get("mode"));
    RoundComparison.Figure ops = plain.figures().get(0);
    assertEquals(3, ops.rounds().size());
    assertNotNull(ops.vsBaseline());
    assertTrue(List.of("faster", "slower", "no difference beyond noise", PairedRatio.NO_VERDICT)
        .contains(ops.vsBaseline().verdict()), ops.toString());
    assertNull(rounds.rows().get(0).figures().get(0).vsBaseline(), "the baseline has no ratio to itself");
    assertEquals(2 * (3 + 4), rounds.rows().stream().mapToInt(row -> row.figures().size()).sum(),
        "ops/s, p50 and p99 of the total, p50 and p99 of each of the two operations");

    List<String> csv = Files.readAllLines(out.resolve(ResultFiles.COMPARISON_CSV));
    assertTrue(csv.get(0).startsWith("mode,pool,threads,baseline,operation,figure,median,lowest,highest,rounds,ratio"),
        csv.get(0));
    assertEquals(1 + 14, csv.size());
    assertTrue(Files.readString(out.resolve("summary.csv")).lines().findFirst().orElseThrow()
        .contains(",threads,round,operation,"), "summary.csv says each row's round");
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("Comparison with noise") && html.contains("median of 3 rounds"), "report.html");
  }

  @Test
  void oneRoundSaysItHasNoNoiseEstimate() {
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--threads", "1", "--mode",
        "prepared,plain", "--ops", "50", "--warmup", "0");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("1 round: no noise estimate, --rounds 5 gives one"), r.out());
  }

  @Test
  void oneCombinationInRoundsSaysItComparesNothing() {
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--threads", "1", "--ops", "20",
        "--warmup", "0", "--rounds", "2");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("1 combination in 2 rounds: the rounds measure its stability only, nothing is"
        + " compared; list a second value of --mode, --pool, --threads or --set to compare"), r.out());
  }

  @Test
  void roundsComeFromTheConfigFileAndMustBeOneOrMore() throws Exception {
    Path config = dir.resolve("rounds.yaml");
    Files.writeString(config, "rounds: 2\nthreads: 1\nops: 20\nwarmup: 0\nmode: prepared,plain\n");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--config", config.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("comparison (2 combinations, 2 rounds"), r.out());
    CliTester.Result zero = CliTester.run("--url", url, "-U", "postgres", "run", "--rounds", "0", "--ops", "1");
    assertEquals(2, zero.exitCode(), zero.all());
    assertTrue(zero.err().contains("--rounds must be at least 1, got 0"), zero.err());
  }

  @Test
  void tablesComparedInRoundsAlternateAndTwoOfTheSameLayoutShowNoVerdictOfSpeed() throws Exception {
    String tablesUrl = TestDatabase.newDatabaseUrl("rounds_tables");
    for (String table : List.of("left_docs", "right_docs")) {
      CliTester.Result init = CliTester.run("--url", tablesUrl, "-U", "postgres", "init", "--docs", "300", "--table",
          table);
      assertEquals(0, init.exitCode(), init.all());
    }
    Path json = dir.resolve("tables.json");
    CliTester.Result r = CliTester.run("--url", tablesUrl, "-U", "postgres", "run", "--op", "find_first",
        "--compare-tables", "left_docs,right_docs", "--threads", "1", "--ops", "100", "--warmup", "0", "--rounds", "2",
        "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    List<String> order = r.out().lines().filter(l -> l.startsWith("table ") && l.endsWith("):")).toList();
    assertEquals(List.of("table left_docs (1 of 2 compared, round 1 of 2):",
        "table right_docs (2 of 2 compared, round 1 of 2):", "table right_docs (2 of 2 compared, round 2 of 2):",
        "table left_docs (1 of 2 compared, round 2 of 2):"), order);
    assertTrue(r.out().contains("tables compared with their noise (2 rounds"), r.out());
    RunResult result = JsonReport.read(json);
    RoundComparison.Result rounds = result.roundComparison();
    assertEquals(List.of("left_docs", "right_docs"), rounds.rows().stream().map(row -> row.combination().get("table"))
        .toList());
    assertEquals(List.of(1, 2), result.phases().stream().filter(p -> p.combination().get("table").equals("left_docs"))
        .map(p -> p.round()).toList());
  }
}
