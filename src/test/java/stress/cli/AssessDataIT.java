package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;
import stress.report.assess.DataSection;
import stress.report.assess.ImportSection;
import stress.report.assess.InventorySection;
import stress.testing.KindDumps;
import stress.testing.TestDatabase;

/**
 * {@code stress assess} fills the inventory and the data sections, and what they say agrees with what its import
 * stored: on a dump of every kind of data (no log), and on the sample dump with its log.
 */
class AssessDataIT {
  @TempDir
  Path dir;

  @Test
  void everyKindIsCountedAsTheImportTreatsIt() throws Exception {
    Path dump = KindDumps.write(dir.resolve("dump"));
    String url = TestDatabase.newDatabaseUrl("assess_data");
    Path out = dir.resolve("out");
    // a short budget: the application's shortest run. Its lookup by _id has no key to draw in a table whose documents
    // the import all rejected, which this dump holds on purpose: such a collection is skipped and said
    CliTester.Result r = CliTester.run("assess", "--dump", dump.toString(), "--out", out.toString(), "--url", url,
        "-U", "postgres", "--budget", "40s");
    assertEquals(0, r.exitCode(), r.all());
    JsonNode root = JsonReport.mapper().readTree(out.resolve("assessment.json").toFile());
    JsonNode skipped = root.path("sections").path("speed").path("application").path("skipped");
    assertTrue(skipped.size() > 0 && skipped.toString().contains("holds no document"), r.all());
    InventorySection inventory = JsonReport.mapper().treeToValue(root.path("sections").path("inventory"),
        InventorySection.class);
    DataSection data = JsonReport.mapper().treeToValue(root.path("sections").path("data"), DataSection.class);
    ImportSection imported = JsonReport.mapper().treeToValue(root.path("sections").path("import"),
        ImportSection.class);
    assertNull(inventory.log());
    assertNotNull(inventory.noLog());
    assertEquals(KindDumps.documents().size() + 1, inventory.collections().size());
    assertEquals(inventory.collections().size(), data.collections().size());
    Map<String, ImportSection.Table> tables = new HashMap<>();
    imported.tables().forEach(t -> tables.put(t.ns(), t));
    for (DataSection.Collection c : data.collections()) {
      ImportSection.Table t = tables.get(c.ns());
      assertNotNull(t, c.ns());
      if (c.ns().endsWith(".undecodable")) {
        assertEquals(1, t.loaded(), "the collection stops at its undecodable document");
        continue;
      }
      assertEquals(c.rejected(), t.rejected(), c.ns());
      assertEquals(c.documents() - c.rejected(), t.loaded(), c.ns());
      InventorySection.Dump d = inventory.collections().stream().filter(i -> i.ns().equals(c.ns())).findFirst()
          .orElseThrow().dump();
      assertEquals(c.documents(), d.documents(), c.ns());
    }
    long rejected = data.collections().stream().mapToLong(DataSection.Collection::rejected).sum();
    long blocked = data.collections().stream().mapToLong(DataSection.Collection::blocked).sum();
    assertEquals(5, rejected, "repeated field, repeated in _id, NUL, no _id, undecodable");
    assertEquals(4, blocked);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT data->'v' = '{\"$numberDouble\": \"NaN\"}'::jsonb FROM"
             + " kinds_doublenan")) {
      assertTrue(rs.next());
      assertTrue(rs.getBoolean(1));
    }
    String summary = java.nio.file.Files.readString(out.resolve("summary.txt"));
    assertTrue(summary.contains("inventory:") && summary.contains("data:"), summary);
  }

  @Test
  void theSampleDumpAndItsLogFillBothHalves() throws Exception {
    String url = TestDatabase.newDatabaseUrl("assess_inventory");
    Path out = dir.resolve("out");
    CliTester.Result r = CliTester.run("assess", "--dump", "datasets/sample-large", "--log",
        "src/test/resources/mongolog/stress-orders-mongod.log", "--out", out.toString(), "--url", url, "-U",
        "postgres");
    assertEquals(0, r.exitCode(), r.all());
    JsonNode root = JsonReport.mapper().readTree(out.resolve("assessment.json").toFile());
    InventorySection inventory = JsonReport.mapper().treeToValue(root.path("sections").path("inventory"),
        InventorySection.class);
    InventorySection.Collection orders = inventory.collections().stream().filter(c -> c.ns().equals("stress.orders"))
        .findFirst().orElseThrow(() -> new AssertionError(inventory.toString()));
    assertNotNull(orders.dump(), inventory.toString());
    assertNotNull(orders.log(), inventory.toString());
    assertEquals(500, orders.dump().documents());
    assertEquals("_id_", orders.dump().indexes().get(0).name());
    assertEquals(90, orders.log().operations());
    assertEquals(1.0, orders.log().share(), 1e-9);
    assertEquals(2L, orders.log().p50Millis());
    assertEquals(6L, orders.log().p99Millis());
    assertEquals(90 / 25.5, orders.log().meanRate(), 0.01);
    // the busiest second: the log's 105 entries hold at most 4 in a second, and 90 used over the 26 seconds they span
    // put at least 4 in one
    assertEquals(4.0, orders.log().peakRate());
    assertTrue(inventory.logOnly().isEmpty() && inventory.dumpOnly().isEmpty(), inventory.toString());
    DataSection data = JsonReport.mapper().treeToValue(root.path("sections").path("data"), DataSection.class);
    assertEquals(500, data.collections().get(0).documents());
    assertEquals(0, data.collections().get(0).rejected());
  }
}
