package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.OwnFerretDb;
import stress.testing.TestDatabase;

/**
 * A MongoDB server that dies or freezes in the middle of {@code run --against}'s phase on it: its failures are
 * counted as PostgreSQL's are (connection lost or refused, timeout), an outage is reported, the phase ends on time,
 * the next round runs on (its failures counted), the PostgreSQL phases are kept, the comparison of what was measured
 * is printed with the failures under it, and the exit code is 1. The server is a FerretDB of the test's own
 * ({@link OwnFerretDb}), killed or stopped with SIGSTOP once the MongoDB phase has printed its first interval; the run
 * is a process of its own, so that a hang would be seen (and ended) rather than hold the test JVM. Skipped, saying
 * why, without {@code STRESS_MONGODB_URL} or a FerretDB binary.
 */
class MongoServerFailsIT {
  private static final int DOCUMENTS = 200;
  private static final String COLLECTION = "stress.fails_docs";
  /** Each phase; the MongoDB phase's end may be late by the read timeout (2 s) and the phase's join grace (5 s). */
  private static final int SECONDS = 3;
  private static final long RUN_LIMIT_SECONDS = 180;

  @TempDir
  Path dir;

  @Test
  void aServerKilledMidPhaseIsCountedAndTheComparisonIsPrinted() throws Exception {
    try (OwnFerretDb server = OwnFerretDb.start(dir.resolve("ferretdb"))) {
      Finished run = runAndThen(server, server::kill);
      String out = run.out();
      assertEquals(1, run.exitCode(), run.all());
      assertComparisonWithFailures(run, server);
      assertTrue(out.contains("connection refused by 127.0.0.1:" + server.port()), out);
      List<String> first = failures(out, 1);
      assertTrue(first.get(0).contains("08001="), out);
      assertTrue(first.size() > 1 && first.get(1).startsWith("    outage: "), "killed after its first interval: " + out);
      List<String> second = failures(out, 2);
      assertTrue(second.get(0).matches("  mongodb, round 2: (\\d+) of \\1 executions failed \\(100\\.00%\\): 08001=.*"),
          "the next round ran, every call refused: " + out);
    }
  }

  @Test
  void aServerFrozenMidPhaseTimesOutAndTheComparisonIsPrinted() throws Exception {
    try (OwnFerretDb server = OwnFerretDb.start(dir.resolve("ferretdb"))) {
      Finished run = runAndThen(server, server::freeze);
      server.thaw();
      String out = run.out();
      assertEquals(1, run.exitCode(), run.all());
      assertComparisonWithFailures(run, server);
      // a read that gets no answer ends at the read timeout (--statement-timeout + 1 s), counted as a timeout
      assertTrue(out.contains("timeout: no answer from 127.0.0.1:" + server.port() + " within 2 s (the client's read"
          + " timeout, --statement-timeout + 1 s)"), out);
      // the first timeouts come 2 s after the freeze, maybe as round 1 ends; round 2 is frozen all along: an outage
      assertTrue(failures(out, 1).get(0).contains("57014="), out);
      List<String> second = failures(out, 2);
      assertTrue(second.get(0).contains("(100.00%)") && second.get(0).contains("57014="), out);
      assertTrue(second.size() > 1 && second.get(1).startsWith("    outage: "), out);
    }
  }

  /**
   * A capacity search whose MongoDB server is killed after its first step: MongoDB's search ends there, saying the
   * server failed (every execution of a step failed), never a capacity or "no capacity" of a server that is gone;
   * PostgreSQL's search and the comparison of what was measured are kept; exit 1.
   */
  @Test
  void aServerKilledMidSearchEndsItsSearchNotTheComparison() throws Exception {
    try (OwnFerretDb server = OwnFerretDb.start(dir.resolve("ferretdb"))) {
      // steps by time: a call to a server that is gone waits for it up to 1 s, so steps by count would last long
      Finished run = runAndThen(server, List.of("--slo", "p99<=1s", "--slo-resolution", "50%", "--rate", "800",
          "--duration", "2s", "--no-slo-check"), out -> out.contains("\nmongodb: step 1: "), server::kill);
      String out = run.out();
      assertEquals(1, run.exitCode(), run.all());
      assertTrue(out.contains("\nmongodb: the search stopped, a step failed: every execution of the step at "), out);
      assertTrue(out.contains("): the server failed, not its capacity"), out);
      assertTrue(out.contains("\npostgresql: capacity under p99<=1000ms: "), out);
      assertTrue(out.contains("\n  mongodb: ") && out.contains("; its search stopped: every execution"), out);
      JsonNode capacity = new ObjectMapper().readTree(run.json().toFile()).path("settings").path("capacity");
      assertTrue(capacity.path("compared").get(1).path("failure").asText().endsWith("the server failed, not its"
          + " capacity"), capacity.toString());
    }
  }

