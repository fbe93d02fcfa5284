package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.metrics.ClientUsage;
import stress.metrics.CompressedHistogram;
import stress.metrics.HistogramCodec;
import stress.metrics.IntervalOperationStats;
import stress.metrics.IntervalStats;
import stress.metrics.OperationStats;
import stress.metrics.Outage;
import stress.metrics.PhaseStats;

class JsonReportTest {
  /** Stands in for the runner's detected target: any Jackson-serialisable object. */
  record Target(String kind, String version, List<String> nodes) {}

  private static final Pattern HISTOGRAM = Pattern.compile("\"(histogram|errorHistogram)\" : \"([A-Za-z0-9+/=]*)\"");

  static RunResult run() {
    Map<String, Object> driver = new LinkedHashMap<>();
    driver.put("preferQueryMode", "extended");
    driver.put("prepareThreshold", 5);
    Map<String, Object> pool = new LinkedHashMap<>();
    pool.put("kind", "c3p0");
    pool.put("maxStatements", 0);
    pool.put("size", 2);
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("url", "jdbc:postgresql://coordinator:5432/bench");
    settings.put("user", "bench");
    settings.put("driver", driver);
    settings.put("pool", pool);
    settings.put("operations", List.of("find_first=80", "find_update=20"));
    settings.put("rateLimit", null);
    return new RunResult("0.1.0", Instant.parse("2025-06-01T10:15:30Z"), settings,
        new Target("postgres-xl", "9.5r1.6", List.of("coord1", "dn1", "dn2")),
        List.of(
            new PhaseResult("mode=prepared", Map.of("mode", "prepared"), Map.of("global_snapshot_source", "gtm"), Map.of("pool", "none"),
                Fixtures.twoOperations(1), List.of(), ClientUsage.of(10, 2, 4.5, 3.25, 1.25, 300_000, 12, 0.0625,
                    367_001_600L, 125_829_120L, 268_435_456L, null)),
            new PhaseResult("mode=plain", Map.of("mode", "plain"), Map.of("global_snapshot_source", "gtm"), Map.of("pool", "none"),
                Fixtures.twoOperations(2))));
  }

  @Test
  void jsonShapeMatchesTheGoldenFile() {
    String actual = JsonReport.toJson(run());
    if (Boolean.getBoolean("golden.update")) {
      Golden.assertMatches("run-result.json", actual);
    }
    String golden = Golden.read("run-result.json");
    assertNotNull(golden, "no golden file run-result.json; run with -Dgolden.update=true to write it");
    // the compressed bytes depend on the platform's zlib; the histograms they encode must not
    assertEquals(withDecodedHistograms(golden), withDecodedHistograms(actual));
  }

