package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.PgBouncerServer;
import stress.testing.TestDatabase;

/**
 * Many client connections through few server connections: a thousand event-loop workers through PgBouncer's pool of
 * 20, their logins paced (at most 64 at a time) so that the pooler's start-up is not a storm.
 */
class ManyClientsThroughPoolerIT {
  private static final DocumentTable TABLE = new DocumentTable(null, "docs", IdType.BIGINT);

  @TempDir
  Path dir;
  private static String database;

  @BeforeAll
  static void createTable() throws Exception {
    database = TestDatabase.databaseName(TestDatabase.newDatabaseWithDocuments("many_clients", TABLE, 200));
  }

  @Test
  void aThousandClientsShareTwentyServerConnections() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "transaction", 20, PgBouncerServer.Console.ADMIN)) {
      CliTester.Result run = CliTester.run("run", "--url", pooler.url(database) + "?password=" + pooler.password(),
          "-U", PgBouncerServer.USER, "--table", "docs", "--op", "find_first", "--mode", "plain", "--event-loops",
          "2", "--threads", "1000", "--ops", "3000", "--warmup", "0s", "--out", dir.toString());
      assertEquals(0, run.exitCode(), run.all() + pooler.log());
      java.util.regex.Matcher line = java.util.regex.Pattern.compile("pooler: ([0-9,]+) transactions, [^;]*; clients"
          + " waited avg [0-9.]+ ms[^;]*; ([0-9]+) of 20 server connections (open|used)").matcher(run.out());
      assertTrue(line.find(), run.out());
      assertTrue(Long.parseLong(line.group(1).replace(",", "")) >= 3000, "each execution a transaction: " + run.out());
      assertTrue(Integer.parseInt(line.group(2)) <= 20, "1,000 clients on at most 20 server connections");
      com.fasterxml.jackson.databind.JsonNode phase = new com.fasterxml.jackson.databind.ObjectMapper()
          .readTree(dir.resolve("result.json").toFile()).path("phases").get(0);
      assertEquals(3000, phase.path("stats").path("total").path("count").asLong(), phase.toString());
      assertEquals("1000", phase.path("combination").path("threads").asText(), "a client connection per worker");
    }
  }
}
