package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.metrics.PhaseStats;
import stress.model.MongoRecorded;
import stress.report.html.HtmlReport;
import stress.report.html.NamedResult;
import stress.report.merge.ResultMerger;

/** MongoDB's recorded figures beside the measured ones: the rows, the text, the JSON and the page. */
class MongoComparisonTest {
  private static final String NOTE = "MongoDB read an index (IXSCAN { a: 1 }), this reads the whole table";

  private static MongoRecorded recorded(long p50, long p99, String plan) {
    return new MongoRecorded(40, 0, "2024-11-25T02:00:00Z", "2024-11-25T02:00:10Z", 4.0, p50, p99, p99, p99,
        Map.of(plan, 40L), 1.0, 1.0, Map.of("shop-api", 40L));
  }

  /** find_first reads 10 µs .. 10 ms evenly (p50 ~5 ms, p99 ~9.9 ms); find_update 0.5 .. 100 ms. */
  private static RunResult result() {
    PhaseStats stats = Fixtures.twoOperations(1);
    List<RecordedOperation> recorded = List.of(
        new RecordedOperation("find_first", recorded(2, 4, "IDHACK"), "index: t_pkey (Index Scan)", true, false, null,
            ""),
        new RecordedOperation("find_update", recorded(0, 0, "IXSCAN { a: 1 }"),
            "index: none; whole table read: public.t (Seq Scan)", false, true, "one: 1 of 32 shards", NOTE),
        new RecordedOperation("find_gone", recorded(1, 1, "COLLSCAN"), "not explained: why", false, false, null, ""));
    return new RunResult("test", Instant.parse("2026-11-25T00:00:00Z"), Map.of(), Map.of("kind", "PostgreSQL"),
        List.of(new PhaseResult("prepared", Map.of(), Map.of(), Map.of(), stats, List.of(), null)), false, recorded);
  }

  @Test
  void eachOperationHasBothSidesAndTheRatioWhereMongoDbLoggedAtLeastOneMillisecond() {
    List<MongoComparison.Row> rows = MongoComparison.rows(result());
    assertEquals(3, rows.size());
    MongoComparison.Row first = rows.get(0);
    assertEquals(1000, first.count());
    assertEquals(first.p50() / 2, first.p50Ratio(), 1e-9);
    assertEquals(first.p99() / 4, first.p99Ratio(), 1e-9);
    assertTrue(first.p50Ratio() > 2.4 && first.p50Ratio() < 2.6, "~5 ms against 2 ms: " + first.p50Ratio());
    MongoComparison.Row update = rows.get(1);
    assertNull(update.p50Ratio(), "0 ms logged is under 1 ms: no ratio");
    assertEquals(4, update.errors());
    assertEquals(NOTE, update.note());
    assertEquals("one: 1 of 32 shards", update.route());
    MongoComparison.Row gone = rows.get(2);
    assertEquals(0, gone.count());
    assertNull(gone.p50Ratio(), "nothing measured: no ratio");
  }

