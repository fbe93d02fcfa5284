package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code stress assess}'s operations section on the embedded PostgreSQL, from the sample orders and their log: the
 * shares of the shapes add up to the whole, the {@code $where} is counted as refused; with a MongoDB server holding
 * the same dump ({@code STRESS_MONGODB_URL}, skipped without one) each read's answers are checked, and a server that
 * lacks the collection gives one line.
 */
class AssessOperationsIT {
  private static final String LOG = "src/test/resources/mongolog/stress-orders-mongod.log";

  @TempDir
  Path dir;

  private static JsonNode operations(Path out) throws Exception {
    JsonNode root = new ObjectMapper().readTree(out.resolve("assessment.json").toFile());
    JsonNode section = root.path("sections").path("operations");
    assertTrue(section.isObject(), root.toPrettyString());
    return section;
  }

  private static JsonNode shape(JsonNode section, String operation) {
    for (JsonNode s : section.path("shapes")) {
      if (s.path("operation").asText().equals(operation)) {
        return s;
      }
    }
    throw new AssertionError("no shape " + operation + " in " + section.toPrettyString());
  }

  @Test
  void sharesAddUpAndTheWhereIsRefused() throws Exception {
    String url = TestDatabase.newDatabaseUrl("assess_ops");
    Path out = dir.resolve("a");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "assess", "--dump", "datasets/sample-large",
        "--log", LOG, "--out", out.toString(), "--drop-existing");
    assertEquals(0, r.exitCode(), r.all());
    JsonNode s = operations(out);
    double sum = 0;
    long entries = 0;
    for (JsonNode shape : s.path("shapes")) {
      sum += shape.path("share").asDouble();
      entries += shape.path("loggedEntries").asLong();
    }
    assertEquals(1.0, sum, 1e-9, s.toPrettyString());
    // the log's 90 used statements, and the $where (the getMore is not a statement of its own)
    assertEquals(91, entries);
    assertEquals(91, s.path("entries").asLong());
    assertEquals(1.0, s.path("translates").asDouble() + s.path("refused").asDouble(), 1e-9);
    assertEquals(1, s.path("refusedBy").size(), s.toPrettyString());
    JsonNode where = s.path("refusedBy").get(0);
    assertEquals("$where", where.path("operator").asText());
    assertEquals(1, where.path("entries").asLong());
    assertEquals(1.0 / 91, where.path("share").asDouble(), 1e-9);
    JsonNode update = shape(s, "update_one_id_status_set_statusChanges_inc");
    assertEquals("translates-with-difference", update.path("status").asText());
    assertEquals("not checked: a write", update.path("check").asText());
    assertEquals("stress_orders", update.path("table").asText());
    assertEquals("translates", shape(s, "find_id").path("status").asText());
    assertTrue(r.out().contains("98.9% of the logged operations translate (11% with a named difference); 1.1% use"
        + " $where (refused)"), r.out());
    assertTrue(Files.readString(out.resolve("summary.txt")).contains("1.1% use $where (refused)"));
  }

  @Test
  void answersCheckedOnAServerHoldingTheDump() throws Exception {
    String mongo = MongoTestServer.url();
    CliTester.Result loaded = CliTester.run("import", "datasets/sample-large", "--to", mongo, "--db", "stress",
        "--drop-existing");
    assertEquals(0, loaded.exitCode(), loaded.all());
    String url = TestDatabase.newDatabaseUrl("assess_ops_mongo");
    Path out = dir.resolve("m");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "assess", "--dump", "datasets/sample-large",
        "--log", LOG, "--out", out.toString(), "--drop-existing", "--against", mongo);
    assertEquals(0, r.exitCode(), r.all());
    JsonNode s = operations(out);
    assertNull(s.get("checkProblem").textValue(), s.toPrettyString());
    assertNotNull(s.get("against").textValue());
    for (String read : new String[] {"find_id", "find_status_createdAt_gte", "find_id_in", "count_documents_priority_status"}) {
      assertTrue(shape(s, read).path("check").asText().startsWith("same"), shape(s, read).toPrettyString());
    }
    assertEquals("not checked: a write", shape(s, "update_one_id_status_set_statusChanges_inc").path("check").asText());
    assertEquals("not checked: refused by the translation", shape(s, "find").path("check").asText());
    assertTrue(Files.readString(out.resolve("steps/operations/check-stress_orders.txt")).contains("checked: "));
  }

  @Test
  void aServerWithoutTheCollectionGivesOneLine() throws Exception {
    String mongo = MongoTestServer.url();
    // the orders under a database no server holds: a dump alone, so its shapes are the lookups by _id
    String database = "assess_absent_" + Long.toHexString(System.nanoTime());
    Path dump = dir.resolve("dump").resolve(database);
    Files.createDirectories(dump);
    for (String f : new String[] {"orders.bson", "orders.metadata.json"}) {
      Files.copy(Path.of("datasets/sample-large/stress").resolve(f), dump.resolve(f),
          StandardCopyOption.REPLACE_EXISTING);
    }
    String url = TestDatabase.newDatabaseUrl("assess_ops_absent");
    Path out = dir.resolve("x");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "assess", "--dump",
        dir.resolve("dump").toString(), "--out", out.toString(), "--drop-existing", "--against", mongo);
    assertEquals(0, r.exitCode(), r.all());
    JsonNode s = operations(out);
    assertEquals("dump", s.path("source").asText());
    String problem = s.path("checkProblem").asText();
    assertTrue(problem.startsWith("collection " + database + ".orders does not exist on "), problem);
    assertEquals("not checked: " + problem, shape(s, "by_id").path("check").asText());
    String summary = Files.readString(out.resolve("summary.txt"));
    assertTrue(summary.contains("no log: the shapes are the lookups by _id generated per collection (1)"), summary);
    // one line in the operations section, and once among the verdicts' open points: never a line per operation
    String sections = summary.substring(summary.indexOf("\nassessment:"));
    assertEquals(1, sections.lines().filter(l -> l.contains("does not exist")).count(), summary);
    assertEquals(2, summary.lines().filter(l -> l.contains("does not exist")).count(), summary);
  }
}
