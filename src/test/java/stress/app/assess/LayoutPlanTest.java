package stress.app.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import stress.report.JsonReport;
import stress.report.assess.LayoutSection;

/**
 * The layout chosen from a real {@code stress analyze --shard-key --json} result (the orders sample with the
 * stress-orders log, src/test/resources/fixtures/assess/shard-key-orders.json): a large collection is distributed by
 * its best key with each shape's route as the ranking counted it; a small, seldom written one is a reference table.
 */
class LayoutPlanTest {
  private static JsonNode fixture() throws Exception {
    return JsonReport.mapper().readTree(Path.of("src/test/resources/fixtures/assess/shard-key-orders.json").toFile());
  }

  @Test
  void aLargeCollectionIsDistributedByItsBestKey() throws Exception {
    LayoutPlan.Planned p = LayoutPlan.of("stress.orders", "stress_orders", 2_000_000, 4_000_000_000L, fixture());
    LayoutSection.Collection c = p.collection();
    assertEquals("distributed by _id", c.layout());
    assertNull(c.importOption(), "by _id is import's default");
    assertEquals(4, c.ranking().size());
    assertEquals("status", c.ranking().get(1).path());
    Map<String, String> routes = p.shapes().stream().collect(Collectors.toMap(LayoutSection.Shape::operation,
        LayoutSection.Shape::route));
    assertEquals("single", routes.get("find_id"));
    assertEquals("several", routes.get("find_id_in"));
    assertEquals("all", routes.get("find_status_createdAt_gte"));
    assertEquals("single", routes.get("insert_one"));
  }

  @Test
  void anotherBestKeyIsImportsDistributeBy() throws Exception {
    ObjectNode json = (ObjectNode) fixture();
    json.put("best", "status");
    LayoutPlan.Planned p = LayoutPlan.of("stress.orders", "stress_orders", 2_000_000, 4_000_000_000L, json);
    assertEquals("--distribute-by stress.orders=status", p.collection().importOption());
    assertTrue(p.collection().reason().startsWith("ranked first: one shard for 33.7%"), p.collection().reason());
    assertTrue(p.shapes().contains(new LayoutSection.Shape("stress.orders", "aggregate_status", "single")));
  }

  @Test
  void aSmallCollectionIsAReferenceTableOnlyWhenSeldomWritten() throws Exception {
    LayoutPlan.Planned written = LayoutPlan.of("stress.orders", "stress_orders", 500, 1_500_000, fixture());
    assertEquals(11.0 / 90, written.collection().writeShare(), 1e-9);
    assertEquals("distributed by _id", written.collection().layout(), "12% written is over the 10% of a reference");

    ObjectNode json = (ObjectNode) fixture();
    for (JsonNode c : json.path("candidates")) {
      ((ObjectNode) c.path("writeDistribution")).put("weight", 0);
      ((ObjectNode) c.path("inserts")).put("weight", 0);
    }
    LayoutPlan.Planned p = LayoutPlan.of("stress.orders", "stress_orders", 500, 1_500_000, json);
    assertEquals("reference", p.collection().layout());
    assertEquals("--reference stress.orders", p.collection().importOption());
    assertTrue(p.shapes().contains(new LayoutSection.Shape("stress.orders", "find_status_createdAt_gte", "single")));
    assertTrue(p.shapes().contains(new LayoutSection.Shape("stress.orders", "update_one_id_status_set_statusChanges_inc",
        "all")), "a write to a reference table goes to every node");
    assertEquals("distributed by _id", LayoutPlan.of("stress.orders", "stress_orders", 20_000, 1_500_000, json)
        .collection().layout(), "over 10,000 documents");
  }
}
