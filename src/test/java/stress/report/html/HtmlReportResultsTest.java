package stress.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import stress.metrics.ClientUsage;
import stress.metrics.HostUsage;
import stress.metrics.OperationStats;
import stress.report.ClientUsageText;
import stress.report.Decimals;
import stress.report.PhaseResult;
import stress.report.RoundComparison;
import stress.report.RunResult;

/**
 * What the page says of the run in words and tables: the headline's best combination, its ratio, errors and outages,
 * the workload, tables and target in words, the medians over rounds, and what the client cost and whether it was the
 * bottleneck.
 */
class HtmlReportResultsTest {
  @Test
  void aClientThatTookCpuFromTheServerOnItsHostIsToldWhatToDoAboutThat() {
    RunResult two = Runs.comparison();
    PhaseResult shared = withClient(two.phases().get(0), ClientUsage.of(10, 2, 7.0, 3.0, 4.0, 100_000, 5, 0.1,
        300L * MB, 100 * MB, 256 * MB, new HostUsage(2, 0.97, true)));
    RunResult result = new RunResult(two.toolVersion(), two.startTime(), two.settings(), two.target(), List.of(shared));
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("run", result)));
    Section client = sections.stream().filter(s -> s.id().equals("client")).findFirst().orElseThrow();
    assertEquals(shared.label() + ": host saturated, client and server on it (this host's 2 CPUs were 97% busy: the"
        + " client took 35% of them, the server and anything else on the host 62%); " + ClientUsageText.SHARED_HOST_ADVICE
        + ".",
        client.headlines().get(0));
    // the results line says what the terminal says (ClientUsageText.headline), not that the client was the bottleneck
    String results = sections.get(0).headlines().get(0);
    assertTrue(results.endsWith(" The host was saturated, client and server on it, in some phases: see Client cost."),
        results);
    assertFalse(results.contains("bottleneck"), results);
  }

  @Test
  void theHeadlineNamesTheBestCombinationItsRatioErrorsAndOutages() {
    RunResult result = Runs.comparison();
    Section results = ReportModel.sections(List.of(new NamedResult("run", result))).get(0);
    PhaseResult plain = result.phases().get(0);
    PhaseResult prepared = result.phases().get(1);
    double ratio = prepared.stats().total().opsPerSecond() / plain.stats().total().opsPerSecond();
    DataTable table = results.tables().get(0);
    assertEquals(List.of("best combination", "ops/s", "p99 ms", "vs first row", "errors", "errors, all phases", "outages",
        "outage s", "degraded windows"), table.headers());
    // each phase fails some executions in every interval while the rest succeed: one degraded window each
    long errors = prepared.stats().total().errorCount();
    assertEquals(List.of(List.of(prepared.label(), "520.0", Decimals.millis(prepared.stats().total().latencyMs().p99()),
        Decimals.ratio(ratio), Long.toString(errors), Long.toString(2 * errors), "0", "0.000", "2")), table.rows());
    assertEquals(List.of("best " + prepared.label() + " — 520.0 ops/s, p99 "
        + Decimals.millis(prepared.stats().total().latencyMs().p99()) + " ms, " + Decimals.ratio(ratio)
        + " the first row (mode=plain); " + 2 * errors + " errors; no outage, 2 degraded windows.",
        "Measured: operations [find_first=80, find_update=20]; target postgres, PostgreSQL 16.4."), results.headlines());
    DataTable operations = results.tables().get(1);
    assertEquals(List.of("operation (" + prepared.label() + ")", "count", "ops/s", "p50 ms", "p99 ms", "errors"),
        operations.headers());
    assertEquals(prepared.stats().operations().size() + (prepared.stats().operations().size() > 1 ? 1 : 0),
        operations.rows().size(), operations.rows().toString());
    OperationStats firstOp = prepared.stats().operations().get(0);
    assertEquals(List.of(firstOp.name(), Long.toString(firstOp.count()), Decimals.oneDecimal(firstOp.opsPerSecond()),
        Decimals.millis(firstOp.latencyMs().p50()), Decimals.millis(firstOp.latencyMs().p99()),
        Long.toString(firstOp.errorCount())), operations.rows().get(0));
    assertEquals("x1.63", Decimals.ratio(ratio), "520 / 320 ops/s");

    // the first row best: the others are given as ratios to it
    RunResult reversed = new RunResult(result.toolVersion(), result.startTime(), result.settings(), result.target(),
        List.of(prepared, plain));
    assertTrue(ReportModel.sections(List.of(new NamedResult("run", reversed))).get(0).headlines().get(0)
        .contains(" ms, the first row (the others x0.62 of it); "), "320 / 520 ops/s");
  }

  @Test
  void theFirstScreenNamesTheWorkloadTablesAndTarget() {
    RunResult base = Runs.single();
    Map<String, Object> settings = new java.util.LinkedHashMap<>();
    settings.put("operations", "paid=1,recent=3");
    settings.put("workload file", "config/workloads/orders-mongo.yaml");
    settings.put("table", "stress_orders");
    Map<String, Object> citus = Map.of("kind", "CITUS_COORDINATOR", "version",
        "PostgreSQL 15.8 on x86_64-pc-linux-gnu, compiled by gcc", "productVersion", "13.2.2");
    RunResult result = new RunResult(base.toolVersion(), base.startTime(), settings, citus, base.phases());
    assertEquals("Measured: workload config/workloads/orders-mongo.yaml (paid=1,recent=3); table stress_orders;"
        + " target Citus 13.2.2 on PostgreSQL 15.8.", RunScope.sentence(result));
    settings.put("compared tables", Map.of());
    settings.put("table", "orders_id, orders_key");
    RunResult compared = new RunResult(base.toolVersion(), base.startTime(), settings, citus, base.phases());
    assertTrue(RunScope.sentence(compared).contains("; table orders_id, orders_key (compared);"),
        RunScope.sentence(compared));
    settings.put("compared targets", "PostgreSQL table stress_orders and MongoDB mongodb://h:27017/");
    RunResult targets = new RunResult(base.toolVersion(), base.startTime(), settings, citus, base.phases());
    assertTrue(RunScope.sentence(targets).endsWith("; compared: PostgreSQL table stress_orders and MongoDB"
        + " mongodb://h:27017/."), RunScope.sentence(targets));
  }

  /** A run's page is written from the detected target itself: said in words, as once read back from its file. */
  @Test
  void aDetectedTargetIsSaidInWordsAndNoRecordTextReachesThePage() {
    RunResult base = Runs.comparison();
    stress.server.TargetInfo detected = stress.server.TargetInfo.postgres(
        "PostgreSQL 18.6 on x86_64-pc-linux-gnu, compiled by gcc", stress.server.ServerVersion.parse("18.6"));
    RunResult result = new RunResult(base.toolVersion(), base.startTime(), base.settings(), detected, base.phases());
    Section results = ReportModel.sections(List.of(new NamedResult("run", result))).get(0);
    assertTrue(results.headlines().get(1).endsWith("; target PostgreSQL 18.6."), results.headlines().toString());
    String page = HtmlReport.render(List.of(new NamedResult("run", result)));
    String text = page.replaceAll("(?s)<script.*?</script>", "");
    Matcher record = Pattern.compile("[A-Z][A-Za-z]*\\[[a-z][A-Za-z]*=").matcher(text);
    assertFalse(record.find(), () -> "a record's toString in the page: " + text.substring(Math.max(0,
        record.start() - 80), Math.min(text.length(), record.end() + 80)));
    assertTrue(text.contains("target PostgreSQL 18.6"), "the headline's words are on the page");
  }

  /** The operations under the headline are the best combination's over its rounds, as the headline's figures. */
  @Test
  void withRoundsTheOperationsUnderTheHeadlineAreTheMediansOverTheRounds() {
    List<PhaseResult> phases = threeRoundsOfPlainAndPrepared();
    RunResult base = Runs.comparison();
    RunResult result = new RunResult(base.toolVersion(), base.startTime(), base.settings(), base.target(), phases);
    Section results = ReportModel.sections(List.of(new NamedResult("run", result))).get(0);
    DataTable operations = results.tables().get(1);
    assertEquals(List.of("operation (mode=prepared; median of 3 rounds, lowest-highest round in brackets)", "count",
        "ops/s", "p50 ms", "p99 ms", "errors, all rounds"), operations.headers());
    List<OperationStats> reads = phases.stream().filter(p -> p.combination().get("mode").equals("prepared"))
        .map(p -> p.stats().operations().get(0)).toList();
    double[] rates = reads.stream().mapToDouble(OperationStats::opsPerSecond).sorted().toArray();
    double[] p99s = reads.stream().mapToDouble(o -> o.latencyMs().p99()).sorted().toArray();
    List<String> firstRow = operations.rows().get(0);
    assertEquals("find_first", firstRow.get(0));
    assertEquals(Decimals.oneDecimal(rates[1]) + " (" + Decimals.oneDecimal(rates[0]) + "-"
        + Decimals.oneDecimal(rates[2]) + ")", firstRow.get(2), "the median round's ops/s and the range");
    // the reads' latencies do not depend on their rate here: the rounds agree, and the median stands alone
    assertEquals(Decimals.millis(p99s[0]), Decimals.millis(p99s[2]), "the fixture's p99 is the same in every round");
    assertEquals(Decimals.millis(p99s[1]), firstRow.get(4));
    assertEquals(Long.toString(reads.stream().mapToLong(OperationStats::errorCount).sum()), firstRow.get(5));
    assertEquals("all operations", operations.rows().get(operations.rows().size() - 1).get(0));
    assertFalse(String.join(" ", operations.headers()).contains("round="), "no one round's label");
    assertTrue(results.headlines().get(0).contains("median " + Decimals.oneDecimal(
        result.roundComparison().rows().get(1).figures().get(0).median()) + " ops/s over 3 rounds"),
        results.headlines().get(0));
  }

  /** Rounds of one combination are one entry of the Comparison section, starred and compared as the text does. */
  @Test
  void withRoundsTheComparisonShowsEachCombinationOnceWithItsMedianAndPairedRatio() {
    List<PhaseResult> phases = threeRoundsOfPlainAndPrepared();
    RunResult base = Runs.comparison();
    RunResult result = new RunResult(base.toolVersion(), base.startTime(), base.settings(), base.target(), phases);
    Section comparison = ReportModel.sections(List.of(new NamedResult("run", result))).stream()
        .filter(s -> s.id().equals("comparison")).findFirst().orElseThrow();
    ChartSpec chart = comparison.charts().get(0);
    assertEquals(List.of("mode=plain", "mode=prepared"), chart.categories(), "no bar per round");
    List<List<String>> rows = chart.table().rows();
    assertEquals(2, rows.size());
    RoundComparison.Row prepared = result.roundComparison().rows().get(1);
    assertEquals("", rows.get(0).get(4), "the baseline is not starred");
    assertEquals("baseline", rows.get(0).get(5));
    assertEquals("★", rows.get(1).get(4));
    assertEquals(Decimals.oneDecimal(prepared.figures().get(0).median()) + " ("
        + Decimals.oneDecimal(prepared.figures().get(0).low()) + "-"
        + Decimals.oneDecimal(prepared.figures().get(0).high()) + ")", rows.get(1).get(1));
    RoundComparison.Ratio paired = prepared.figures().get(0).vsBaseline();
    assertEquals(Decimals.ratio(paired.median()) + " (" + Decimals.ratioRangeOutward(paired.low(), paired.high())
        + ", " + paired.verdict() + ")", rows.get(1).get(5), "the paired ratio, as the text reads it");
  }

  @Test
  void theClientSectionShowsEachPhasesCostAndTheResultsSayWhenTheClientWasTheBottleneck() {
    RunResult plainOnly = Runs.comparison();
    PhaseResult idle = withClient(plainOnly.phases().get(0),
        ClientUsage.of(10, 2, 2.0, 1.5, 0.5, 100_000, 5, 0.1, 300L * MB, 100 * MB, 256 * MB, null)
            .withJitSeconds(0.1).withSpinSeconds(3.0));
    PhaseResult busy = withClient(plainOnly.phases().get(1),
        ClientUsage.of(10, 2, 18.0, 12.0, 6.0, 900_000, 7, 0.2, 400L * MB, 90 * MB, 256 * MB,
            new HostUsage(2, 0.95, true)).withJitSeconds(2.7));
    RunResult result = new RunResult(plainOnly.toolVersion(), plainOnly.startTime(), plainOnly.settings(),
        plainOnly.target(), List.of(idle, busy));
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("run", result)));
    Section client = sections.stream().filter(s -> s.id().equals("client")).findFirst().orElseThrow();
    DataTable table = client.tables().get(0);
    assertEquals(List.of("mode=plain", "2.0", "1.5", "0.5", "10.0%", "2", "20.0", "5.0%", "3.0", "5", "100.0", "1.0%",
        "300", "100", "256", "", ""), table.rows().get(0));
    assertEquals("", table.rows().get(1).get(8), "no busy-poll column figure for loops that slept");
    assertEquals("95.0% of 2, server on this host", table.rows().get(1).get(15));
    assertEquals("90.0%", table.rows().get(1).get(4), "18 s of CPU in 10 s on 2 cores");
    assertEquals("15.0%", table.rows().get(1).get(7), "2.7 s of JIT in 18 s of CPU");
    assertEquals("CPU at 90% of the 2 cores it may use", table.rows().get(1).get(16));
    assertEquals(2, client.headlines().size(), client.headlines().toString());
    assertTrue(client.headlines().get(0).startsWith(busy.label() + ": the client was the bottleneck (CPU at 90%"),
        client.headlines().get(0));
    assertEquals(busy.label() + ": client still warming up (its JIT took 15% of its CPU while measuring); "
        + ClientUsageText.WARMUP_ADVICE + ".", client.headlines().get(1));
    assertTrue(sections.get(0).headlines().get(0).endsWith(" The client was the bottleneck in some phases: see Client"
        + " cost. The client was still warming up (compiling) in some phases: see Client cost."),
        sections.get(0).headlines().get(0));

    RunResult calm = new RunResult(plainOnly.toolVersion(), plainOnly.startTime(), plainOnly.settings(),
        plainOnly.target(), List.of(idle));
    List<Section> calmSections = ReportModel.sections(List.of(new NamedResult("run", calm)));
    assertFalse(calmSections.get(0).headlines().get(0).contains("bottleneck"));
    assertFalse(calmSections.get(0).headlines().get(0).contains("warming up"), "its JIT took 5% of its CPU");
    assertTrue(calmSections.stream().filter(s -> s.id().equals("client")).findFirst().orElseThrow().headlines().get(0)
        .startsWith("The client was not the bottleneck in any phase"));
    // results written before the client measured itself
    Section old = ReportModel.sections(List.of(new NamedResult("run", Runs.single()))).stream()
        .filter(s -> s.id().equals("client")).findFirst().orElseThrow();
    assertTrue(old.note().startsWith("Not measured"), old.note());
    assertTrue(HtmlReport.render(List.of(new NamedResult("run", result))).contains("<section id=\"client\">"));
  }

  private static final long MB = 1024 * 1024;

  private static PhaseResult withClient(PhaseResult p, ClientUsage client) {
    return new PhaseResult(p.label(), p.combination(), p.settingsReadBack(), p.connection(), p.stats(), p.hosts(), client);
  }

  /** Plain at 300, 330, 280 ops/s and prepared at 500, 450, 560 in rounds 1 to 3, interleaved. */
  private static List<PhaseResult> threeRoundsOfPlainAndPrepared() {
    int[] plainRates = {300, 330, 280};
    int[] preparedRates = {500, 450, 560};
    List<PhaseResult> phases = new ArrayList<>();
    for (int r = 0; r < 3; r++) {
      for (String mode : List.of("plain", "prepared")) {
        boolean plain = mode.equals("plain");
        phases.add(new PhaseResult("mode=" + mode, Map.of("mode", mode), Map.of(), Map.of("pool", "none"),
            Runs.phase(plain ? plainRates[r] : preparedRates[r], plain ? 1.0 : 0.5)).inRound(r + 1));
      }
    }
    return phases;
  }
}
