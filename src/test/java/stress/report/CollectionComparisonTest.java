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
import stress.metrics.OperationStats;
import stress.metrics.PhaseStats;
import stress.model.MongoRecorded;

/** Per collection of an application's run: its operations' figures merged, beside MongoDB's for the collection. */
class CollectionComparisonTest {
  private static MongoRecorded recorded(long entries, long p50, long p99) {
    return new MongoRecorded(entries, 0, "2024-11-25T02:00:00Z", "2024-11-25T02:00:10Z", entries / 10.0, p50, p99, p99,
        p99, Map.of("IDHACK", entries), 1.0, 1.0, Map.of("shop-api", entries));
  }

  /** Two collections of one operation each (the fixture's two operations), and one skipped. */
  private static RunResult result() {
    PhaseStats stats = Fixtures.twoOperations(1);
    List<RecordedCollection> collections = List.of(
        new RecordedCollection("reads", "shop.reads", List.of("find_first"), recorded(40, 2, 9), null),
        new RecordedCollection("both", "shop.both", List.of("find_first", "find_update"), recorded(60, 0, 50), null),
        new RecordedCollection("gone", "shop.gone", List.of("find_gone"), recorded(5, 1, 1), "table gone does not exist"));
    return new RunResult("test", Instant.parse("2026-11-25T00:00:00Z"), Map.of(), Map.of("kind", "PostgreSQL"),
        List.of(new PhaseResult("prepared", Map.of(), Map.of(), Map.of(), stats, List.of(), null)), false, List.of(),
        collections, List.of());
  }

  @Test
  void aCollectionsFiguresAreItsOperationsMergedExactly() {
    RunResult result = result();
    PhaseStats stats = result.phases().get(0).stats();
    List<CollectionComparison.Row> rows = CollectionComparison.rows(result);
    assertEquals(3, rows.size());
    CollectionComparison.Row reads = rows.get(0);
    OperationStats findFirst = stats.operation("find_first");
    assertEquals(findFirst.count(), reads.count());
    assertEquals(findFirst.latencyMs().p99(), reads.p99(), 1e-9);
    assertEquals(reads.p99() / 9, reads.p99Ratio(), 1e-9);
    CollectionComparison.Row both = rows.get(1);
    assertEquals(stats.total().count(), both.count(), "both operations");
    assertEquals(stats.total().latencyMs().p95(), both.p95(), 1e-9, "the histograms merged, not the percentiles");
    assertEquals(stats.total().opsPerSecond(), both.opsPerSecond(), 1e-9);
    assertNull(both.p50Ratio(), "MongoDB logged 0 ms: no ratio");
    CollectionComparison.Row gone = rows.get(2);
    assertEquals(0, gone.count());
    assertEquals("table gone does not exist", gone.skipped());
  }

  @Test
  void theTextHasALinePerCollectionAndTheSkippedOnes() {
    String text = CollectionComparison.text(result());
    assertTrue(text.startsWith(CollectionComparison.TITLE + ":\nprepared:\n"), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("reads +shop\\.reads +40 +4\\.000 +2 +9 +1000 +[0-9.]+ +[0-9.]+"
        + " +[0-9.]+ +[0-9.]+ +x[0-9.]+ +x[0-9.]+")), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("gone +shop\\.gone +5 +0\\.500 +1 +1 +skipped +-( +-){5}")), text);
    assertTrue(text.endsWith("  shop.gone (table gone): skipped: table gone does not exist\n"), text);
    assertEquals("", CollectionComparison.text(new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), List.of())));
  }

  @Test
  void theJsonCarriesTheCollectionsAndReadsBack() throws Exception {
    RunResult result = result();
    JsonNode tree = new ObjectMapper().readTree(JsonReport.toJson(result));
    assertEquals(3, tree.get("collections").size());
    assertEquals(3, tree.get("mongodbCollections").size());
    assertEquals("shop.both", tree.get("mongodbCollections").get(1).get("namespace").asText());
    RunResult back = JsonReport.fromJson(JsonReport.toJson(result));
    assertEquals(result.collections(), back.collections());
    assertEquals(CollectionComparison.text(result), CollectionComparison.text(back));
  }
}
