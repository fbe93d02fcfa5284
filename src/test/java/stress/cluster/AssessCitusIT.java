package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;

/**
 * {@code stress assess} on a real Citus coordinator (STRESS_CITUS_URL; skipped with the reason without it): the
 * orders sample imported distributed by {@code _id}, each shape's route read from its plan (a lookup by {@code _id}
 * on one shard, a filter on status on all), and the layout step's ranking, chosen layout and routes.
 */
class AssessCitusIT {
  private static final String TABLE = "stress_orders";
  private String url;

  @TempDir
  Path dir;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.citus();
  }

  @AfterEach
  void dropTables() throws Exception {
    if (url != null) {
      ClusterCleanup.dropImported(url, List.of(TABLE));
    }
  }

  @Test
  void routesAndLayoutOnCitus() throws Exception {
    Path out = dir.resolve("assessment");
    int exit = new stress.cli.Cli(System.out, System.err).execute("--url", url, "assess", "--dump",
        "datasets/sample-large", "--log", "src/test/resources/mongolog/stress-orders-mongod.log", "--out",
        out.toString(), "--drop-existing");
    assertEquals(0, exit);
    JsonNode sections = JsonReport.mapper().readTree(out.resolve("assessment.json").toFile()).path("sections");
    Map<String, String> routes = new HashMap<>();
    sections.path("indexes").path("shapes").forEach(s -> routes.put(s.path("operation").asText(),
        s.path("route").asText()));
    assertEquals("single", routes.get("find_id"), routes.toString());
    assertEquals("all", routes.get("aggregate_status"), routes.toString());
    JsonNode layout = sections.path("layout");
    assertFalse(layout.isMissingNode(), "the layout step runs on a cluster");
    JsonNode orders = layout.path("collections").get(0);
    assertEquals("stress.orders", orders.path("ns").asText());
    assertTrue(orders.path("ranking").size() >= 2, orders.toString());
    assertEquals("distributed by _id", orders.path("layout").asText(), orders.toString());
    // by _id: its column's type is the one import gave it; the only collection, so co-located with none
    assertEquals(sections.path("import").path("tables").get(0).path("idType").asText(), orders.path("keyType")
        .asText(), orders.toString());
    assertEquals(0, orders.path("colocatedWith").size(), orders.toString());
    Map<String, String> under = new HashMap<>();
    layout.path("shapes").forEach(s -> under.put(s.path("operation").asText(), s.path("route").asText()));
    assertEquals("single", under.get("find_id"), under.toString());
    assertEquals("all", under.get("find_status_createdAt_gte"), under.toString());
  }
}