  /** Replaces each Base64 histogram by its decoded content, so equal histograms compare equal. */
  private static String withDecodedHistograms(String json) {
    Matcher matcher = HISTOGRAM.matcher(json);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      Histogram histogram = HistogramCodec.fromBase64(matcher.group(2));
      StringBuilder counts = new StringBuilder();
      for (var value : histogram.recordedValues()) {
        counts.append(value.getValueIteratedTo()).append('x').append(value.getCountAddedInThisIterationStep()).append(' ');
      }
      matcher.appendReplacement(out, Matcher.quoteReplacement("\"" + matcher.group(1) + "\" : \"" + counts.toString().strip() + "\""));
    }
    matcher.appendTail(out);
    return out.toString();
  }

  @Test
  void readingBackGivesTheSameResult() {
    RunResult original = run();
    RunResult read = JsonReport.fromJson(JsonReport.toJson(original));

    assertEquals(withoutIntervals(original.phases()), withoutIntervals(read.phases()),
        "stats and histograms survive the round trip exactly");
    for (int p = 0; p < original.phases().size(); p++) {
      List<IntervalStats> written = original.phases().get(p).stats().intervals();
      List<IntervalStats> back = read.phases().get(p).stats().intervals();
      assertEquals(written.size(), back.size());
      for (int i = 0; i < written.size(); i++) {
        for (int op = 0; op < written.get(i).operations().size(); op++) {
          IntervalOperationStats w = written.get(i).operations().get(op);
          IntervalOperationStats b = back.get(i).operations().get(op);
          assertNotNull(w.latency());
          assertNull(b.latency(), "interval histograms stay out of the JSON");
          assertEquals(withLatency(w, null), b, "every other interval figure survives the round trip");
        }
      }
    }
    assertEquals(original.settings(), read.settings());
    assertEquals(original.startTime(), read.startTime());
    assertEquals(Map.of("kind", "postgres-xl", "version", "9.5r1.6", "nodes", List.of("coord1", "dn1", "dn2")), read.target());
    assertEquals(JsonReport.toJson(original), JsonReport.toJson(read));
  }

  private static List<PhaseResult> withoutIntervals(List<PhaseResult> phases) {
    return phases.stream().map(p -> new PhaseResult(p.label(), p.combination(), p.settingsReadBack(), p.connection(),
        new PhaseStats(p.stats().durationSeconds(), p.stats().operations(), p.stats().total(), p.stats().reconnects(),
            p.stats().reconnectsPerSecond(), List.of()), p.hosts(), p.client())).toList();
  }

  private static IntervalOperationStats withLatency(IntervalOperationStats o, CompressedHistogram latency) {
    return new IntervalOperationStats(o.name(), o.count(), o.opsPerSecond(), o.rows(), o.rowsPerSecond(), o.avgMs(),
        o.p50Ms(), o.p95Ms(), o.p99Ms(), o.maxMs(), o.errorCount(), o.errorsBySqlState(), latency);
  }

  @Test
  void outagesWrittenBeforeTheirFailuresWereCountedStillRead() throws Exception {
    Outage old = JsonReport.mapper().readValue(
        "{\"startSeconds\" : 1.5, \"endSeconds\" : 2.25, \"firstSqlState\" : \"57P01\"}", Outage.class);
    assertEquals(new Outage(1.5, 2.25, "57P01"), old);
    assertEquals(0, old.failed());
    assertEquals(Map.of(), old.failedNodes());
    RunResult before = JsonReport.fromJson(Golden.read("run-result-before-interval-details.json"));
    assertEquals(List.of(), before.phases().get(0).stats().degraded());
    assertEquals(Map.of(), before.phases().get(0).stats().intervals().get(1).failedNodes());
  }

  @Test
  void resultsWrittenBeforeTheIntervalDetailsStillRead() {
    RunResult old = JsonReport.fromJson(Golden.read("run-result-before-interval-details.json"));
    IntervalOperationStats update = old.phases().get(0).stats().intervals().get(1).operations().get(1);
    assertEquals(2, update.errorCount());
    assertEquals(Map.of(), update.errorsBySqlState());
    assertEquals(0, update.rows());
    assertEquals(false, old.interrupted());
    assertNull(old.phases().get(0).client(), "written before the client's figures were measured");
    assertEquals(List.of(), old.phases().get(0).stats().operation("find_update").errors().get(0).messages(),
        "written before the distinct messages were counted");
    assertEquals(withoutClient(withoutIntervals(withoutMessages(run()).phases())), withoutIntervals(old.phases()));
  }

  /** The result as one written before the distinct messages of each SQLState were counted. */
  private static RunResult withoutMessages(RunResult result) {
    try {
      JsonNode tree = JsonReport.mapper().readTree(JsonReport.toJson(result));
      removeMessages(tree);
      return JsonReport.fromJson(JsonReport.mapper().writeValueAsString(tree));
    } catch (java.io.IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void removeMessages(JsonNode node) {
    if (node instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
      object.remove("messages");
    }
    node.forEach(JsonReportTest::removeMessages);
  }

  private static List<PhaseResult> withoutClient(List<PhaseResult> phases) {
    return phases.stream().map(p -> new PhaseResult(p.label(), p.combination(), p.settingsReadBack(), p.connection(),
        p.stats(), p.hosts())).toList();
  }

  @Test
  void anInterruptedRunSaysSo() {
    RunResult full = run();
    RunResult stopped = new RunResult(full.toolVersion(), full.startTime(), full.settings(), full.target(), full.phases(), true);
    String json = JsonReport.toJson(stopped);
    assertTrue(json.contains("\"interrupted\" : true"), json);
    assertTrue(JsonReport.fromJson(json).interrupted());
    assertEquals(false, JsonReport.fromJson(JsonReport.toJson(full)).interrupted());
  }

  @Test
  void histogramsAreMergeableAfterReading() {
    RunResult read = JsonReport.fromJson(JsonReport.toJson(run()));
    Histogram merged = new Histogram(1, 3_600_000_000_000L, 3);
    for (PhaseResult phase : read.phases()) {
      merged.add(phase.stats().operation("find_first").histogram());
    }
    assertEquals(1000 + 2000, merged.getTotalCount());
    assertEquals(10.0, merged.getMaxValue() / 1e6, 0.01);
  }

  @Test
  void theDocumentNamesItsParts() throws Exception {
    JsonNode root = JsonReport.mapper().readTree(JsonReport.toJson(run()));
    assertEquals("2025-06-01T10:15:30Z", root.get("startTime").asText());
    assertEquals("extended", root.at("/settings/driver/preferQueryMode").asText());
    assertTrue(root.get("settings").get("rateLimit").isNull());
    JsonNode update = root.at("/phases/0/stats/operations/1");
    assertEquals("find_update", update.get("name").asText());
    assertEquals(200, update.get("count").asLong());
    assertEquals("40001", update.at("/errors/0/sqlState").asText());
    assertEquals(3, update.at("/errors/0/count").asLong());
    assertEquals(50.0, update.at("/latencyMs/p50").asDouble(), 0.05);
    assertEquals("total", root.at("/phases/0/stats/total/name").asText());
    assertTrue(root.at("/phases/0/stats/intervals/0/warmup").asBoolean());
    JsonNode lastUpdate = root.at("/phases/0/stats/intervals/2/operations/1");
    assertEquals(1, lastUpdate.at("/errorsBySqlState/40001").asLong());
    assertEquals(1, lastUpdate.at("/errorsBySqlState/unknown").asLong(), "an I/O failure without SQLState");
    assertEquals(200, lastUpdate.get("rows").asLong());
    assertTrue(lastUpdate.get("latency") == null, "the interval histogram is not written");
    assertEquals(HistogramCodec.fromBase64(update.get("histogram").asText()).getTotalCount(), 200);
  }

  @Test
  void writesAndReadsAFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("result.json");
    JsonReport.write(run(), file);
    assertEquals(JsonReport.toJson(run()), Files.readString(file));
    assertEquals(withoutIntervals(run().phases()), withoutIntervals(JsonReport.read(file).phases()));
  }

  @Test
  void unreadableFilesAreNamed(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("missing.json");
    var error = assertThrows(UncheckedIOException.class, () -> JsonReport.read(missing));
    assertTrue(error.getMessage().contains(missing.toString()), error.getMessage());

    String broken = JsonReport.toJson(run()).replaceFirst("\"histogram\" : \"[^\"]*\"", "\"histogram\" : \"bm90IGEgaGlzdG9ncmFt\"");
    var bad = assertThrows(UncheckedIOException.class, () -> JsonReport.fromJson(broken));
    assertTrue(bad.getMessage().contains("not a compressed HdrHistogram"), bad.getMessage());
  }

  @Test
  void thePoolersFiguresAreNumbersAndReadBackAsWritten() throws Exception {
    Map<String, String> connection = new LinkedHashMap<>();
    connection.put("pool", "none");
    connection.put("pooler transactions", "12801");
    connection.put("pooler wait share of client mean latency", "0.1000");
    RunResult result = new RunResult("0.1.0", Instant.EPOCH, Map.of(), "pg", List.of(new PhaseResult("mode=plain",
        Map.of("mode", "plain"), Map.of(), connection, Fixtures.oneOperation(10, 100))));
    JsonNode written = JsonReport.mapper().readTree(JsonReport.toJson(result)).path("phases").get(0)
        .path("connection");
    assertTrue(written.path("pooler transactions").isIntegralNumber(), written.toString());
    assertEquals(12801, written.path("pooler transactions").asLong());
    assertTrue(written.path("pooler wait share of client mean latency").isNumber(), written.toString());
    assertTrue(written.path("pool").isTextual(), "a setting stays text: " + written);
    assertEquals(connection, JsonReport.fromJson(JsonReport.toJson(result)).phases().get(0).connection());
  }

  @Test
  void aPasswordIsNeverStored() {
    Map<String, Object> pool = new LinkedHashMap<>();
    pool.put("kind", "hikari");
    pool.put("dataSource.password", "***");
    var error = assertThrows(IllegalArgumentException.class,
        () -> new RunResult("0.1.0", Instant.EPOCH, Map.of("pool", pool), "pg", List.of()));
    assertEquals("a run result must not carry a password; remove the setting settings.pool.dataSource.password", error.getMessage());
  }

  @Test
  void totalsAreRecomputedConsistently() {
    PhaseResult phase = run().phases().get(1);
    OperationStats total = OperationStats.total(phase.stats().operations(), phase.stats().durationSeconds());
    assertEquals(phase.stats().total(), total);
  }
}