  /** The checks both cases share: the comparison, the failures under it, the PostgreSQL phases kept, on time. */
  private static void assertComparisonWithFailures(Finished run, OwnFerretDb server) throws IOException {
    String out = run.out();
    assertTrue(out.contains("\nPostgreSQL and MongoDB compared"), out);
    assertTrue(out.lines().anyMatch(l -> l.matches("\\*? +postgresql +ops/s .*")), out);
    assertTrue(out.lines().anyMatch(l -> l.matches("\\*? +mongodb +ops/s .*")), out);
    assertTrue(out.contains("\nfailures (counted in the figures above; each target's summary has every message):\n"),
        out);
    assertTrue(out.contains("the comparison covers what was measured, failures included (above); exit code 1"), out);
    assertFalse(run.all().contains("Timed out while waiting for a server"), "no raw driver text: " + run.all());
    assertFalse(run.all().contains("buildInfo"), "what the server is was read once, before: " + run.all());
    // the default --connect-timeout (10 s): a call waits at most 1 s for a server to send it to, so a phase of a few
    // seconds counts the failures of a server that went down
    assertTrue(out.contains("a server that fails: timeouts connect 10 s, read 2 s (--statement-timeout + 1 s), a server"
        + " to send to within 1 s; retryable reads off, writes off"), out);

    JsonNode result = new ObjectMapper().readTree(run.json().toFile());
    JsonNode phases = result.get("phases");
    assertEquals(4, phases.size(), "two targets, two rounds, all kept: " + phases);
    for (JsonNode phase : phases) {
      String target = phase.get("combination").get("target").asText();
      JsonNode total = phase.get("stats").get("total");
      double seconds = phase.get("stats").get("durationSeconds").asDouble();
      if (target.equals("postgresql")) {
        assertTrue(total.get("count").asLong() > 0, "PostgreSQL measured: " + total);
        assertEquals(0, total.get("errorCount").asLong(), "PostgreSQL ran fine: " + total);
      } else {
        assertTrue(total.get("errorCount").asLong() > 0, "MongoDB's failures counted: " + total);
      }
      // on time: the duration, plus at most a call in flight (read timeout 2 s) and the phase's join grace (5 s)
      assertTrue(seconds < SECONDS + 7, target + " phase lasted " + seconds + " s");
    }
  }

  /** The failures section's line of the MongoDB phase of {@code round}, then its outage and degraded lines. */
  private static List<String> failures(String out, int round) {
    List<String> lines = out.lines().toList();
    int section = lines.indexOf("failures (counted in the figures above; each target's summary has every message):");
    for (int i = section + 1; section >= 0 && i < lines.size(); i++) {
      if (lines.get(i).startsWith("  mongodb, round " + round + ": ")) {
        List<String> phase = new ArrayList<>(List.of(lines.get(i)));
        for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("    "); j++) {
          phase.add(lines.get(j));
        }
        return phase;
      }
    }
    throw new AssertionError("no failures of MongoDB's round " + round + " under the comparison: " + out);
  }

  private record Finished(int exitCode, String out, String err, Path json) {
    String all() {
      return out + err;
    }
  }

  /**
   * The same documents in a table and in the server's collection, then {@code run --against} in a process of its
   * own, two rounds; {@code fault} is done to the server once the first MongoDB phase printed its first interval.
   */
  private Finished runAndThen(OwnFerretDb server, Fault fault) throws Exception {
    return runAndThen(server, List.of("--duration", SECONDS + "s", "--rounds", "2"),
        MongoServerFailsIT::firstMongoIntervalPrinted, fault);
  }

  /** As above, with {@code options} for the run and {@code fault} done once {@code ready} accepts its output. */
  private Finished runAndThen(OwnFerretDb server, List<String> options, java.util.function.Predicate<String> ready,
                              Fault fault) throws Exception {
    String url = TestDatabase.newDatabaseWithDocuments("mongo_fails", new DocumentTable(null, "fails_docs",
        IdType.BIGINT), DOCUMENTS);
    try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement s = c.createStatement()) {
      s.execute("UPDATE fails_docs SET data = jsonb_build_object('_id', _id, 'i', _id)"); // as import keeps them
    }
    try (MongoClient client = MongoClients.create(server.url())) {
      List<BsonDocument> documents = new ArrayList<>();
      for (int i = 1; i <= DOCUMENTS; i++) {
        // int32 _ids, as a dump of small numbers holds them and as the built-ins send the table's keys
        documents.add(new BsonDocument("_id", new BsonInt32(i)).append("i", new BsonInt32(i)));
      }
      client.getDatabase("stress").getCollection("fails_docs", BsonDocument.class).insertMany(documents);
    }
    Path json = dir.resolve("result.json");
    Path out = dir.resolve("run.out");
    Path err = dir.resolve("run.err");
    List<String> args = new ArrayList<>(List.of("--url", url, "-U", "postgres", "run", "--op", "find_first", "--table",
        "fails_docs", "--against", server.url(), "--collection", COLLECTION, "--threads", "2", "--warmup", "0",
        "--statement-timeout", "1s", "--json", json.toString()));
    args.addAll(options);
    Process process = new ProcessBuilder(ChildJvm.command(args)).redirectOutput(out.toFile())
        .redirectError(err.toFile()).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RUN_LIMIT_SECONDS);
      while (!ready.test(Files.readString(out))) {
        assertTrue(process.isAlive(), "the run ended before its MongoDB phase: " + Files.readString(out)
            + Files.readString(err));
        assertTrue(System.nanoTime() - deadline < 0, "no MongoDB phase: " + Files.readString(out));
        Thread.sleep(20);
      }
      fault.apply();
      assertTrue(process.waitFor(Math.max(1, (deadline - System.nanoTime()) / 1_000_000_000L), TimeUnit.SECONDS),
          "the run hung: " + Files.readString(out) + Files.readString(err));
      return new Finished(process.exitValue(), Files.readString(out), Files.readString(err), json);
    } finally {
      process.destroyForcibly();
    }
  }

  /** True once the first MongoDB phase has printed an interval line: it is measuring. */
  private static boolean firstMongoIntervalPrinted(String out) {
    int target = out.indexOf("\ntarget mongodb (");
    return target >= 0 && out.indexOf("\n[ ", target) >= 0;
  }

  @FunctionalInterface
  private interface Fault {
    void apply() throws IOException, InterruptedException;
  }
}
