package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;
import stress.report.RunResult;
import stress.report.html.HeadlessChromium;
import stress.report.html.HtmlReport;
import stress.report.html.RenderedPage;
import stress.testing.TestDatabase;

/**
 * report.html of real runs opened in headless Chromium: every chart draws its series and no script fails.
 * Skipped, saying why, when no Chromium is installed.
 */
class ReportBrowserIT {
  /** Kept after the build for a person to look at. */
  private static final Path SCREENSHOTS = Path.of("target", "report-screenshots");
  /** A record's {@code toString}: {@code Name[field=}. */
  private static final java.util.regex.Pattern RECORD_TEXT = java.util.regex.Pattern.compile(
      "\\b[A-Z][A-Za-z]*\\[[a-z][A-Za-z]*=");
  @TempDir
  static Path dir;
  private static HeadlessChromium browser;
  private static Path before;
  private static Path after;

  @BeforeAll
  static void runTwice() throws IOException {
    browser = HeadlessChromium.find().orElse(null);
    if (browser == null) {
      System.out.println("ReportBrowserIT skipped: no chromium, chromium-browser or google-chrome on the PATH"
          + " (install one, e.g. apt-get install chromium, or set STRESS_CHROMIUM to the binary)");
      return;
    }
    Files.createDirectories(SCREENSHOTS);
    String url = TestDatabase.newDatabaseUrl("report");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "2000").exitCode());
    before = run(url, "before", "2");
    after = run(url, "after", "4");
  }

  /** Two phases (plain, prepared) of 3 measured seconds with per-second intervals, written by --out. */
  private static Path run(String url, String name, String threads) {
    Path runDir = dir.resolve(name);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first=3,find_update=1",
        "--threads", threads, "--mode", "plain,prepared", "--duration", "3s", "--warmup", "1s", "--report-interval", "1s",
        "--out", runDir.toString());
    assertEquals(0, r.exitCode(), r.all());
    return runDir;
  }

  /** Each test is reported as skipped, with the reason, when there is no browser. */
  @BeforeEach
  void needsBrowser() {
    Assumptions.assumeTrue(browser != null, "no Chromium to open report.html with");
  }

  @Test
  void theReportOfOneRunDrawsEveryChart() throws Exception {
    assertEquals(0, CliTester.run("report", before.toString()).exitCode());
    Path page = before.resolve(HtmlReport.FILE_NAME);
    // throughput, latency x 2 phases, percentiles x 3 (two operations and total), comparison; no errors chart
    RenderedPage rendered = assertRendered(page, 7);
    assertEquals(Optional.of("results"), rendered.firstSectionId(), "the page opens on the results");
    Path png = SCREENSHOTS.resolve("one-run.png");
    browser.screenshot(page, png, 1400, 5400);
    browser.screenshot(page, SCREENSHOTS.resolve("one-run-1366x768.png"), 1366, 768);
    System.out.println("ReportBrowserIT: screenshot of one run at " + png + " (" + Files.size(png) + " bytes)");
  }

  @Test
  void theOverlayOfTwoRunsDrawsEveryChart() throws Exception {
    Path page = dir.resolve("overlay.html");
    assertEquals(0, CliTester.run("report", before.toString(), after.toString(), "--out", page.toString()).exitCode());
    // the thread counts differ, so each run's phases get their own latency charts: 1 + 2 + 2 + 3 + 1
    assertEquals(Optional.of("results"), assertRendered(page, 9).firstSectionId(), "the page opens on the results");
    String html = Files.readString(page);
    assertTrue(html.contains("<th>before · mode=plain pool=none threads=2</th>")
        && html.contains("<th>after · mode=plain pool=none threads=4</th>"), "both runs in the throughput table");
    browser.screenshot(page, SCREENSHOTS.resolve("overlay.png"), 1400, 6600);
    browser.screenshot(page, SCREENSHOTS.resolve("overlay-1366x768.png"), 1366, 768);
    browser.printToPdf(page, SCREENSHOTS.resolve("overlay.pdf"));
  }

  /** A run of rounds: the intervals drawn as bars beside x1, the verdicts in the tables. */
  @Test
  void theReportOfARunOfRoundsDrawsItsIntervals() throws Exception {
    String url = TestDatabase.newDatabaseUrl("report_rounds");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "500").exitCode());
    Path runDir = dir.resolve("rounds");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first=3,find_update=1",
        "--threads", "2", "--mode", "prepared,plain", "--ops", "300", "--warmup", "0", "--rounds", "3",
        "--out", runDir.toString());
    assertEquals(0, r.exitCode(), r.all());
    Path page = runDir.resolve(HtmlReport.FILE_NAME);
    // rounds: ops/s, p50, p99, each operation's p50; comparison; throughput; latency x 6 phases; percentiles x 3
    RenderedPage rendered = assertRendered(page, 4 + 1 + 1 + 6 + 3);
    assertEquals(Optional.of("results"), rendered.firstSectionId());
    String html = Files.readString(page);
    assertTrue(html.contains("Comparison with noise") && html.contains(">verdict</th>"), "the verdicts shown");
    // written by the run from the target it detected: said in words, and the operations over the rounds
    assertTrue(rendered.headlines().stream().anyMatch(h -> h.matches(".*; target PostgreSQL \\d+\\.\\d+\\..*")),
        rendered.headlines().toString());
    assertTrue(html.contains("; median of 3 rounds, lowest-highest round in brackets)</th>"), "operations over rounds");
    browser.screenshot(page, SCREENSHOTS.resolve("rounds.png"), 1400, 3000);
  }

  /**
   * A capacity search (a real result.json kept as a test resource): the knee chart draws every step's latencies, the
   * objective's line, the capacity's mark and its interval's band. Only the first six steps' phases are kept for the
   * per-phase charts: with eleven, the throughput chart has more series than its legend shows and its last series,
   * one point, fails the render check (a limit of the per-phase charts, not of the knee).
   */
  /**
   * The real search's steps with its rounds' answers as a search whose rounds disagree writes them (round 1 found a
   * capacity, round 2 a lower bound, the client's limit): no capacity line nor band, the answer and each round's words
   * once, the lower bound a round's row, the rounds told apart in the knee's legend.
   */
  @Test
  void theReportOfASearchWhoseRoundsDisagreeDrawsNoCapacityAndNamesTheLowerBound() throws Exception {
    RunResult search = sampleSearch();
    java.util.Map<String, Object> settings = settingsOf(search);
    java.util.Map<String, Object> capacity = capacityOf(settings);
    capacity.remove("capacity ops/s");
    capacity.remove("interval");
    capacity.remove("coverage");
    capacity.put("answer", "capacity under p99<=5ms: none vouched for: found in 1 of 2 rounds only (a capacity needs"
        + " most of them): round 1 156 ops/s, round 2 at least 58.6 (a lower bound)");
    @SuppressWarnings("unchecked")
    List<java.util.Map<String, Object>> rounds = (List<java.util.Map<String, Object>>) capacity.get("rounds");
    rounds.get(0).put("in words", "156 ops/s, the highest rate held 3 offers running");
    rounds.get(1).put("client's limit", true);
    rounds.get(1).put("in words", "at least 58.6 ops/s, a lower bound: the client's limit");
    RunResult result = new RunResult(search.toolVersion(), search.startTime(), settings, search.target(),
        search.phases().subList(0, 6), false);
    Path page = HtmlReport.writeInto(result, dir.resolve("capacity-disagree"));
    String html = Files.readString(page);
    RenderedPage rendered = assertRendered(page, html.split("<canvas", -1).length - 1);
    String knee = rendered.canvasIn("capacity").orElseThrow();
    assertEquals(Optional.of("0"), rendered.canvasData(knee, "missing-series"), rendered.describe());
    List<String> plotted = List.of(rendered.canvasData(knee, "plotted-labels").orElseThrow().replace("&lt;", "<")
        .split(" \\| "));
    assertTrue(plotted.containsAll(List.of("p99 · round 1", "p99 · round 2", "objective p99<=5ms")), plotted.toString());
    assertTrue(plotted.stream().noneMatch(l -> l.startsWith("capacity ") || l.startsWith("interval ")),
        "no capacity from a lower bound: " + plotted);
    assertTrue(rendered.headlines().get(0).startsWith("capacity under p99<=5ms: none vouched for: found in 1 of 2 rounds"
        + " only"), rendered.headlines().toString());
    assertEquals(1, rendered.headlines().stream().filter(h -> h.contains("see Capacity")).count(),
        "the headline's explanation once: " + rendered.headlines());
    assertTrue(rendered.headlines().contains("round 2: at least 58.6 ops/s, a lower bound: the client's limit."),
        rendered.headlines().toString());
    assertTrue(rendered.dom().contains("at least 58.6 (a lower bound)"), "the round's row in the answers' table");
    browser.screenshot(page, SCREENSHOTS.resolve("capacity-disagree.png"), 1400, 1600);
  }

  @Test
  void theReportOfACapacitySearchDrawsTheKneeWithTheObjectiveAndTheCapacity() throws Exception {
    RunResult search = JsonReport.read(Path.of(getClass().getResource("/stress/report/capacity-result.json").toURI()));
    RunResult result = new RunResult(search.toolVersion(), search.startTime(), search.settings(), search.target(),
        search.phases().subList(0, 6), false);
    Path page = HtmlReport.writeInto(result, dir.resolve("capacity"));
    String html = Files.readString(page);
    int canvases = html.split("<canvas", -1).length - 1;
    RenderedPage rendered = assertRendered(page, canvases);
    String knee = rendered.canvasIn("capacity").orElseThrow();
    assertEquals(Optional.of("0"), rendered.canvasData(knee, "missing-series"), rendered.describe());
    String plotted = rendered.canvasData(knee, "plotted-labels").orElseThrow().replace("&lt;", "<");
    for (String label : List.of("p50 · round 1", "p99 · round 2", "p99.9 · round 1", "objective p99<=5ms",
        "capacity 107 ops/s", "interval 58.6-156 ops/s")) {
      assertTrue(List.of(plotted.split(" \\| ")).contains(label), label + " not seen inside the axes: " + plotted);
    }
    assertTrue(rendered.headlines().contains("capacity under p99<=5ms: 107 ops/s [58.6-156], the median of 2 rounds'"
        + " answers with its interval (50% coverage)."), rendered.headlines().toString());
    // the steps are the search's: no bar per step and no best of them, which would be the highest rate offered
    String comparison = rendered.dom().substring(rendered.dom().indexOf("<section id=\"comparison\""));
    comparison = comparison.substring(0, comparison.indexOf("</section>"));
    assertFalse(comparison.contains("<canvas"), comparison);
    assertFalse(html.contains("★"), "no step marked best");
    browser.screenshot(page, SCREENSHOTS.resolve("capacity.png"), 1400, 1600);
  }

  /**
   * The knee of one search by round (the real search's steps, its first p50 lowered to 0.15 ms and two runs of the
   * check added): the legend drawn on the chart names each round and the check, each in its own colour inside the
   * plot, and the p50 of 0.15 ms, under the lowest tick Chart.js picks by itself (0.2), lies inside the plot with a
   * tick at or under it.
   */
  @Test
  void theKneeNamesEachRoundInItsLegendAndKeepsALowPointInsideThePlot() throws Exception {
    RunResult search = sampleSearch();
    java.util.Map<String, Object> settings = settingsOf(search);
    java.util.Map<String, Object> capacity = capacityOf(settings);
    @SuppressWarnings("unchecked")
    List<java.util.Map<String, Object>> steps = (List<java.util.Map<String, Object>>) capacity.get("steps");
    assertEquals(1000.0, steps.get(0).get("offered ops/s"));
    steps.get(0).put("p50 ms", 0.15);
    for (double rate : List.of(107.0, 128.0)) {
      java.util.Map<String, Object> check = new java.util.LinkedHashMap<>(steps.get(3));
      check.put("round", 0);
      check.put("check run", 1);
      check.put("offered ops/s", rate);
      check.put("achieved ops/s", rate);
      steps.add(check);
    }
    RunResult result = new RunResult(search.toolVersion(), search.startTime(), settings, search.target(),
        search.phases().subList(0, 6), false);
    Path page = HtmlReport.writeInto(result, dir.resolve("capacity-legend"));
    String html = Files.readString(page);
    RenderedPage rendered = assertRendered(page, html.split("<canvas", -1).length - 1);
    String knee = rendered.canvasIn("capacity").orElseThrow();
    List<String> legend = List.of(rendered.canvasData(knee, "legend").orElseThrow().split(" \\| "));
    assertTrue(legend.containsAll(List.of("round 1", "round 2", "check", "p50", "p99", "p99.9")), legend.toString());
    List<String> plotted = List.of(rendered.canvasData(knee, "plotted-labels").orElseThrow().replace("&lt;", "<")
        .split(" \\| "));
    assertTrue(plotted.containsAll(List.of("p99 · round 1", "p99 · round 2", "p99 · check")),
        "each round's colour inside the plot: " + plotted);
    assertEquals(Optional.of("0"), rendered.canvasData(knee, "points-outside"), rendered.describe());
    double lowestTick = Double.parseDouble(rendered.canvasData(knee, "y-ticks").orElseThrow().split(" ")[0]);
    assertTrue(lowestTick <= 0.15, "the lowest tick " + lowestTick + " lies above the p50 of 0.15 ms");
    Path png = SCREENSHOTS.resolve("capacity-knee-legend.png");
    browser.screenshot(page, png, 1400, 1600);
    System.out.println("ReportBrowserIT: screenshot of the knee by round at " + png);
  }

  /**
   * Capacities compared (a real result.json of two modes searched over three rounds, kept as a test resource with two
   * steps' phases of each mode): one knee draws each combination's p99 per round, the objective and each capacity.
   */
  @Test
  void theReportOfComparedCapacitiesDrawsEveryCombinationInOneKnee() throws Exception {
    RunResult result = JsonReport.read(Path.of(getClass().getResource("/stress/report/capacity-compared-result.json")
        .toURI()));
    Path page = HtmlReport.writeInto(result, dir.resolve("capacities-compared"));
    String html = Files.readString(page);
    RenderedPage rendered = assertRendered(page, html.split("<canvas", -1).length - 1);
    String knee = rendered.canvasIn("capacity").orElseThrow();
    assertEquals(Optional.of("0"), rendered.canvasData(knee, "missing-series"), rendered.describe());
    String plotted = rendered.canvasData(knee, "plotted-labels").orElseThrow().replace("&lt;", "<");
    for (String label : List.of("mode=prepared p99 · round 1", "mode=prepared p99 · round 3",
        "mode=plain p99 · round 2", "objective p99<=5ms", "mode=prepared capacity 41700 ops/s",
        "mode=plain capacity 12100 ops/s", "mode=plain interval 10600-16500 ops/s")) {
      assertTrue(List.of(plotted.split(" \\| ")).contains(label), label + " not seen inside the axes: " + plotted);
    }
    assertTrue(rendered.headlines().contains("capacity under p99<=5ms: mode=prepared 41700 ops/s [36500-45600];"
        + " mode=plain x0.29 [0.29-0.36] of it: holds less (each phase below is one step of a search: see Capacity)."),
        rendered.headlines().toString());
    browser.screenshot(page, SCREENSHOTS.resolve("capacities-compared.png"), 1400, 1600);
  }

  /**
   * Capacities compared where one side found none: a real search of two tables under p99<=200ms (loose, so a busy host
   * does not break the quick table's steps), a lookup that sleeps 2 ms on one and 300 ms on the other, whose fastest
   * execution is over the objective. The page, written from the run's result.json (its first six steps' phases, as
   * above: the per-phase charts, not the knee, have a limit), gives no ratio beside none, says that side's cause in
   * the Capacity section, and the knee's legend names both tables' p99 and the objective, and no capacity of none.
   */
  @Test
  void theReportOfCapacitiesComparedWhereOneFoundNoneGivesNoRatioAndTheCause() throws Exception {
    String url = TestDatabase.newDatabaseUrl("report_none");
    for (String table : List.of("quick", "slow")) {
      assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--table", table, "--docs", "200")
          .exitCode());
    }
    try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement st = c.createStatement()) {
      st.execute("UPDATE slow SET data = data || '{\"pause\": 0.3}'");
    }
    Path workload = dir.resolve("pause.yaml");
    Files.writeString(workload, """
        operations:
          lookup:
            sql: >-
              SELECT _id, pg_sleep(coalesce((data->>'pause')::float8, 0.002)) FROM {table} WHERE _id = :id
            params:
              id: key
        """);
    Path runDir = dir.resolve("capacities-none");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", workload.toString(),
        "--compare-tables", "quick,slow", "--threads", "1", "--slo", "p99<=200ms", "--slo-resolution", "50%",
        "--rate", "200", "--duration", "2s", "--warmup", "0", "--no-slo-check", "--out", runDir.toString());
    assertEquals(4, r.exitCode(), "no capacity for the slow table: " + r.all());
    assertTrue(r.out().contains("table slow: capacity under p99<=200ms: none vouched for: "), r.out());

    RunResult search = JsonReport.read(runDir.resolve("result.json"));
    RunResult result = new RunResult(search.toolVersion(), search.startTime(), search.settings(), search.target(),
        search.phases().subList(0, Math.min(6, search.phases().size())), false);
    Path page = HtmlReport.writeInto(result, dir.resolve("capacities-none-page"));
    String html = Files.readString(page);
    RenderedPage rendered = assertRendered(page, html.split("<canvas", -1).length - 1);
    String sentence = rendered.headlines().stream().filter(h -> h.startsWith("capacity under p99<=200ms: table quick "))
        .findFirst().orElseThrow(() -> new AssertionError(rendered.headlines().toString()));
    assertTrue(sentence.contains("; table slow: not compared: ") && !sentence.contains("table slow x"),
        "no ratio beside none: " + sentence);
    String capacity = rendered.dom().substring(rendered.dom().indexOf("<section id=\"capacity\""));
    capacity = capacity.substring(0, capacity.indexOf("</section>"));
    // the comparison's row of the slow table: its capacity none found, an empty cell for the ratio, and why
    assertTrue(java.util.regex.Pattern.compile("<tr><td class=\"text\">table slow</td><td class=\"text\">none"
        + " found</td><td class=\"text\"></td><td class=\"text\">not compared: [^<]* found no capacity, and a ratio"
        + " is only between two capacities</td>").matcher(capacity).find(), capacity);
    assertTrue(capacity.contains("table slow: capacity under p99&lt;=200ms: none vouched for: ")
        && capacity.contains("cause: an objective below the fastest execution (the fastest execution of any step"
        + " took "), "the slow table's cause in the Capacity section: " + capacity);
    String knee = rendered.canvasIn("capacity").orElseThrow();
    assertEquals(Optional.of("0"), rendered.canvasData(knee, "missing-series"), rendered.describe());
    List<String> legend = List.of(rendered.canvasData(knee, "legend").orElseThrow().replace("&lt;", "<")
        .split(" \\| "));
    System.out.println("ReportBrowserIT: the knee's legend of capacities compared with none: " + legend);
    assertTrue(legend.containsAll(List.of("table quick p99", "table slow p99", "objective p99<=200ms")), legend
        + " " + rendered.describe());
    assertTrue(legend.stream().noneMatch(l -> l.startsWith("table slow capacity")), "no capacity line of none: "
        + legend);
    browser.screenshot(page, SCREENSHOTS.resolve("capacities-compared-none.png"), 1400, 1600);
  }

  /** A page whose labels and error messages hold script: nothing runs, and the error chart draws. */
  @Test
  void scriptInLabelsStaysText() throws Exception {
    RunResult real = JsonReport.read(before.resolve("result.json"));
    String hostile = "</script><script>document.body.dataset.injected='yes'</script>";
    RunResult renamed = new RunResult(real.toolVersion(), real.startTime(), real.settings(), real.target(),
        real.phases().stream().map(p -> new stress.report.PhaseResult(p.label() + hostile, p.combination(),
            p.settingsReadBack(), p.connection(), p.stats())).toList());
    Path page = HtmlReport.writeInto(renamed, dir.resolve("hostile"));
    RenderedPage rendered = assertRendered(page, 7);
    assertEquals(Optional.empty(), rendered.bodyData("injected"), "a label ran as script");
  }

  private static RenderedPage assertRendered(Path page, int charts) throws Exception {
    RenderedPage rendered = browser.open(page);
    assertEquals(Optional.empty(), rendered.bodyData("errors"), rendered.describe());
    assertEquals(Optional.of(Integer.toString(charts)), rendered.bodyData("charts-expected"), rendered.describe());
    assertEquals(Optional.of(Integer.toString(charts)), rendered.bodyData("charts-rendered"), rendered.describe());
    assertEquals(charts, rendered.canvases());
    // the headline in words: no record's toString (TargetInfo[kind=...]) of what the run detected
    assertTrue(!rendered.headlines().isEmpty() && rendered.headlines().stream().anyMatch(h -> h.contains("; target ")),
        rendered.headlines().toString());
    for (String headline : rendered.headlines()) {
      assertFalse(RECORD_TEXT.matcher(headline).find(), "record text in the headline: " + headline);
    }
    return rendered;
  }

  /** The sample search's result, which a test changes in copies of its settings. */
  private RunResult sampleSearch() throws Exception {
    return JsonReport.read(Path.of(getClass().getResource("/stress/report/capacity-result.json").toURI()));
  }

  private static java.util.Map<String, Object> settingsOf(RunResult search) {
    return new com.fasterxml.jackson.databind.ObjectMapper().convertValue(search.settings(),
        new com.fasterxml.jackson.core.type.TypeReference<java.util.LinkedHashMap<String, Object>>() { });
  }

  @SuppressWarnings("unchecked")
  private static java.util.Map<String, Object> capacityOf(java.util.Map<String, Object> settings) {
    return (java.util.Map<String, Object>) settings.get("capacity");
  }
}
