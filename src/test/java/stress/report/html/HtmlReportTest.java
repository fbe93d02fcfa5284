package stress.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import stress.metrics.ClientUsage;
import org.junit.jupiter.api.io.TempDir;
import stress.metrics.DegradedWindow;
import stress.metrics.HostUsage;
import stress.metrics.IntervalStats;
import stress.metrics.OperationStats;
import stress.metrics.Outage;
import stress.metrics.PhaseStats;
import stress.report.ClientUsageText;
import stress.report.Decimals;
import stress.report.PhaseResult;
import stress.report.RoundComparison;
import stress.report.RunResult;

/** The page: self-contained, data escaped, and the numbers of each table taken from the result. */
class HtmlReportTest {
  private static final Pattern DATA = Pattern.compile(
      "<script id=\"report-data\" type=\"application/json\">(.*?)</script>", Pattern.DOTALL);

  @Test
  void thePageCarriesChartJsAndItsDataAndLoadsNothing() {
    String page = HtmlReport.render(List.of(new NamedResult("run", Runs.comparison())));
    assertTrue(page.contains(ChartJsBundle.script()), "Chart.js bundle inlined");
    String lower = page.toLowerCase(Locale.ROOT);
    assertFalse(lower.contains("<link"), "no stylesheet link");
    assertFalse(Pattern.compile("<(script|img|iframe)[^>]*\\ssrc=").matcher(lower).find(), "nothing loaded by src");
    assertFalse(lower.contains("http://") && lower.contains("src=\"http"), "no remote resource");
    // error capture, data, Chart.js, drawing: four scripts, each closed once
    assertEquals(4, count(lower, "<script"));
    assertEquals(4, count(lower, "</script"));
  }

  @Test
  void textFromDataIsEscapedInTablesAndInTheInlineJson() throws Exception {
    RunResult result = Runs.comparison();
    String page = HtmlReport.render(List.of(new NamedResult("run", result)));
    assertFalse(page.contains(Runs.HOSTILE), "raw hostile label must not reach the page");
    assertFalse(page.contains("<script>document"), page.length() + " chars");
    assertTrue(page.contains("mode=prepared &lt;/script&gt;&lt;script&gt;document.body.dataset.injected=&#39;yes&#39;"
        + "&lt;/script&gt;&lt;!--"), "label escaped in the tables");
    assertTrue(page.contains("x=&lt;b&gt;&amp;y=&quot;1&quot;"), "setting value escaped");
    assertTrue(page.contains("ERROR: could not serialize access &lt;/script&gt;"), "server message escaped");

    JsonNode data = data(page);
    List<String> labels = new ArrayList<>();
    data.get("charts").forEach(chart -> chart.get("series").forEach(series -> labels.add(series.get("label").asText())));
    assertTrue(labels.contains("mode=prepared " + Runs.HOSTILE), "the JSON still holds the label exactly: " + labels);
  }

  @Test
  void theThroughputTableHasEveryMeasuredInterval() {
    RunResult result = Runs.single();
    ChartSpec chart = chart(ReportModel.sections(List.of(new NamedResult("run", result))), "throughput");
    PhaseStats stats = result.phases().get(0).stats();
    List<IntervalStats> measured = stats.intervals().stream().filter(i -> !i.warmup()).toList();
    assertEquals(3, measured.size());
    assertEquals(List.of("elapsed s", "mode=prepared"), chart.table().headers());
    for (int i = 0; i < measured.size(); i++) {
      assertEquals(List.of(String.format(Locale.ROOT, "%.2f", measured.get(i).elapsedSeconds()),
          Decimals.oneDecimal(measured.get(i).opsPerSecond())),
          chart.table().rows().get(i));
    }
    assertEquals("420.0", chart.table().rows().get(0).get(1), "400 reads + 20 writes per second");
  }

