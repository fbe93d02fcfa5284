package stress.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.RunResult;

/**
 * The page of recorded phases with failures and hostile labels, opened in headless Chromium: every chart,
 * the errors by SQLState included, draws its series; nothing from the data runs as script; a broken page
 * is noticed. Skipped, saying why, when no Chromium is installed.
 */
class HtmlReportBrowserIT {
  @TempDir
  static Path dir;
  private static HeadlessChromium browser;

  @BeforeAll
  static void findBrowser() {
    browser = HeadlessChromium.find().orElse(null);
    if (browser == null) {
      System.out.println("HtmlReportBrowserIT skipped: no chromium, chromium-browser or google-chrome on the PATH"
          + " (install one, e.g. apt-get install chromium, or set STRESS_CHROMIUM to the binary)");
    }
  }

  /** Each test is reported as skipped, with the reason, when there is no browser. */
  @BeforeEach
  void needsBrowser() {
    Assumptions.assumeTrue(browser != null, "no Chromium to open report.html with");
  }

  @Test
  void everyChartOfAComparisonWithErrorsIsDrawnAndNoLabelRuns() throws Exception {
    Path page = HtmlReport.writeInto(Runs.comparison(), dir.resolve("comparison"));
    RenderedPage rendered = browser.open(page);
    // throughput, latency x 2 phases, percentiles x 3 (two operations and total), comparison, errors
    assertEquals(Optional.of("8"), rendered.bodyData("charts-rendered"), rendered.describe());
    assertEquals(Optional.of("8"), rendered.bodyData("charts-expected"), rendered.describe());
    assertEquals(Optional.empty(), rendered.bodyData("errors"), rendered.describe());
    assertEquals(Optional.empty(), rendered.bodyData("injected"), "a label ran as script");
    assertEquals(Optional.of("results"), rendered.firstSectionId(), "the page opens on the results");
    Path screenshots = Files.createDirectories(Path.of("target", "report-screenshots"));
    browser.screenshot(page, screenshots.resolve("errors-and-comparison.png"), 1400, 5000);
    // the first screen of a 1366x768 laptop, and the printed page
    browser.screenshot(page, screenshots.resolve("errors-and-comparison-1366x768.png"), 1366, 768);
    browser.printToPdf(page, screenshots.resolve("errors-and-comparison.pdf"));
  }

  /** A p99 bar a thousand times shorter than its neighbour on the same axis is still drawn, and seen drawn. */
  @Test
  void aTinyBarBesideATallOneIsDrawn() throws Exception {
    Path page = dir.resolve("tiny-bar.html");
    Files.writeString(page, HtmlReport.render(List.of(new NamedResult("fast", Runs.slowedDown(1)),
        new NamedResult("slow", Runs.slowedDown(1000)))));
    RenderedPage rendered = browser.open(page);
    assertEquals(Optional.empty(), rendered.bodyData("errors"), rendered.describe());
    assertEquals(rendered.bodyData("charts-expected"), rendered.bodyData("charts-rendered"), rendered.describe());
    // ops/s and p99 of each run, each seen inside the axes, not only in the legend
    String comparison = rendered.canvasIn("comparison").orElseThrow(() -> new AssertionError("a comparison chart"));
    assertEquals(Optional.of("4"), rendered.canvasData(comparison, "plotted-series"), rendered.describe());
  }

  /** MongoDB's figures beside the measured ones: the log-scale bars are drawn with every series that has values. */
  @Test
  void theMongoDbComparisonChartIsDrawn() throws Exception {
    RunResult single = Runs.single();
    stress.model.MongoRecorded first = new stress.model.MongoRecorded(40, 0, "2024-11-25T02:00:00Z",
        "2024-11-25T02:00:10Z", 4.0, 1, 3, 3, 3, java.util.Map.of("IDHACK", 40L), 1.0, 1.0, java.util.Map.of());
    stress.model.MongoRecorded update = new stress.model.MongoRecorded(40, 0, "2024-11-25T02:00:00Z",
        "2024-11-25T02:00:10Z", 4.0, 120, 900, 900, 900, java.util.Map.of("COLLSCAN", 40L), 1.0, 1.0, java.util.Map.of());
    RunResult withRecorded = new RunResult(single.toolVersion(), single.startTime(), single.settings(),
        single.target(), single.phases(), false, List.of(
            new stress.report.RecordedOperation("find_first", first, "index: t_pkey (Index Scan)", true, false, null,
                ""),
            new stress.report.RecordedOperation("find_update", update, "index: t_pkey (Index Scan)", true, false, null,
                "")));
    Path page = dir.resolve("mongodb.html");
    Files.writeString(page, HtmlReport.render(List.of(new NamedResult("run", withRecorded))));
    RenderedPage rendered = browser.open(page);
    assertEquals(Optional.empty(), rendered.bodyData("errors"), rendered.describe());
    assertEquals(rendered.bodyData("charts-expected"), rendered.bodyData("charts-rendered"), rendered.describe());
    String chart = rendered.canvasIn("mongodb").orElseThrow(() -> new AssertionError("a chart in the MongoDB section"));
    assertEquals(Optional.of("4"), rendered.canvasData(chart, "plotted-series"), rendered.describe());
    browser.screenshot(page, Files.createDirectories(Path.of("target", "report-screenshots"))
        .resolve("mongodb-comparison.png"), 1400, 2400);
  }

  /** A run shorter than one report interval: each line chart has one point, drawn large enough to be seen. */
  @Test
  void aRunOfOneIntervalDrawsItsOnePoints() throws Exception {
    RunResult single = Runs.single();
    stress.report.PhaseResult phase = single.phases().get(0);
    stress.metrics.PhaseStats s = phase.stats();
    stress.metrics.PhaseStats one = new stress.metrics.PhaseStats(s.durationSeconds(), s.operations(), s.total(),
        s.reconnects(), s.reconnectsPerSecond(), s.intervals().subList(0, 1), s.outages(), s.degraded());
    RunResult shortRun = new RunResult(single.toolVersion(), single.startTime(), single.settings(), single.target(),
        List.of(new stress.report.PhaseResult(phase.label(), phase.combination(), phase.settingsReadBack(),
            phase.connection(), one)), false);
    Path page = dir.resolve("one-interval.html");
    Files.writeString(page, HtmlReport.render(List.of(new NamedResult("run", shortRun))));
    RenderedPage rendered = browser.open(page);
    assertEquals(Optional.empty(), rendered.bodyData("errors"), rendered.describe());
    assertEquals(rendered.bodyData("charts-expected"), rendered.bodyData("charts-rendered"), rendered.describe());
  }

  @Test
  void aScriptErrorInThePageIsCaughtAndShown() throws Exception {
    Path page = dir.resolve("broken.html");
    String html = HtmlReport.render(List.of(new NamedResult("run", Runs.single())));
    // a chart kind the page script does not know
    Files.writeString(page, html.replaceFirst("\"kind\":\"time\"", "\"kind\":\"pie-in-the-sky\""));
    RenderedPage rendered = browser.open(page);
    assertEquals(Optional.of("1"), rendered.bodyData("errors"), rendered.describe());
    assertTrue(rendered.errors().contains("chart chart-0 (Throughput)"), rendered.errors());
    // throughput, latency, percentiles x 3, errors; all but the broken one drawn
    assertEquals(Optional.of("6"), rendered.bodyData("charts-expected"), rendered.describe());
    assertEquals(Optional.of("5"), rendered.bodyData("charts-rendered"), rendered.describe());
  }
}
