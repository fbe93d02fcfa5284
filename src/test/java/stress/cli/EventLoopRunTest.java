package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.channel.epoll.Epoll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/** {@code run --event-loops}: whole runs through the command line against a real PostgreSQL, and what it refuses. */
class EventLoopRunTest {
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("eventloop");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "2000");
    assertEquals(0, r.exitCode(), r.all());
  }

  private CliTester.Result run(Path json, String... args) {
    String[] all = new String[args.length + 7];
    System.arraycopy(new String[] {"--url", url, "-U", "postgres", "run", "--json", json.toString()}, 0, all, 0, 7);
    System.arraycopy(args, 0, all, 7, args.length);
    return CliTester.run(all);
  }

  @Test
  void afterAWarmUpExactlyTheOpsAreCountedOnOneBackendPerWorker() throws IOException {
    Path json = dir.resolve("ops.json");
    CliTester.Result r = run(json, "--event-loops", "2", "--threads", "6", "--warmup", "1s", "--report-interval",
        "300ms", "--ops", "3001");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("worker threads: event loop: 2 OS threads serve every connection (vertx-pg-client)"),
        r.out());
    JsonNode phase = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0);
    JsonNode total = phase.get("stats").get("total");
    assertEquals(3001, total.get("count").asLong(), r.out());
    assertEquals(0, total.get("errorCount").asLong(), r.out());
    assertEquals(3001, total.get("rows").asLong(), "each lookup of an existing key finds its document: " + r.out());
    long measuredInIntervals = 0;
    for (JsonNode interval : phase.get("stats").get("intervals")) {
      if (!interval.get("warmup").asBoolean()) {
        measuredInIntervals += interval.get("count").asLong();
      }
    }
    assertEquals(3001, measuredInIntervals, "the measured intervals add up to the total: " + r.out());
    assertEquals("6", phase.get("connection").get("distinct server backends").asText());
    assertTrue(phase.get("connection").get("client").asText().startsWith("vertx-pg-client, 2 event loop(s), one"
        + " connection per worker, prepared statement SELECT _id, jsonb_send(data) FROM "), phase.get("connection").toString());
  }

  @Test
  void busyPollingLoopsRunTheLookupsAndTheirPollingIsShownApartFromTheClientsCpu() throws IOException {
    assumeTrue(Epoll.isAvailable(), "--busy-poll needs Linux's native epoll");
    Path json = dir.resolve("busy.json");
    CliTester.Result r = run(json, "--event-loops", "1", "--busy-poll", "--threads", "3", "--warmup", "300ms",
        "--ops", "2000");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("worker threads: event loop: 1 OS thread serves every connection (vertx-pg-client),"
        + " polling without sleeping (--busy-poll)"), r.out());
    assertTrue(r.out().contains(" s more, polling with nothing to read (not counted); "), r.out());
    JsonNode phase = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0);
    assertEquals(2000, phase.get("stats").get("total").get("count").asLong(), r.out());
    assertEquals(0, phase.get("stats").get("total").get("errorCount").asLong(), r.out());
    assertTrue(phase.get("connection").get("client").asText().startsWith("vertx-pg-client, 1 event loop(s) polling"
        + " without sleeping, one connection per worker"), phase.get("connection").toString());
    JsonNode client = phase.get("client");
    assertTrue(client.get("spinSeconds").asDouble() > 0, client.toString());
    assertTrue(client.get("cpuSeconds").asDouble() > 0, client.toString());
  }

  @Test
  void plainStatementsWriteTextKeysAsLiteralsThatFindEveryDocument() throws IOException, SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE quoted_keys (_id text PRIMARY KEY, data jsonb NOT NULL)");
      s.execute("INSERT INTO quoted_keys VALUES ('it''s', '{}'), ('back\\slash', '{}'), ('ünï', '{}'),"
          + " ('plain', '{}'), ('two''''quotes', '{}')");
    }
    Path json = dir.resolve("plain.json");
    CliTester.Result r = run(json, "--table", "quoted_keys", "--event-loops", "1", "--threads", "3", "--mode",
        "plain,prepared", "--warmup", "0", "--ops", "500");
    assertEquals(0, r.exitCode(), r.all());
    JsonNode phases = new ObjectMapper().readTree(Files.readString(json)).get("phases");
    assertEquals(2, phases.size());
    for (JsonNode phase : phases) {
      JsonNode total = phase.get("stats").get("total");
      assertEquals(500, total.get("count").asLong(), phase.get("label").asText());
      assertEquals(0, total.get("errorCount").asLong(), phase.get("label").asText() + ": " + total);
      assertEquals(500, total.get("rows").asLong(), "every key, quotes and backslashes too, finds its document in "
          + phase.get("label").asText());
    }
    assertTrue(phases.get(0).get("connection").get("client").asText().contains("plain statement SELECT _id,"
        + " data::text FROM \"quoted_keys\" WHERE _id = <key literal>"), phases.get(0).get("connection").toString());
  }

  @Test
  void theSessionSettingsReachTheEventLoopSessions() {
    // the table is named without a schema: on sessions whose search_path the run's --set changed it is not found,
    // so preparing the lookup fails before the start, on the event-loop connections themselves
    CliTester.Result r = run(dir.resolve("set.json"), "--event-loops", "1", "--threads", "2", "--warmup", "0",
        "--ops", "200", "--set", "search_path=no_such_schema");
    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.err().contains("could not open 2 connections for phase 'mode=prepared pool=none threads=2"
        + " search_path=no_such_schema'"), r.err());
    assertTrue(r.err().contains("does not exist"), r.err());
  }

  @Test
  void whatTheEventLoopClientDoesNotDoIsRefusedInOneLine() {
    String[] cases = {
        "--op", "find_in", "--event-loops 2 runs find_first only",
        "--pool", "hikari", "--event-loops runs --pool none only",
        "--rate", "100", "--event-loops runs closed loops only, without --rate",
        "--virtual-threads", "yes", "give --event-loops or --virtual-threads, not both",
        "--prepare-threshold", "1", "--prepare-threshold and --query-mode are pgjdbc's",
    };
    for (int i = 0; i < cases.length; i += 3) {
      CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--event-loops", "2", cases[i],
          cases[i + 1]);
      assertEquals(2, r.exitCode(), r.all());
      String first = r.err().strip().split("\n")[0];
      assertTrue(first.startsWith("stress: "), r.err());
      assertTrue(first.contains(cases[i + 2].replace("--event-loops 2 runs", "--event-loops runs")),
          "expected '" + cases[i + 2] + "' in: " + r.err());
      assertFalse(r.err().contains("\tat "), r.err());
    }
    CliTester.Result threads = CliTester.run("--url", url, "run", "--busy-poll");
    assertEquals(2, threads.exitCode(), threads.all());
    assertTrue(threads.err().contains("--busy-poll needs --event-loops N: only the event loops poll, a worker thread"
        + " waits in pgjdbc's socket read"), threads.err());
    CliTester.Result zero = CliTester.run("--url", url, "run", "--event-loops", "0");
    assertEquals(2, zero.exitCode(), zero.all());
    assertTrue(zero.err().contains("--event-loops must be at least 1 (the OS threads that serve the connections), got 0"),
        zero.err());
  }
}
