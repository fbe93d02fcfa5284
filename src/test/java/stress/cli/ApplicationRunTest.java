package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code run --workload DIR}: a log of three collections (application-mongod.log) derived into a directory that runs
 * as one application run on two imported collections, the third's table missing: refused before any load, or skipped
 * and counted; both statement modes; the comparison with MongoDB per operation and per collection in the text, the JSON
 * and the report; {@code --rate log} holding the logged rate.
 */
class ApplicationRunTest {
  private static final String LOG = "src/test/resources/mongolog/application-mongod.log";
  /** The log's used statements: 75 entries, 50 ms apart. */
  private static final double LOGGED_RATE = 75 / 3.7;

  @TempDir
  static Path dir;
  private static String url;

  @BeforeAll
  static void deriveAndImport() {
    CliTester.Result derived = CliTester.run("workload", "--from-log", LOG, "--out", dir.resolve("wl").toString());
    assertEquals(0, derived.exitCode(), derived.all());
    assertTrue(derived.out().contains("run the application (every collection in one phase, at the logged mix; listed in "
        + dir.resolve("wl").resolve("application.yaml") + "): stress run --workload " + dir.resolve("wl")),
        derived.out());
    url = TestDatabase.newDatabaseUrl("apprun");
    for (String dump : List.of("datasets/sample-large", "datasets/sample-small")) {
      CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import", dump);
      assertEquals(0, imported.exitCode(), imported.all());
    }
  }

  @Test
  void theListingNamesEveryCollectionWithItsTableFileAndFigures() throws Exception {
    String listing = Files.readString(dir.resolve("wl").resolve("application.yaml"));
    for (String[] c : new String[][] {{"stress.check_in", "stress_check_in", "34"}, {"stress.orders", "stress_orders",
        "36"}, {"stress.sessions", "stress_sessions", "5"}}) {
      assertTrue(listing.contains("  - namespace: \"" + c[0] + "\"\n    table: \"" + c[1] + "\"\n    file: \"" + c[1]
          + ".yaml\"\n    mongodb:"), listing);
      assertTrue(listing.contains("    table: \"" + c[1] + "\"\n    file: \"" + c[1] + ".yaml\"\n    mongodb:  # what"
          + " MongoDB logged for the collection's operations; durationMillis is mongod's own time\n      entries: " + c[2]
          + "\n"), c[0] + ": " + listing);
    }
    assertEquals(LOGGED_RATE, loggedRate("none"), 1e-9, "75 entries, 50 ms apart");
    assertTrue(listing.contains("# --rate log: 75 logged statements of these operations from 2024-11-25T03:00:00Z to"
        + " 2024-11-25T03:00:03.700Z (3.700 s): 20.27 per second."), listing);
    // the application's busiest second, counted from the log here, and the listing read back
    long peak = loggedPeak(Path.of(LOG), "none");
    assertTrue(listing.contains("\nlogged:  # ") && listing.contains("\n  entries: 75\n") && listing.contains(
        "\n  peakPerSecond: " + peak + "  # the statements of the busiest second\n"), listing);
    stress.workload.Application app = stress.workload.Application.load(dir.resolve("wl"));
    assertEquals(peak, app.logged().peakPerSecond());
    assertEquals(peak, app.loggedPeak(app.merged().weights().keySet()), 0);
    assertTrue(Double.isNaN(app.loggedPeak(app.collections().get(0).operationNames())), "a part's peak is not known");
  }

  /** An insert of an application's run writes under new keys above its own table's largest, in both modes. */
  @Test
  void anApplicationsInsertTakesItsTablesNewKeys() throws Exception {
    Path orders = dir.resolve("orders");
    CliTester.Result derived = CliTester.run("workload", "--from-log",
        "src/test/resources/mongolog/stress-orders-mongod.log", "--out", orders.toString(), "--dump",
        "datasets/sample-large");
    assertEquals(0, derived.exitCode(), derived.all());
    Path json = dir.resolve("orders.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", orders.toString(),
        "--warmup", "0", "--threads", "2", "--ops", "2000", "--mode", "prepared,plain", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("stress.orders=stress_orders: 8 operations; keys: uniform over dense integer"
        + " range 1..500; new keys: "), r.out());
    JsonNode result = new ObjectMapper().readTree(Files.readString(json));
    for (JsonNode phase : result.get("phases")) {
      assertEquals(0, phase.get("stats").get("total").get("errorCount").asLong(), phase.toString());
      // weight 1 of 90: 2000 executions run it but for a chance of 2e-10
      JsonNode insert = null;
      for (JsonNode op : phase.get("stats").get("operations")) {
        insert = op.get("name").asText().equals("stress_orders.insert_one") ? op : insert;
      }
      assertNotNull(insert, phase.toString());
      assertTrue(insert.get("count").asLong() > 0, insert.toString());
    }
  }

