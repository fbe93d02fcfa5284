package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.html.HeadlessChromium;
import stress.report.html.HtmlReport;
import stress.report.html.RenderedPage;
import stress.testing.TestDatabase;

/**
 * The report of a real application run ({@code run --workload DIR} of a derived log) opened in headless Chromium:
 * the "MongoDB recorded vs measured here" chart draws MongoDB's p50/p99 beside the measured ones, with a bar per
 * collection beside the bars per operation, the largest differences first. Skipped, saying why, without Chromium.
 */
class ApplicationReportBrowserIT {
  private static final Path SCREENSHOTS = Path.of("target", "report-screenshots");

  @TempDir
  Path dir;

  @Test
  void theComparisonChartOfAnApplicationRunIsDrawnPerCollectionAndOperation() throws Exception {
    HeadlessChromium browser = HeadlessChromium.find().orElse(null);
    Assumptions.assumeTrue(browser != null, "no chromium, chromium-browser or google-chrome on the PATH (install one,"
        + " e.g. apt-get install chromium, or set STRESS_CHROMIUM to the binary)");
    Path wl = dir.resolve("wl");
    CliTester.Result derived = CliTester.run("workload", "--from-log", "src/test/resources/mongolog/application-mongod.log",
        "--out", wl.toString());
    assertEquals(0, derived.exitCode(), derived.all());
    String url = TestDatabase.newDatabaseUrl("appreport");
    for (String dump : List.of("datasets/sample-large", "datasets/sample-small")) {
      CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import", dump);
      assertEquals(0, imported.exitCode(), imported.all());
    }
    Path out = dir.resolve("run");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", wl.toString(),
        "--skip-missing", "--warmup", "0", "--threads", "2", "--duration", "3s", "--report-interval", "1s", "--out",
        out.toString()); // several intervals: a throughput line of one point shows too few pixels to be seen drawn
    assertEquals(0, r.exitCode(), r.all());
    assertEquals(0, CliTester.run("report", out.toString()).exitCode());
    Path page = out.resolve(HtmlReport.FILE_NAME);

    RenderedPage rendered = browser.open(page);
    assertEquals(Optional.empty(), rendered.bodyData("errors"), rendered.describe());
    assertEquals(rendered.bodyData("charts-expected"), rendered.bodyData("charts-rendered"), rendered.describe());
    String chart = rendered.canvasIn("mongodb").orElseThrow(() -> new AssertionError("a chart in the MongoDB section"));
    assertEquals(Optional.of("4"), rendered.canvasData(chart, "plotted-series"), "MongoDB's p50 and p99 and ours, "
        + rendered.describe());
    List<String> drawn = List.of(unescape(rendered.canvasData(chart, "categories").orElseThrow()).split(" \\| "));

    JsonNode result = new ObjectMapper().readTree(Files.readString(out.resolve("result.json")));
    List<String> expected = new ArrayList<>();
    for (JsonNode c : result.get("mongodbCollections")) {
      if (c.get("skipped").isNull()) { // stress.sessions has no table: skipped, no bar
        expected.add(c.get("collection").asText() + " (all operations)");
      }
    }
    assertEquals(2, expected.size(), "the two collections with tables: " + result.get("mongodbCollections"));
    for (JsonNode o : result.get("mongodbComparison")) {
      expected.add(o.get("operation").asText());
    }
    assertEquals(expected.size(), drawn.size(), "a bar per collection and per operation: " + drawn);
    assertTrue(drawn.containsAll(expected), drawn + " holds " + expected);
    assertTrue(distances(result, drawn).equals(distances(result, drawn).stream().sorted((a, b) -> Double.compare(b, a))
        .toList()), "the largest differences first: " + drawn);

    Files.createDirectories(SCREENSHOTS);
    browser.screenshot(page, SCREENSHOTS.resolve("application-mongodb-comparison.png"), 1400, 3000);
  }

  /** Each drawn bar's distance between the two sides: the larger of |log ratio| of p50 and p99. */
  private static List<Double> distances(JsonNode result, List<String> drawn) {
    List<Double> d = new ArrayList<>();
    for (String label : drawn) {
      JsonNode row = null;
      for (JsonNode c : result.get("mongodbCollections")) {
        row = label.equals(c.get("collection").asText() + " (all operations)") ? c : row;
      }
      for (JsonNode o : result.get("mongodbComparison")) {
        row = label.equals(o.get("operation").asText()) ? o : row;
      }
      d.add(Math.max(far(row.get("p50Ratio")), far(row.get("p99Ratio"))));
    }
    return d;
  }

  private static double far(JsonNode ratio) {
    return ratio == null || ratio.isNull() || ratio.asDouble() <= 0 ? 0 : Math.abs(Math.log(ratio.asDouble()));
  }

  private static String unescape(String attribute) {
    return attribute.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
  }
}
