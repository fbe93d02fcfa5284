package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through a PgBouncer in front of a real Citus coordinator (STRESS_CITUS_URL, STRESS_CITUS_POOLER_URL): the pooler is
 * named, prepared statements are tried before measuring (they run where it keeps them per server connection: session
 * pooling, or transaction pooling with max_prepared_statements above 0 from 1.21 on; else they are left out with the
 * line that says why), and the road through it reaches the coordinator's own database, measured beside it in rounds.
 */
class CitusThroughPoolerIT {
  private static final String TABLE = "pooled_it_docs";
  private static final Pattern POOLER = Pattern.compile(
      "pooler: PgBouncer [0-9.]+, pool_mode (\\w+), .*max_prepared_statements (\\d+|not there.*)");
  private String url;
  private String pooler;

  @TempDir
  Path dir;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.citus();
    pooler = ClusterUrls.citusPooler();
    ClusterUrls.cli(url, 0, "init", "--table", TABLE, "--docs", "500", "--drop-existing");
  }

  @AfterEach
  void dropTables() throws SQLException {
    if (url != null) {
      ClusterUrls.dropDocumentTables(url, TABLE);
    }
  }

  private static JsonNode result(Path out) throws Exception {
    return new ObjectMapper().readTree(out.resolve("result.json").toFile());
  }

  private static List<String> measured(JsonNode result, String key) {
    List<String> values = new ArrayList<>();
    for (JsonNode phase : result.path("phases")) {
      JsonNode total = phase.path("stats").path("total");
      assertTrue(total.path("count").asLong() > 0, "measured: " + phase.path("label"));
      assertEquals(0, total.path("errorCount").asLong(), "errors in " + phase.path("label"));
      values.add(phase.path("combination").path(key).asText());
    }
    return values;
  }

  @Test
  void preparedStatementsThroughThePoolerRunWhereItKeepsThemAndAreLeftOutWhereItCannot() throws Exception {
    Path out = dir.resolve("pooled");
    String printed = ClusterUrls.cli(pooler, 0, "run", "--table", TABLE, "--op", "find_first", "--mode",
        "prepared,plain", "--threads", "4", "--duration", "500ms", "--warmup", "0s", "--out", out.toString());
    assertTrue(printed.contains("Citus"), "the target behind the pooler: " + printed);
    Matcher line = POOLER.matcher(printed);
    assertTrue(line.find(), "the pooler named, its console read: " + printed);
    boolean kept = line.group(1).equals("session") || line.group(2).matches("[1-9][0-9]*");
    List<String> modes = measured(result(out), "mode");
    if (kept) {
      assertEquals(List.of("prepared", "plain"), modes, printed);
      assertFalse(printed.contains("server-side prepared statements fail"), printed);
    } else {
      assertEquals(List.of("plain"), modes, printed);
      assertTrue(printed.contains("the prepared combinations are left out"), printed);
    }
  }

  @Test
  void theRoadThroughThePoolerReachesTheCoordinatorsDatabaseAndIsMeasuredBesideIt() throws Exception {
    Path out = dir.resolve("roads");
    String printed = ClusterUrls.cli(url, 0, "run", "--table", TABLE, "--op", "find_first", "--mode", "plain",
        "--via", "pooled=" + pooler, "--threads", "4", "--duration", "300ms", "--warmup", "0s", "--rounds", "2",
        "--out", out.toString());
    assertTrue(printed.contains("via pooled: jdbc:postgresql://"), printed);
    List<String> roads = measured(result(out), "via");
    assertEquals(4, roads.size(), "2 roads x 2 rounds: " + roads);
    assertTrue(roads.contains("direct") && roads.contains("pooled"), roads.toString());
  }
}