  @Test
  void theComparisonMarksTheCombinationWithTheMostOpsPerSecond() {
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("run", Runs.comparison())));
    ChartSpec chart = chart(sections, "comparison");
    assertEquals(List.of("mode=plain", "mode=prepared " + Runs.HOSTILE), chart.categories());
    assertEquals(List.of(1), chart.series().get(0).marked());
    assertEquals("", chart.table().rows().get(0).get(4));
    assertEquals("★", chart.table().rows().get(1).get(4));
    assertEquals("520.0", chart.table().rows().get(1).get(1), "prepared: 500 reads + 20 writes per second");

    List<Section> single = ReportModel.sections(List.of(new NamedResult("run", Runs.single())));
    assertTrue(single.stream().noneMatch(s -> s.id().equals("comparison")), "one phase: nothing to compare");
  }

  @Test
  void thePageOpensOnTheResultsAndEndsWithTheSettingsFolded() {
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("run", Runs.comparison())));
    assertEquals(List.of("results", "comparison", "throughput", "latency", "distribution", "errors", "client", "settings"),
        sections.stream().map(Section::id).toList());
    assertTrue(sections.get(sections.size() - 1).collapsed(), "settings folded");
    String page = HtmlReport.render(List.of(new NamedResult("run", Runs.comparison())));
    Matcher first = Pattern.compile("<section id=\"([^\"]+)\">").matcher(page);
    assertTrue(first.find());
    assertEquals("results", first.group(1));
    assertTrue(page.indexOf("<section id=\"results\">") < page.indexOf("<canvas"), "the results come before any chart");
    assertTrue(page.contains("<details>\n<summary><h2>Settings and target</h2></summary>"), "settings folded");
  }

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

  @Test
  void phasesCutMillisecondsApartShareTheirTimeRows() {
    // the second phase's intervals end 10 ms later than the first's: same rows, same x, no half-empty rows
    PhaseStats early = Runs.phase(100, 1.0);
    PhaseStats late = Runs.shifted(Runs.phase(200, 1.0), 0.01);
    RunResult single = Runs.single();
    RunResult result = new RunResult(single.toolVersion(), single.startTime(), single.settings(), single.target(), List.of(
        new PhaseResult("early", Map.of(), Map.of(), Map.of(), early),
        new PhaseResult("late", Map.of(), Map.of(), Map.of(), late)));
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("run", result)));
    ChartSpec throughput = chart(sections, "throughput");
    assertEquals(3, throughput.table().rows().size(), throughput.table().rows().toString());
    for (List<String> row : throughput.table().rows()) {
      assertTrue(row.stream().noneMatch(String::isEmpty), "a full row: " + row);
    }
    assertEquals(throughput.series().get(0).points().stream().map(Point::x).toList(),
        throughput.series().get(1).points().stream().map(Point::x).toList());
    Section latency = sections.stream().filter(s -> s.id().equals("latency")).findFirst().orElseThrow();
    assertEquals("time-log", latency.charts().get(0).kind(), "percentiles on a logarithmic axis");
    assertEquals(3, latency.charts().get(1).table().rows().size());
  }

  @Test
  void errorsAreShownPerSqlStateAndInterval() {
    PhaseStats stats = Runs.phase(100, 1.0);
    var series = ErrorSeries.bySqlState(stats);
    assertEquals(List.of("40001", "57014"), new ArrayList<>(series.keySet()));
    assertEquals(List.of(2.0, 2.0, 2.0), series.get("40001").stream().map(Point::y).toList());
    assertEquals(List.of(0.0, 0.0, 1.0), series.get("57014").stream().map(Point::y).toList());
    ChartSpec chart = chart(ReportModel.sections(List.of(new NamedResult("run", Runs.single()))), "errors");
    assertEquals(List.of("elapsed s", "mode=prepared · 40001", "mode=prepared · 57014"), chart.table().headers());
  }

  @Test
  void outagesAndDegradedWindowsAreListedWithTheirNodes() {
    RunResult single = Runs.single();
    PhaseResult p = single.phases().get(0);
    PhaseStats s = p.stats();
    PhaseStats windows = new PhaseStats(s.durationSeconds(), s.operations(), s.total(), 0, 0, s.intervals(),
        List.of(new Outage(0.5, 1.25, "57P01", null, 9, Map.of("57P01", 9L), Map.of())),
        List.of(new DegradedWindow(1.0, 3.0, 1000, 400, 0, Map.of("08006", 400L), Map.of("w2:5432", 400L), null)));
    RunResult result = new RunResult(single.toolVersion(), single.startTime(), single.settings(), single.target(),
        List.of(new PhaseResult(p.label(), p.combination(), p.settingsReadBack(), p.connection(), windows)));
    List<Section> all = ReportModel.sections(List.of(new NamedResult("run", result)));
    Section errors = all.stream().filter(section -> section.id().equals("errors")).findFirst().orElseThrow();
    assertEquals(List.of("1", "0.750", "1"), all.get(0).tables().get(0).rows().get(0).subList(6, 9),
        "the headline counts the outage, its length and the degraded window");
    assertTrue(all.get(0).headlines().get(0).endsWith("; 1 outage (0.750 s), 1 degraded window."), all.get(0).headlines().toString());
    DataTable table = errors.tables().get(1);
    assertEquals(List.of("phase", "window", "start s", "end s", "failed", "share failed", "SQLStates", "nodes"),
        table.headers());
    assertEquals(List.of(
        List.of("mode=prepared", "outage", "0.500", "1.250", "9", "100%", "57P01=9", ""),
        List.of("mode=prepared", "degraded", "1.000", "3.000", "400 of 1000", "40.00%", "08006=400", "w2:5432=400")),
        table.rows());
    assertTrue(HtmlReport.render(List.of(new NamedResult("run", result))).contains("w2:5432=400"));
  }

  @Test
  void twoRunsAreOverlaidWithTheEarlierDashed() {
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("before", Runs.single()),
        new NamedResult("after", Runs.comparison())));
    ChartSpec throughput = chart(sections, "throughput");
    assertEquals(List.of("before · mode=prepared", "after · mode=plain", "after · mode=prepared " + Runs.HOSTILE),
        throughput.series().stream().map(Series::label).toList());
    assertEquals(List.of(true, false, false), throughput.series().stream().map(Series::dashed).toList());
    DataTable settings = sections.stream().filter(s -> s.id().equals("settings")).findFirst().orElseThrow().tables().get(0);
    assertEquals(List.of("setting", "before", "after"), settings.headers());
    ChartSpec comparison = chart(sections, "comparison");
    assertEquals(List.of("before · ops/s", "before · p99 ms", "after · ops/s", "after · p99 ms"),
        comparison.series().stream().map(Series::label).toList());
  }

  @Test
  void writeIntoCreatesReportHtmlInTheDirectory(@TempDir Path dir) throws Exception {
    Path file = HtmlReport.writeInto(Runs.single(), dir.resolve("run-1"));
    assertEquals(dir.resolve("run-1").resolve("report.html"), file);
    String page = Files.readString(file);
    assertTrue(page.startsWith("<!DOCTYPE html>"));
    assertTrue(page.contains("<title>stress report: run-1</title>"));
    assertFalse(page.contains("(interrupted"), "a complete run");
  }

  @Test
  void anInterruptedRunSaysSoInTheHeader() {
    RunResult full = Runs.single();
    RunResult cut = new RunResult(full.toolVersion(), full.startTime(), full.settings(), full.target(), full.phases(), true);
    assertTrue(HtmlReport.render(List.of(new NamedResult("run", cut))).contains("(interrupted: the last phase is partial)"));
  }

  private static ChartSpec chart(List<Section> sections, String sectionId) {
    Section section = sections.stream().filter(s -> s.id().equals(sectionId)).findFirst().orElseThrow();
    assertEquals(1, section.charts().size());
    return section.charts().get(0);
  }

  private static JsonNode data(String page) throws Exception {
    Matcher m = DATA.matcher(page);
    assertTrue(m.find(), "report-data script");
    JsonNode data = new ObjectMapper().readTree(m.group(1));
    assertNotNull(data.get("charts"));
    return data;
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
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
