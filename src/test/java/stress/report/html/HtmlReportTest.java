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
import org.junit.jupiter.api.io.TempDir;
import stress.metrics.DegradedWindow;
import stress.metrics.IntervalStats;
import stress.metrics.Outage;
import stress.metrics.PhaseStats;
import stress.report.Decimals;
import stress.report.PhaseResult;
import stress.report.RunResult;

/** The page: self-contained, data escaped, its sections in order, each chart's numbers taken from the result. */
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
}
