package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * A logged insert command of several documents ({@code ninserted: 3}) is derived, with {@code --dump}, as one insertMany
 * of that many documents under new keys, and runs in both statement modes inserting them all.
 */
class LogInsertManyTest {
  @TempDir
  Path dir;

  @Test
  void aMultiDocumentInsertIsOneInsertManyOfAsManyDocuments() throws Exception {
    String line = "{\"t\":{\"$date\":\"2024-11-25T02:00:25.%03d+00:00\"},\"s\":\"I\",\"c\":\"COMMAND\",\"id\":51803,"
        + "\"ctx\":\"conn11\",\"msg\":\"Slow query\",\"attr\":{\"type\":\"command\",\"ns\":\"stress.orders\",\"command\":"
        + "{\"insert\":\"orders\",\"ordered\":true,\"$db\":\"stress\"},\"ninserted\":%d,\"durationMillis\":1}}\n";
    Path log = dir.resolve("mongod.log");
    Files.writeString(log, String.format(line, 1, 3) + String.format(line, 2, 3) + String.format(line, 3, 1));
    Path out = dir.resolve("derived");
    CliTester.Result derived = CliTester.run("workload", "--from-log", log.toString(), "--out", out.toString(),
        "--dump", "datasets/sample-large");
    assertEquals(0, derived.exitCode(), derived.all());
    String file = Files.readString(out.resolve("stress_orders.yaml"));
    assertTrue(file.contains("insertMany: {\"documents\": [{\"_id\": \":_id_1\"") && file.contains("_id_3: new_key")
        && !file.contains("_id_4"), file);
    assertTrue(file.contains("insertOne: {\"document\": {\"_id\": \":_id\""), "a one-document insert stays one: " + file);
    String url = TestDatabase.newDatabaseUrl("insertmany");
    CliTester.Result setup = CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large");
    assertEquals(0, setup.exitCode(), setup.all());
    Path json = dir.resolve("result.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload",
        out.resolve("stress_orders.yaml").toString(), "--table", "stress_orders", "--warmup", "0", "--threads", "2",
        "--ops", "50", "--mode", "prepared,plain", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    for (JsonNode phase : new ObjectMapper().readTree(Files.readString(json)).get("phases")) {
      JsonNode stats = phase.get("stats");
      assertEquals(0, stats.get("total").get("errorCount").asLong(), stats.toString());
      long many = 0;
      for (JsonNode op : stats.get("operations")) {
        if (op.get("name").asText().startsWith("insert_many")) {
          many += op.get("count").asLong();
          assertEquals(3 * op.get("count").asLong(), op.get("rows").asLong(), "3 documents an execution: " + op);
        }
      }
      // weights 2 (insertMany) and 1 (insertOne): none of 50 executions an insertMany has p = (1/3)^50
      assertTrue(many > 0, stats.toString());
    }
  }
}
