package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.app.capacity.CapacityCheck;
import stress.testing.TestDatabase;

/**
 * {@code run --slo} on the embedded server: the steps of the search, each one line, the capacity line, and the
 * search in result.json. Steps are short (--duration 300ms: 300 operations at 1000 ops/s); the objective is one the
 * server keeps until one client thread cannot keep up with the rate, so the search ends.
 */
class CapacityRunTest {
  @TempDir
  static Path dir;
  private static String url;

  @BeforeAll
  static void data() {
    url = TestDatabase.newDatabaseUrl("capacity");
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "300");
    assertEquals(0, init.exitCode(), init.all());
  }

  @Test
  void theSearchPrintsEachStepAndTheCapacityAndKeepsThemInTheResult() throws Exception {
    Path out = dir.resolve("out");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads", "1",
        "--slo", "p99<=1s", "--slo-resolution", "50%",
        "--slo-check-duration", "1s", "--slo-window", "1s", "--rate", "1000", "--duration", "300ms", "--warmup",
        "0", "--out", out.toString());
    String text = r.out();
    assertTrue(text.contains("capacity search under p99<=1000ms: from 1000 ops/s, doubling until an objective"
        + " breaks"), text);
    assertTrue(text.contains("\nexpected: ") && text.contains(" steps (the check's 6-21 included, 2 s each)"),
        "the cost first: " + text);
    // each run of the check measures --slo-check-duration, read also window by window
    assertTrue(text.contains("x1.20 it to check it, each 1 s read also by 1-s windows"), text);
    assertTrue(text.lines().filter(l -> l.startsWith("checked: ")).allMatch(l -> l.matches(".*plain runs \\([^)]*\\)"
        + "(, and in [0-9]+ of [0-9]+ 1-s windows.*)?;.*")), text);
    List<String> steps = text.lines().filter(l -> l.startsWith("step ")).toList();
    List<String> checks = text.lines().filter(l -> l.startsWith("check ")).toList();
    assertTrue(steps.get(0).startsWith("step 1: 1000 ops/s offered, "), steps.get(0));
    assertTrue(text.lines().allMatch(l -> !l.matches("(step|check) [0-9]+.*") || l.length() < 160),
        "a step in under 160 characters: " + text);
    // doubled after a step held, halved after one broke (a cold first step may fall behind)
    assertTrue(steps.get(1).startsWith(steps.get(0).endsWith(": held") ? "step 2: 2000 ops/s offered"
        : "step 2: 500 ops/s offered"), steps.get(1));
    assertTrue(steps.stream().anyMatch(l -> l.contains("broke the rate (under 99%)")), "one thread falls behind: "
        + steps);
    String round = text.lines().filter(l -> l.startsWith("the search: ")).findFirst().orElseThrow();
    // the server's queue or, on a busy machine, the client's own CPU falls behind first: either is named
    boolean clientLimit = round.contains(" ops/s, a lower bound, as ") && round.contains(" was not achieved; ")
        && round.contains("the client's limit");
    assertTrue(clientLimit || round.contains(" ops/s, the highest rate held 3 offers running (resolution 50%); "),
        round);
    String capacity = text.lines().filter(l -> l.startsWith("capacity under p99<=1000ms: ")).findFirst().orElseThrow();
    // vouched for (exit 0) only when the check's plain runs held it; else none (exit 4), never a figure
    boolean vouched = capacity.contains(" plain runs") && !capacity.contains("none vouched for");
    assertEquals(vouched ? 0 : 4, r.exitCode(), r.all());
    // a capacity not vouched for is walked down: up to 3 runs more a level, each level said before its runs, and
    // where a level is vouched for, up to 3 at the rate between it and the one above, said the same way
    long levels = text.lines().filter(l -> l.startsWith("checking below, as ")).count();
    long between = text.lines().filter(l -> l.startsWith("checking between the level vouched for")).count();
    long levelRuns = text.lines().filter(l -> l.matches("check ([4-9]|1[0-9]): .*")).count();
    assertEquals(levels, text.lines().filter(l -> l.startsWith("checked below: ")).count(), text);
    assertEquals(between, text.lines().filter(l -> l.startsWith("checked between: ")).count(), text);
    assertTrue(between <= Math.min(1, levels), "a rate between only after a level: " + text);
    assertTrue(levelRuns >= levels + between && levelRuns <= 3 * (levels + between), levels + " levels, " + between
        + " between, " + levelRuns + " runs: " + text);
    assertEquals(clientLimit ? 0 : 6 + levelRuns, checks.size(), "3 runs at the capacity and 3 above: " + text);
    assertTrue(!text.contains("\nphase 1/"), "the steps' own phase output is not printed: " + text);

    JsonNode json = new ObjectMapper().readTree(Files.readString(out.resolve("result.json")));
    JsonNode search = json.path("settings").path("capacity");
    assertEquals("p99<=1000ms", search.path("objectives").get(0).asText());
    assertEquals(steps.size() + checks.size(), search.path("steps").size());
    assertEquals(steps.size() + checks.size(), json.path("phases").size(), "each step's phase is kept");
    assertEquals(capacity, search.path("answer").asText());
    assertEquals(vouched, search.has("capacity ops/s"), "a capacity in result.json only when vouched for");
    if (clientLimit) {
      return; // a lower bound: nothing was checked, and the CSV and report are as for any search
    }
    assertEquals(3, search.path("check").path("runs at the rate").asInt());
    assertEquals(levels, search.path("check").path("below").size(), search.path("check").toString());
    double found = search.path("rounds").get(0).path("capacity ops/s").asDouble();
    List<JsonNode> atCapacity = new java.util.ArrayList<>();
    search.path("steps").forEach(step -> {
      if (step.path("offered ops/s").asDouble() == found && !step.has("check run")) { // the search's, not its check's
        atCapacity.add(step);
      }
    });
    int running = 0;
    for (JsonNode step : atCapacity) {
      running = step.path("held").asBoolean() ? running + 1 : 0;
    }
    assertTrue(running >= (clientLimit ? 1 : 3), "the capacity held its last offers running: " + search);
    assertTrue(search.path("rounds").get(0).path("broke at ops/s").asDouble() > found, search.toString());
    // the same steps in capacity.csv (a header line, then a row each) and the knee in report.html
    assertEquals(steps.size() + checks.size() + 1, Files.readAllLines(out.resolve("capacity.csv")).size());
    assertTrue(Files.readString(out.resolve("report.html")).contains("<section id=\"capacity\">"));
  }

  @Test
  void eachCombinationOfTheListsIsSearchedAndTheCapacitiesCompared() throws Exception {
    Path out = dir.resolve("lists");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads", "1",
        "--mode", "prepared,plain", "--slo", "p99<=1s", "--slo-resolution", "50%",
        "--slo-check-duration", "1s", "--slo-window", "1s", "--rate", "1000", "--duration", "300ms",
        "--warmup", "0", "--out", out.toString());
    String text = r.out();
    assertEquals(text.contains("none vouched for") ? 4 : 0, r.exitCode(), "exit 4 when any combination has no"
        + " capacity vouched for, as for one search: " + r.all());
    assertTrue(text.contains("capacity search under p99<=1000ms of 2 combinations (mode=prepared; mode=plain), a round"
        + " of each in turn, interleaved"), text);
    assertTrue(text.contains("\nmode=prepared: step 1: 1000 ops/s offered") && text.contains("\nmode=plain: step 1:"
        + " 1000 ops/s offered"), "each combination's steps, named: " + text);
    assertTrue(text.contains("\nmode=plain: capacity under p99<=1000ms: "), text);
    String compared = text.substring(text.indexOf("capacities compared"));
    assertTrue(compared.startsWith("capacities compared (each round's answers paired with mode=prepared's of the same"
        + " round; differences beyond x1.50 are called):\n  mode=prepared: "), "the resolution is the least"
        + " difference: " + compared);
    assertTrue(compared.contains("\n  mode=plain: "), compared);
    // both vouched for at their rounds' answers: a ratio, without a verdict after one round; a capacity a busy host
    // left unvouched, or vouched for only below its rounds' answers: no pair
    boolean refuted = r.exitCode() == 4 || compared.contains("its check vouched for only");
    assertTrue(refuted ? compared.contains(": not compared: ") && !compared.contains("; vs mode=prepared x")
        : compared.contains("; vs mode=prepared x") && compared.contains(": 1 round: no noise estimate"), compared);
    assertTrue(!compared.contains("no capacity found") || r.exitCode() == 4, "a side vouched for is not 'no capacity"
        + " found': " + compared);

    JsonNode json = new ObjectMapper().readTree(Files.readString(out.resolve("result.json")));
    JsonNode search = json.path("settings").path("capacity");
    assertEquals("mode=prepared", search.path("compared").get(0).path("combination").asText());
    assertEquals("mode=plain", search.path("comparison").path("rows").get(0).path("combination").asText());
    int steps = search.path("compared").get(0).path("steps").size() + search.path("compared").get(1).path("steps")
        .size();
    assertEquals(steps, json.path("phases").size(), "each step's phase is kept");
    assertTrue(json.path("phases").findValuesAsText("mode").containsAll(List.of("prepared", "plain")));
  }

  /**
   * {@code --instances 2}: each step is offered by two processes of this tool, each half the rate, and their merged
   * histograms give the step its one verdict.
   */
  @Test
  void instancesOnThisHostOfferEachStepTogether() throws Exception {
    Path out = dir.resolve("instances");
    // new processes each step: a warm-up, a low rate; the steps, not the search's end, are what this test reads, so
    // a time limit ends the search after a few (a whole search of new processes took over two minutes)
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads", "1",
        "--instances", "2", "--slo", "p99<=1s", "--slo-resolution", "50%", "--rate", "200", "--duration", "1500ms",
        "--warmup", "1s", "--no-slo-check", "--slo-time-limit", "12s", "--out", out.toString());

    assertTrue(r.out().contains("\nthe search stopped at its time limit of 12 s"), r.out());
    assertEquals(4, r.exitCode(), r.all());
    assertTrue(!r.out().contains("\ncheck 1: "), "no check with --no-slo-check: " + r.out());
    assertTrue(r.out().contains("each step offered by 2 instances on this host together, each a 1/2 share of the rate,"
        + " their histograms merged into one verdict"), r.out());
    assertTrue(r.out().contains("\nstep 1: 200 ops/s offered, "), r.out());
    assertTrue(r.out().contains("\ncapacity under p99<=1000ms: "), r.out());
    JsonNode json = new ObjectMapper().readTree(Files.readString(out.resolve("result.json")));
    JsonNode steps = json.path("settings").path("capacity").path("steps");
    assertEquals(steps.size(), json.path("phases").size(), "each step's merged phase is kept");
    // about 150 executions by each instance (100 ops/s for 1.5 s), merged: more than one instance alone ran
    long executions = json.path("phases").get(0).path("stats").path("total").path("count").asLong()
        + json.path("phases").get(0).path("stats").path("total").path("errorCount").asLong();
    assertTrue(executions > 180, executions + " executions in the merged step: " + json.path("phases").get(0));
  }

  /**
   * No rate vouched for is one outcome with one exit code, 4, alone and in a comparison of tables: an objective no
   * lookup meets (p50 within a microsecond) breaks at every rate, its cause the operation's own time, never a figure.
   */
  @Test
  void noCapacityExitsFourAloneAndInAComparisonOfTables() {
    CliTester.Result alone = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads",
        "1", "--slo", "p50<=0.001ms", "--rate", "400", "--duration", "750ms", "--warmup", "0");
    assertEquals(4, alone.exitCode(), alone.all());
    assertTrue(alone.out().contains("\ncapacity under p50<=0.001ms: none vouched for: "), alone.out());
    // no execution took under a microsecond: the search ends at its first step, saying so, with no advice to warm up
    assertTrue(alone.out().contains("cause: an objective below the fastest execution (the fastest execution of any"
        + " step took "), alone.out());
    assertTrue(alone.out().split("\nstep ", -1).length == 2, "one step: " + alone.out());
    assertTrue(!alone.out().contains("--warmup"), alone.out());
    assertTrue(!alone.out().contains("\ncheck 1: "), "nothing found, nothing checked: " + alone.out());

    CliTester.Result tables = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads",
        "1", "--compare-tables", "check_in,check_in_copy", "--slo", "p50<=0.001ms", "--rate", "400", "--duration",
        "750ms", "--warmup", "0");
    assertEquals(4, tables.exitCode(), tables.all());
    assertTrue(tables.out().contains("table check_in: capacity under p50<=0.001ms: none vouched for: "), tables.out());
  }

  @Test
  void aTablePerThreadListAndABadObjectiveAreRefusedInOneLine() {
    CliTester.Result lists = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "new_key",
        "--table-per-thread", "no,yes", "--slo", "p99<=5ms");
    assertEquals(2, lists.exitCode(), lists.all());
    assertTrue(lists.err().contains("--slo with --table-per-thread no,yes: give one value"), lists.err());
    CliTester.Result bad = CliTester.run("--url", url, "-U", "postgres", "run", "--slo", "p99<5ms");
    assertEquals(2, bad.exitCode(), bad.all());
    assertTrue(bad.err().contains("--slo 'p99<5ms': an objective is FIGURE<=LIMIT"), bad.err());
  }

  /**
   * Options that would do nothing are refused in one line naming the option and the rule, exit 2, before anything
   * connects (no server listens on the URL's port): --no-slo-check without --slo, --explain and --ops with --slo.
   */
  @Test
  void optionsThatWouldDoNothingAreRefusedInOneLineBeforeConnecting() {
    String nowhere = "jdbc:postgresql://127.0.0.1:1/nowhere";
    CliTester.Result noSearch = CliTester.run("--url", nowhere, "-U", "postgres", "run", "--no-slo-check", "--ops",
        "10");
    assertEquals(2, noSearch.exitCode(), noSearch.all());
    assertEquals(List.of("stress: --no-slo-check skips the check after a capacity search: only with --slo"),
        noSearch.err().lines().toList());
    CliTester.Result explained = CliTester.run("--url", nowhere, "-U", "postgres", "run", "--slo", "p99<=5ms",
        "--explain");
    assertEquals(2, explained.exitCode(), explained.all());
    assertEquals(List.of("stress: --explain with --slo: a capacity search's steps are not explained; run 'stress"
        + " explain' with the same options for the routes"), explained.err().lines().toList());
    CliTester.Result both = CliTester.run("--url", nowhere, "-U", "postgres", "run", "--slo", "p99<=5ms",
        "--explain", "--no-slo-check", "--instances", "2");
    assertEquals(2, both.exitCode(), both.all());
    assertTrue(both.err().startsWith("stress: --explain with --slo: ") && both.err().lines().count() == 1,
        "with --instances too, before any instance starts: " + both.err());
    // a step of N executions lasts N / rate: the steps of a search would shorten as it offers more
    for (List<String> options : List.of(List.of("--ops", "300"), List.of("--ops", "300", "--instances", "2"))) {
      List<String> args = new java.util.ArrayList<>(List.of("--url", nowhere, "-U", "postgres", "run", "--slo",
          "p99<=5ms"));
      args.addAll(options);
      CliTester.Result byCount = CliTester.run(args.toArray(String[]::new));
      assertEquals(2, byCount.exitCode(), byCount.all());
      assertEquals(List.of("stress: --ops with --slo: a step measured by a count of executions shortens as the rate"
          + " offered rises, so a search's steps are measured by time (--duration)"), byCount.err().lines().toList());
    }
    CliTester.Result window = CliTester.run("--url", nowhere, "-U", "postgres", "run", "--slo-window", "5s", "--ops",
        "10");
    assertEquals(2, window.exitCode(), window.all());
    assertEquals(List.of("stress: --slo-window sets the runs of the check after a capacity search: only with --slo,"
        + " without --no-slo-check"), window.err().lines().toList());
    CliTester.Result longer = CliTester.run("--url", nowhere, "-U", "postgres", "run", "--slo", "p99<=5ms",
        "--slo-check-duration", "2s", "--slo-window", "5s");
    assertEquals(2, longer.exitCode(), longer.all());
    assertTrue(longer.err().contains("--slo-window 5.0s with --slo-check-duration 2.0s: a window is above zero and no"
        + " longer than a run of the check"), longer.err());
    CliTester.Result limited = CliTester.run("--url", nowhere, "-U", "postgres", "run", "--slo-time-limit", "5m",
        "--ops", "10");
    assertEquals(2, limited.exitCode(), limited.all());
    assertEquals(List.of("stress: --slo-time-limit limits a capacity search: only with --slo"),
        limited.err().lines().toList());
    CliTester.Result zero = CliTester.run("--url", nowhere, "-U", "postgres", "run", "--slo", "p99<=5ms",
        "--slo-time-limit", "0s");
    assertEquals(2, zero.exitCode(), zero.all());
    assertEquals(List.of("stress: --slo-time-limit must be above zero, got '0s'"), zero.err().lines().toList());
  }

  /**
   * A search held to a time limit starts no step expected to end after it: steps of 0.3 s and a second to set up
   * each, an objective every step holds (so the search would double for many steps), a limit of 3 s: a few steps, then
   * the search stops and says so, no round ended, no capacity (exit 4), and result.json says why.
   */
  @Test
  void aTimeLimitStopsTheSearchBeforeAStepThatWouldEndAfterIt() throws Exception {
    // p50, judged on a few executions: a busy host's short step that falls behind is still judged, so the round goes
    // on (a p99 step of too few executions ends the round at once, before the limit, as seen in CI)
    Path out = dir.resolve("limited");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads", "1",
        "--slo", "p50<=1s", "--rate", "1000", "--duration", "300ms", "--warmup", "0", "--slo-time-limit", "3s",
        "--out", out.toString());
    assertEquals(4, r.exitCode(), r.all());
    String said = "the search stopped at its time limit of 3 s, its next step expected to end after it: only rounds"
        + " that ended give an answer";
    assertTrue(r.out().contains("\n" + said + "\n"), r.out());
    assertTrue(r.out().contains("capacity under p50<=1000ms: no round ended, no capacity"), r.out());
    assertTrue(!r.out().contains("\ncheck 1: "), "nothing to check: " + r.out());
    JsonNode capacity = new ObjectMapper().readTree(Files.readString(out.resolve("result.json"))).path("settings")
        .path("capacity");
    assertEquals(said, capacity.path("time limit").asText(), capacity.toString());
    assertEquals("capacity under p50<=1000ms: none vouched for: no round ended", capacity.path("answer").asText(),
        capacity.toString());
    assertTrue(!r.out().contains("no round found one"), "said once: " + r.out());
    // a step is expected to take 1.3 s (none starts expected to end after the limit), and may take less: a handful
    // ran, where a whole search (growing, bisecting to 5%, three offers confirming) takes at least nine
    int steps = capacity.path("steps").size();
    assertTrue(steps >= 1 && steps < 9, steps + " steps in a limit of 3 s: " + r.out());
  }

  /**
   * A capacity whose check stalls is not printed: the search runs on a lookup of about 2 ms, and once the output says
   * the check begins, a switch in the database makes a tenth of the executions sleep 60 ms, so every run of the check
   * breaks p99<=50ms. The answer is "none vouched for" with exit 4, never the figure the search found.
   */
  @Test
  void aCapacityWhoseCheckStallsIsNotVouchedFor() throws Exception {
    Path json = dir.resolve("stalled.json");
    Stalled run = stalledCheck("stall_switch", json, null);
    String text = run.text();
    assertEquals(4, run.code(), text);
    String capacity = text.lines().filter(l -> l.startsWith("capacity under p99<=50ms: ")).findFirst().orElseThrow();
    assertTrue(capacity.startsWith("capacity under p99<=50ms: none vouched for: the search found ")
        && capacity.contains(" ops/s, but it held in only "), capacity);
    assertTrue(text.contains(": the capacity the search found did not hold in every plain run at it"), text);
    // the stalls go on at every rate: the walk down ends each level at its first broken run, down to its floor
    assertTrue(capacity.endsWith("; the walk down stopped at its floor, 0.41 of the capacity found"), capacity);
    assertEquals(CapacityCheck.LEVELS, text.lines().filter(l -> l.startsWith("checked below: ")
        && l.contains(" in 0 of 1 plain runs ")).count(), text);
    assertTrue(!text.contains("checking between"), "no level vouched for, nothing between: " + text);
    JsonNode search = new ObjectMapper().readTree(json.toFile()).path("settings").path("capacity");
    assertEquals(false, search.path("vouched for").asBoolean(true), search.toString());
    assertTrue(!search.has("capacity ops/s"), "no capacity in result.json: " + search);
  }

  /**
   * The stalls of the check end as the walk down begins: the first level vouched for (on a busy host, a lower one), the
   * rate between it and the one above is checked, said before and after its runs, and the answer is its rate where it
   * held, else the level's, with the rate between said as refuted.
   */
  @Test
  void theRateBetweenALevelVouchedForAndTheOneAboveIsCheckedToo() throws Exception {
    Path json = dir.resolve("between.json");
    Stalled run = stalledCheck("stall_switch_between", json, "\nchecking below, as ");
    String text = run.text();
    if (run.code() == 4) {
      // a host busy enough to break every level: nothing between to check, and nothing said of it
      assertTrue(!text.contains("checking between") && text.contains("; the walk down stopped at its floor"), text);
      return;
    }
    assertEquals(0, run.code(), text);
    assertTrue(text.contains("\nchecking between the level vouched for and the one above it: up to 3 plain runs at "),
        text);
    String between = text.lines().filter(l -> l.startsWith("checked between: ")).findFirst().orElseThrow();
    String capacity = text.lines().filter(l -> l.startsWith("capacity under p99<=50ms: ")).findFirst().orElseThrow();
    JsonNode check = new ObjectMapper().readTree(json.toFile()).path("settings").path("capacity").path("check");
    double rate = check.path("between").path("ops/s").asDouble();
    assertTrue(between.startsWith("checked between: " + stress.app.capacity.CapacityText.rate(rate) + " ops/s ("),
        between);
    if (check.path("between").path("vouched for").asBoolean()) {
      assertTrue(between.endsWith(": the capacity vouched for") && capacity.startsWith("capacity under p99<=50ms: "
          + stress.app.capacity.CapacityText.rate(rate) + " ops/s, "), between + "\n" + capacity);
    } else {
      assertTrue(between.contains(": not vouched for (") && capacity.contains("; and "
          + stress.app.capacity.CapacityText.rate(rate) + " ops/s, between the answer and the rate above it, was not"
          + " vouched for ("), between + "\n" + capacity);
    }
  }

  private record Stalled(int code, String text) {}

  /**
   * A search on a lookup of about 2 ms whose check stalls: once the output says the check begins, a switch in the
   * database ({@code table}) makes a tenth of the executions sleep 60 ms, so every run breaks p99<=50ms; where
   * {@code endAt} is given, the switch flips back once the output matches it. Conditions, not clocks.
   */
  private Stalled stalledCheck(String table, Path json, String endAt) throws Exception {
    try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement st = c.createStatement()) {
      st.execute("CREATE TABLE " + table + " (stalled boolean NOT NULL)");
      st.execute("INSERT INTO " + table + " VALUES (false)");
    }
    Path workload = dir.resolve(table + ".yaml");
    Files.writeString(workload, """
        operations:
          lookup:
            sql: >-
              SELECT _id, pg_sleep(CASE WHEN (SELECT stalled FROM %s) AND random() < 0.1 THEN 0.06
              ELSE 0.002 END) FROM {table} WHERE _id = :id
            params:
              id: key
        """.formatted(table));
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.CompletableFuture<Boolean> stalled = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      boolean on = false;
      while (!done.get()) {
        String printed = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        boolean flip = !on ? printed.contains("\nchecking the capacity found: ")
            : endAt != null && java.util.regex.Pattern.compile(endAt).matcher(printed).find();
        if (flip) {
          try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement st = c.createStatement()) {
            st.execute("UPDATE " + table + " SET stalled = " + !on);
          } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
          }
          if (on) {
            return true;
          }
          on = true;
          if (endAt == null) {
            return true;
          }
        }
        java.util.concurrent.locks.LockSupport.parkNanos(5_000_000);
      }
      return on;
    });
    int code;
    try (java.io.PrintStream o = new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8);
         java.io.PrintStream e = new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8)) {
      code = new Cli(o, e).execute("--url", url, "-U", "postgres", "run", "--workload", workload.toString(),
          "--threads", "1", "--slo", "p99<=50ms", "--slo-resolution", "50%",
          "--slo-check-duration", "1s", "--slo-window", "1s", "--rate", "100", "--duration", "3s",
          "--warmup", "0", "--json", json.toString());
    } finally {
      done.set(true);
    }
    String text = out.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(stalled.get(), "the search found a capacity and its check began: " + text + err);
    return new Stalled(code, text + err.toString(java.nio.charset.StandardCharsets.UTF_8));
  }
}