  /** A directory of one's own files, without application.yaml: each TABLE.yaml runs on table TABLE. */
  @Test
  void aDirectoryOfOwnFilesRunsEachOnTheTableItIsNamedAfter() throws Exception {
    Path own = Files.createDirectories(dir.resolve("own"));
    Files.writeString(own.resolve("stress_orders.yaml"), """
        operations:
          paid:
            countDocuments: {filter: {status: paid}}
        """);
    Files.writeString(own.resolve("stress_check_in.yaml"), """
        operations:
          one:
            find: {filter: {}, limit: 1}
        """);
    Files.writeString(own.resolve("notes.txt"), "not a workload file");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", own.toString(),
        "--warmup", "0", "--threads", "2", "--ops", "200");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("stress_check_in.one") && r.out().contains("stress_orders.paid"), r.out());
    assertTrue(r.out().contains("application: " + own + ": 2 of 2"), r.out());

    Path empty = Files.createDirectories(dir.resolve("empty"));
    CliTester.Result none = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", empty.toString(),
        "--ops", "10");
    assertEquals(2, none.exitCode(), none.all());
    assertTrue(none.err().contains("--workload " + empty + ": the directory holds no workload file (TABLE.yaml, one"
        + " per table) and no application.yaml; see docs/workloads.md"), none.err());
  }

  /**
   * A table that holds no document (an import that rejected every document leaves one so) has no key for its reads to
   * draw: without --skip-missing the run stops naming it, with it the collection is skipped and said as a missing one.
   */
  @Test
  void anEmptyTableIsSkippedWithSkipMissing() throws Exception {
    try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement st = c.createStatement()) {
      st.execute("CREATE TABLE emptied_things (_id text PRIMARY KEY, data jsonb NOT NULL)");
    }
    Path app = Files.createDirectories(dir.resolve("with-empty"));
    Files.writeString(app.resolve("stress_orders.yaml"), """
        operations:
          paid:
            countDocuments: {filter: {status: paid}}
        """);
    Files.writeString(app.resolve("emptied_things.yaml"), """
        operations:
          byId:
            find: {filter: {_id: ":id"}}
            params:
              id: key
        """);
    CliTester.Result refused = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", app.toString(),
        "--warmup", "0", "--threads", "1", "--ops", "50");
    assertEquals(1, refused.exitCode(), refused.all());
    assertTrue(refused.err().contains("table emptied_things is empty"), refused.all());
    CliTester.Result skipping = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", app.toString(),
        "--skip-missing", "--warmup", "0", "--threads", "1", "--ops", "50");
    assertEquals(0, skipping.exitCode(), skipping.all());
    assertTrue(skipping.out().contains("collections skipped (--skip-missing): [emptied_things: table emptied_things"
        + " holds no document]") || skipping.out().contains("table emptied_things holds no document"),
        skipping.out());
    assertTrue(skipping.out().contains("stress_orders.paid"), skipping.out());
  }

  @Test
  void whatAnApplicationsRunDoesNotDoIsRefused() {
    CliTester.Result table = CliTester.run("--url", url, "-U", "postgres", "run", "--workload",
        dir.resolve("wl").toString(), "--table", "stress_orders", "--explain", "--ops", "10");
    assertEquals(2, table.exitCode(), table.all());
    assertTrue(table.err().contains("--workload DIR runs each collection on the table its listing names; --table"
        + " stress_orders names one table for all") && table.err().contains("; --explain is not done for it yet"),
        table.all());
    CliTester.Result alone = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first",
        "--skip-missing", "--ops", "10");
    assertEquals(2, alone.exitCode(), alone.all());
    assertTrue(alone.err().contains("--skip-missing skips the collections of --workload DIR whose table is missing"),
        alone.all());
  }

  @Test
  void aMissingTableIsNamedBeforeAnyLoad() {
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", dir.resolve("wl").toString(),
        "--warmup", "0", "--ops", "10");
    assertEquals(1, r.exitCode(), "a table the database lacks: " + r.all());
    List<String> lines = r.err().lines().filter(l -> !l.isBlank()).toList();
    assertEquals(1, lines.size(), r.all());
    assertTrue(lines.get(0).contains("collection stress.sessions: table stress_sessions does not exist"), r.all());
    assertTrue(!r.out().contains("interval") && !r.out().contains("summary"), "nothing ran: " + r.out());
  }

  /**
   * A real 8.0 log of six collections ({@code ../shared/datasets/mongod-logs}), none of which the database holds: the
   * run names every one with its table before any load, and with --skip-missing refuses a run left with none.
   */
  @Test
  void aRealLogsApplicationNamesEveryMissingTable() {
    Path log = Path.of("").toAbsolutePath().resolve("../shared/datasets/mongod-logs/atlas-8.0-mongo-log-parser/"
        + "cluster0-shard-00-00.ufghn.mongodb.net_2025-08-17T19_50_00_2025-08-18T19_55_21_MONGODB.log.gz").normalize();
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(log), "no real mongod log at " + log
        + " (the shared logs are not part of the project)");
    Path real = dir.resolve("real");
    CliTester.Result derived = CliTester.run("workload", "--from-log", log.toString(), "--out", real.toString());
    assertEquals(0, derived.exitCode(), derived.all());
    List<String> tables = List.of("sample_airbnb_listingsAndReviews", "sample_mflix_embedded_movies",
        "sample_mflix_movies", "sample_training_grades", "sample_training_inspections", "sample_training_routes");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", real.toString(), "--ops",
        "10");
    assertEquals(1, r.exitCode(), r.all());
    assertEquals(1, r.err().lines().filter(l -> !l.isBlank()).count(), r.all());
    tables.forEach(t -> assertTrue(r.err().contains(": table " + t + " does not exist"), t + ": " + r.err()));
    CliTester.Result skipping = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", real.toString(),
        "--skip-missing", "--ops", "10");
    assertEquals(1, skipping.exitCode(), skipping.all());
    assertTrue(skipping.err().contains("no collection's table exists and holds documents"), skipping.all());
  }

  @Test
  void theApplicationRunsInOnePhaseInBothModesWithBothSides() throws Exception {
    Path json = dir.resolve("app.json");
    Path out = dir.resolve("app-out");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", dir.resolve("wl").toString(),
        "--skip-missing", "--warmup", "0", "--threads", "2", "--ops", "1500", "--mode", "prepared,plain", "--json",
        json.toString(), "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    String text = r.out();
    assertTrue(text.contains("collections skipped (--skip-missing): [stress.sessions: table stress_sessions does not"
        + " exist]"), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("stress_orders\\.find_id +24 +[0-9]+ +[0-9]+ +[0-9]+ .* IDHACK +index:"
        + " stress_orders_pkey .*")), "an operation's row names its collection, MongoDB's figures beside: " + text);
    assertTrue(text.lines().anyMatch(l -> l.matches("stress_check_in +stress\\.check_in +34 +[0-9.]+ +[0-9]+ +[0-9]+"
        + " +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +(x[0-9.]+|-) +(x[0-9.]+|-)")), "a line per collection: " + text);
    assertTrue(text.contains("stress.sessions (table stress_sessions): skipped: table stress_sessions does not exist"),
        text);
    JsonNode result = new ObjectMapper().readTree(Files.readString(json));
    assertEquals(2, result.get("phases").size(), "prepared and plain");
    Map<String, Long> executed = new HashMap<>();
    for (JsonNode phase : result.get("phases")) {
      JsonNode stats = phase.get("stats");
      assertEquals(0, stats.get("total").get("errorCount").asLong(), stats.toString());
      // 6 operations of two collections; the rarest has weight 4 of 70: 1500 executions run it but for e^-86
      assertEquals(6, stats.get("operations").size(), stats.toString());
      for (JsonNode op : stats.get("operations")) {
        executed.merge(op.get("name").asText().substring(0, op.get("name").asText().indexOf('.')),
            op.get("count").asLong(), Long::sum);
      }
    }
    // the application's mix: stress_orders 36 of 70 logged statements, stress_check_in 34
    double ordersShare = executed.get("stress_orders") / (double) (executed.get("stress_orders")
        + executed.get("stress_check_in"));
    assertTrue(Math.abs(ordersShare - 36.0 / 70) < 0.05, "the mix across collections is the log's: " + executed);
    assertEquals(3, result.get("collections").size());
    assertEquals(6, result.get("mongodbCollections").size(), "3 collections in 2 phases");
    for (JsonNode row : result.get("mongodbCollections")) {
      boolean sessions = row.get("collection").asText().equals("stress_sessions");
      assertEquals(sessions, row.get("count").asLong() == 0, row.toString());
      assertEquals(sessions, row.hasNonNull("skipped"), row.toString());
      assertTrue(row.get("mongoEntries").asLong() > 0, row.toString());
    }
    assertEquals(12, result.get("mongodbComparison").size(), "6 operations in 2 phases");
    for (JsonNode row : result.get("mongodbComparison")) {
      assertTrue(row.get("count").asLong() > 0 && row.get("operation").asText().startsWith("stress_"), row.toString());
    }
    String page = Files.readString(out.resolve("report.html"));
    assertTrue(page.contains("stress_check_in (all operations)") && page.contains("stress_orders.find_id")
        && page.contains(">namespace</th>"), "the chart's bars and the per-collection table");
  }

  /** The "Slow query" entries of the log but those of one namespace, over the time from the first to the last. */
  private static double loggedRate(String leftOut) throws Exception {
    List<java.time.Instant> times = loggedTimes(Path.of(LOG), leftOut);
    double seconds = (times.get(times.size() - 1).toEpochMilli() - times.get(0).toEpochMilli()) / 1000.0;
    return times.size() / seconds;
  }

  /** The "Slow query" entries of the busiest second of a log (but those of one namespace). */
  private static long loggedPeak(Path log, String leftOut) throws Exception {
    Map<Long, Long> perSecond = new HashMap<>();
    loggedTimes(log, leftOut).forEach(t -> perSecond.merge(t.getEpochSecond(), 1L, Long::sum));
    return perSecond.values().stream().mapToLong(Long::longValue).max().orElseThrow();
  }

  private static List<java.time.Instant> loggedTimes(Path log, String leftOut) throws Exception {
    ObjectMapper json = new ObjectMapper();
    return Files.readAllLines(log).stream().map(line -> {
      try {
        return json.readTree(line);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }).filter(e -> e.get("id").asInt() == 51803 && !e.get("attr").get("ns").asText().equals(leftOut))
        .map(e -> java.time.OffsetDateTime.parse(e.get("t").get("$date").asText()).toInstant()).sorted().toList();
  }

  @Test
  void rateLogHoldsTheApplicationsLoggedRate() throws Exception {
    Path json = dir.resolve("rate.json");
    // the log's rate of the two collections that run: 70 statements over their span
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", dir.resolve("wl").toString(),
        "--skip-missing", "--rate", "log", "--warmup", "0", "--threads", "2", "--duration", "5s", "--json",
        json.toString());
    assertEquals(0, r.exitCode(), r.all());
    JsonNode result = new ObjectMapper().readTree(Files.readString(json));
    double target = result.get("settings").get("rate").asDouble();
    assertEquals(loggedRate("stress.sessions"), target, 1e-9, "the logged rate of the collections run");
    JsonNode total = result.get("phases").get(0).get("stats").get("total");
    assertNotNull(total);
    double achieved = total.get("opsPerSecond").asDouble();
    assertTrue(Math.abs(achieved - target) <= 0.05 * target, "achieved " + achieved + " ops/s of " + target);
  }

  /**
   * {@code --slo} with {@code --rate log}: the search starts at the logged rate and states the capacity as a multiple
   * of the logged rate of the collections that run (one skipped here).
   */
  @Test
  void aCapacitySearchFromTheLoggedRateGivesTheCapacityAsAMultipleOfIt() throws Exception {
    Path out = dir.resolve("slo");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", dir.resolve("wl").toString(),
        "--skip-missing", "--rate", "log", "--slo", "p90<=1s", "--slo-resolution", "50%", "--warmup", "0",
        "--threads", "1", "--duration", "1s", "--no-slo-check", "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("capacity search under p90<=1000ms: from 20.3 ops/s (the logged rate), doubling"),
        r.out());
    assertTrue(r.out().contains("step 1: 20.3 ops/s offered"), r.out());
    JsonNode search = new ObjectMapper().readTree(Files.readString(out.resolve("result.json"))).path("settings")
        .path("capacity");
    double ops = search.path("capacity ops/s").asDouble();
    assertTrue(r.out().contains("\ncapacity under p90<=1000ms: " + stress.report.capacity.CapacitySearchResult.rate(ops)
        + " ops/s"), r.out());
    String multiple = r.out().lines().filter(l -> l.startsWith("capacity x")).findFirst().orElseThrow();
    double running = loggedRate("stress.sessions");
    assertTrue(multiple.startsWith("capacity " + stress.report.Decimals.ratio(ops / running) + " the logged rate ("
        + stress.report.capacity.CapacitySearchResult.rate(running) + " ops/s"), "of the collections run, " + running + ": "
        + multiple);
    assertEquals(running, search.path("logged rate ops/s").asDouble(), 1e-9);
    assertEquals(search.path("capacity ops/s").asDouble() / running, search.path("multiple of the logged rate")
        .asDouble(), 1e-9);
    // a collection skipped: the application's busiest second is not that of the collections run
    assertTrue(!r.out().contains("the logged peak") && !search.has("logged peak ops/s")
        && !search.has("multiple of the logged peak"), r.out());
  }

  /**
   * Every collection runs (a log of the two imported ones): the capacity vouched for by the check's plain runs is also
   * a multiple of the application's logged peak, its busiest second, in the text and in result.json; none vouched for,
   * no multiple at all. Eight workers, so that one thread's pace is not what breaks the steps.
   */
  @Test
  void aVouchedCapacityIsAlsoAMultipleOfTheLoggedPeak() throws Exception {
    Path log = dir.resolve("two-collections.log");
    Files.write(log, Files.readAllLines(Path.of(LOG)).stream().filter(l -> !l.contains("\"stress.sessions\"")).toList());
    Path wl = dir.resolve("wl-two");
    CliTester.Result derived = CliTester.run("workload", "--from-log", log.toString(), "--out", wl.toString());
    assertEquals(0, derived.exitCode(), derived.all());
    Path out = dir.resolve("slo-peak");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", wl.toString(),
        "--rate", "log", "--slo", "p90<=1s", "--slo-resolution", "50%", "--warmup", "0", "--threads", "8",
        "--duration", "500ms", "--slo-check-duration", "1s", "--slo-window", "1s", "--out", out.toString());
    JsonNode search = new ObjectMapper().readTree(Files.readString(out.resolve("result.json"))).path("settings")
        .path("capacity");
    long peak = loggedPeak(log, "none");
    assertEquals(peak, search.path("logged peak ops/s").asDouble(), 0, "the search's request: " + search);
    boolean vouched = search.has("capacity ops/s");
    assertEquals(vouched ? 0 : 4, r.exitCode(), r.all());
    if (!vouched) {
      assertTrue(!r.out().contains("the logged peak (") && !search.has("multiple of the logged peak"), r.out());
      return;
    }
    double ops = search.path("capacity ops/s").asDouble();
    assertEquals(ops / peak, search.path("multiple of the logged peak").asDouble(), 1e-9);
    assertTrue(r.out().contains("\ncapacity " + stress.report.Decimals.ratio(ops / peak) + " the logged peak ("
        + peak + " ops/s, the statements of the log's busiest second)"), r.out());
  }
}
