package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;
import stress.testing.TestDatabase;

/**
 * {@code stress assess} on the embedded PostgreSQL with the orders sample whose metadata.json holds several kinds of
 * index, and the log of its operations: the indexes section maps each (built as which CREATE INDEX, or what to do
 * instead), builds the buildable and the suggested ones on the target, and reads each shape's plan afterwards; the
 * layout step is skipped, the target not being a cluster.
 */
class AssessIndexesIT {
  private static final String INDEXES = "[{\"v\":{\"$numberInt\":\"2\"},\"key\":{\"_id\":{\"$numberInt\":\"1\"}},"
      + "\"name\":\"_id_\"},"
      + "{\"v\":2,\"key\":{\"status\":1,\"createdAt\":-1},\"name\":\"status_1_createdAt_-1\"},"
      + "{\"v\":2,\"key\":{\"orderNo\":1},\"name\":\"orderNo_1\",\"unique\":true},"
      + "{\"v\":2,\"key\":{\"createdAt\":1},\"name\":\"createdAt_ttl\",\"expireAfterSeconds\":86400},"
      + "{\"v\":2,\"key\":{\"_fts\":\"text\",\"_ftsx\":1},\"name\":\"notes_text\",\"weights\":{\"notes\":1}},"
      + "{\"v\":2,\"key\":{\"customer.address.location\":\"2dsphere\"},\"name\":\"loc_2dsphere\"},"
      + "{\"v\":2,\"key\":{\"items.sku\":1},\"name\":\"items.sku_1\"},"
      + "{\"v\":2,\"key\":{\"$**\":1},\"name\":\"all_wildcard\"},"
      + "{\"v\":2,\"key\":{\"channel\":1},\"name\":\"channel_paid\",\"partialFilterExpression\":{\"status\":\"paid\"}}]";

  @Test
  void theDumpsIndexesAreMappedBuiltAndTheShapesPlansRead(@TempDir Path dir) throws Exception {
    Path dump = dir.resolve("dump");
    Files.createDirectories(dump.resolve("stress"));
    Files.copy(Path.of("datasets/sample-large/stress/orders.bson"), dump.resolve("stress/orders.bson"));
    Files.writeString(dump.resolve("stress/orders.metadata.json"), "{\"indexes\":" + INDEXES
        + ",\"collectionName\":\"orders\",\"type\":\"collection\"}");
    String url = TestDatabase.newDatabaseUrl("assessidx");
    Path out = dir.resolve("assessment");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "assess", "--dump", dump.toString(), "--log",
        "src/test/resources/mongolog/stress-orders-mongod.log", "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    JsonNode root = JsonReport.mapper().readTree(out.resolve("assessment.json").toFile());
    JsonNode section = root.path("sections").path("indexes");
    assertTrue(section.path("built").asBoolean());
    assertEquals("PostgreSQL", section.path("target").asText());
    JsonNode orders = section.path("collections").get(0);
    Map<String, JsonNode> byName = new HashMap<>();
    orders.path("dumpIndexes").forEach(i -> byName.put(i.path("name").asText(), i));
    assertEquals("primary key", byName.get("_id_").path("builtAs").asText());
    JsonNode compound = byName.get("status_1_createdAt_-1");
    assertTrue(compound.path("buildable").asBoolean(), compound.toString());
    assertTrue(compound.path("createIndex").asText().startsWith(
        "CREATE INDEX IF NOT EXISTS \"stress_orders_status_s__createdAt_d_idx\" ON"), compound.toString());
    assertTrue(byName.get("orderNo_1").path("note").asText().startsWith("unique:"));
    for (String[] unbuildable : new String[][] {{"createdAt_ttl", "ttl", "scheduled DELETE"},
        {"notes_text", "text", "tsvector"}, {"loc_2dsphere", "geo", "PostGIS"}, {"items.sku_1", "multikey", "gin"},
        {"all_wildcard", "wildcard", "gin"}, {"channel_paid", "partial", "WHERE"}}) {
      JsonNode i = byName.get(unbuildable[0]);
      assertEquals(unbuildable[1], i.path("kind").asText(), i.toString());
      assertFalse(i.path("buildable").asBoolean(), i.toString());
      assertTrue(i.path("createIndex").isNull(), i.toString());
      assertTrue(i.path("instead").asText().contains(unbuildable[2]), i.toString());
    }
    // the dump's compound index was built on the target, as the section says
    assertTrue(orders.path("built").toString().contains("stress_orders_status_s__createdAt_d_idx"), orders.toString());
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_indexes WHERE tablename = 'stress_orders'"
             + " AND indexname = 'stress_orders_status_s__createdAt_d_idx'")) {
      rs.next();
      assertEquals(1, rs.getInt(1));
    }
    assertTrue(orders.path("suggested").size() > 0, orders.toString());
    // a shape served by an index the assessment built reads as served, by it
    JsonNode aggregate = null;
    for (JsonNode shape : section.path("shapes")) {
      if (shape.path("operation").asText().equals("aggregate_status")) {
        aggregate = shape;
      }
      assertEquals("NA", shape.path("route").asText(), shape.toString());
    }
    assertNotNull(aggregate, section.toString());
    assertTrue(aggregate.path("served").asBoolean(), aggregate.toString());
    assertTrue(aggregate.path("bySuggested").asBoolean(), aggregate.toString());
    assertFalse(aggregate.path("index").asText().equals("seq scan"), aggregate.toString());
    assertTrue(Files.isRegularFile(out.resolve("steps/indexes/stress_orders.explain.txt")));
    // not a cluster: the layout is skipped with the reason, and has no section
    assertTrue(root.path("sections").path("layout").isMissingNode() || root.path("sections").path("layout").isNull());
    JsonNode layout = null;
    for (JsonNode step : root.path("plan")) {
      if (step.path("step").asText().equals("layout")) {
        layout = step;
      }
    }
    assertNotNull(layout, root.path("plan").toString());
    assertEquals("skipped", layout.path("status").asText());
    assertEquals("the target is PostgreSQL, not a cluster", layout.path("reason").asText());
    assertTrue(r.out().contains("plans: "), r.out());
  }
}