  @Test
  void theTextHasATableAPhaseAndTheNotes() {
    String text = MongoComparison.text(result());
    assertTrue(text.startsWith(MongoComparison.TITLE + ":\n  " + MongoComparison.EXPLANATION + "\nprepared:\n"), text);
    assertTrue(text.contains("route here"), "a route column when an operation has one: " + text);
    String firstRow = text.lines().filter(l -> l.startsWith("find_first ")).findFirst().orElseThrow();
    assertTrue(firstRow.matches("find_first +40 +2 +4 +1000 +[0-9.]+ +[0-9.]+ +x2\\.[456][0-9] +x2\\.[0-9]+ +IDHACK"
        + " +index: t_pkey \\(Index Scan\\)"), firstRow);
    String updateRow = text.lines().filter(l -> l.startsWith("find_update ")).findFirst().orElseThrow();
    assertTrue(updateRow.matches("find_update +40 +0 +0 +200 \\(4 errors\\) +[0-9.]+ +[0-9.]+ +- +- +IXSCAN \\{ a: 1 }"
        + " +index: none; whole table read: public.t \\(Seq Scan\\) +one: 1 of 32 shards"), updateRow);
    assertTrue(text.endsWith("  find_update: " + NOTE + "\n"), text);
    assertEquals("", MongoComparison.text(new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), List.of())));
  }

  @Test
  void theJsonCarriesTheRecordedFiguresAndTheComparisonAndReadsBack() throws Exception {
    RunResult result = result();
    String json = JsonReport.toJson(result);
    JsonNode tree = new ObjectMapper().readTree(json);
    assertEquals(2, tree.get("recorded").get(0).get("mongodb").get("p50Millis").asLong());
    assertEquals("IDHACK", tree.get("recorded").get(0).get("mongodb").get("plans").fieldNames().next());
    JsonNode row = tree.get("mongodbComparison").get(0);
    assertEquals("find_first", row.get("operation").asText());
    assertEquals(MongoComparison.rows(result).get(0).p50Ratio(), row.get("p50Ratio").asDouble(), 1e-12);
    assertTrue(tree.get("mongodbComparison").get(1).get("p50Ratio").isNull());
    RunResult back = JsonReport.fromJson(json);
    assertEquals(result.recorded(), back.recorded());
    assertEquals(MongoComparison.rows(result), MongoComparison.rows(back));
    String without = JsonReport.toJson(new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), List.of()));
    assertTrue(!without.contains("recorded") && !without.contains("mongodbComparison"), without);
  }

  @Test
  void aMergeKeepsTheRecordedFiguresAndComparesThemWithTheSum() {
    RunResult merged = ResultMerger.merge(List.of("a.json", "b.json"), List.of(result(), Fixtures.startedLater(result())));
    assertEquals(result().recorded(), merged.recorded());
    assertEquals(2000, MongoComparison.rows(merged).get(0).count(), "the two processes' executions together");
  }

  /** The chart: both sides' p50 and p99 per operation on a log scale, the largest difference first, no 0 drawn. */
  @Test
  void thePageChartsBothSidesPerOperationTheLargestDifferenceFirst() {
    String page = HtmlReport.render(List.of(new NamedResult("run", result())));
    int chart = page.indexOf("\"title\":\"MongoDB recorded vs measured here, per operation\"");
    assertTrue(chart > 0, "the chart");
    String spec = page.substring(chart, page.indexOf("\"table\"", chart) > 0 ? page.indexOf("\"table\"", chart)
        : page.indexOf("]}]", chart) + 3);
    assertTrue(spec.contains("\"kind\":\"bars-log\""), spec);
    // find_first differs ~2.5x; find_update's 0 ms and find_gone's nothing measured give no ratio
    assertTrue(spec.contains("\"categories\":[\"find_first\",\"find_update\",\"find_gone\"]"), spec);
    // MongoDB's p50 of find_update is 0 ms: not a point on a log scale (find_first 2 ms and find_gone 1 ms are)
    assertTrue(spec.contains("\"label\":\"MongoDB p50\",\"colorKey\":\"mongodb p50\",\"dashed\":true,"
        + "\"axis\":\"y\",\"points\":[{\"x\":0.0,\"y\":2.0},{\"x\":2.0,\"y\":1.0}]"), spec);
  }

  @Test
  void thePageHasTheSectionWithTheNoteAsAHeadline() {
    String page = HtmlReport.render(List.of(new NamedResult("run", result())));
    assertTrue(page.contains("<section id=\"mongodb\">"), "the section");
    assertTrue(page.contains("find_update: " + NOTE + "."), "the note as a headline");
    assertTrue(page.contains(">IXSCAN { a: 1 }</td>"), "MongoDB's plan in the table");
    assertTrue(!HtmlReport.render(List.of(new NamedResult("run", new RunResult("test", Instant.EPOCH, Map.of(),
        Map.of(), List.of(new PhaseResult("p", Map.of(), Map.of(), Map.of(), Fixtures.oneOperation(10, 100),
        List.of(), null)))))).contains("<section id=\"mongodb\">"), "no section without recorded figures");
  }
}
