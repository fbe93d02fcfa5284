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
import stress.testing.TestDatabase;

/**
 * {@code run --slo} on the embedded server: the steps of the search, each one line, the capacity line, and the
 * search in result.json. Steps end by --ops (300 operations at the offered rate), so no test waits on a clock; the
 * objective is one the server keeps until one client thread cannot keep up with the rate, so the search ends.
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
        "--slo", "p99<=1s", "--slo-resolution", "50%", "--rate", "1000", "--ops", "300", "--warmup", "0",
        "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    String text = r.out();
    assertTrue(text.contains("capacity search under p99<=1000ms: from 1000 ops/s, doubling until an objective"
        + " breaks"), text);
    List<String> steps = text.lines().filter(l -> l.startsWith("step ")).toList();
    assertTrue(steps.get(0).startsWith("step 1: offered 1000 ops/s, achieved "), steps.get(0));
    // doubled after a step held, halved after one broke (a cold first step may fall behind)
    assertTrue(steps.get(1).startsWith(steps.get(0).endsWith(": held") ? "step 2: offered 2000 ops/s"
        : "step 2: offered 500 ops/s"), steps.get(1));
    assertTrue(steps.stream().anyMatch(l -> l.contains("broken (achieved ")), "one thread falls behind: " + steps);
    String capacity = text.lines().filter(l -> l.startsWith("capacity under p99<=1000ms: ")).findFirst().orElseThrow();
    // the server's queue or, on a busy machine, the client's own CPU falls behind first: either is named
    boolean clientLimit = capacity.contains(" ops/s: the client could not offer ");
    assertTrue(clientLimit || capacity.contains(" ops/s, the highest rate held 3 offers running (resolution 50%); "),
        capacity);
    assertTrue(!text.contains("\nphase 1/"), "the steps' own phase output is not printed: " + text);

    JsonNode json = new ObjectMapper().readTree(Files.readString(out.resolve("result.json")));
    JsonNode search = json.path("settings").path("capacity");
    assertEquals("p99<=1000ms", search.path("objectives").get(0).asText());
    assertEquals(steps.size(), search.path("steps").size());
    assertEquals(steps.size(), json.path("phases").size(), "each step's phase is kept");
    double found = search.path("capacity ops/s").asDouble();
    List<JsonNode> atCapacity = new java.util.ArrayList<>();
    search.path("steps").forEach(step -> {
      if (step.path("offered ops/s").asDouble() == found) {
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
    assertEquals(steps.size() + 1, Files.readAllLines(out.resolve("capacity.csv")).size());
    assertTrue(Files.readString(out.resolve("report.html")).contains("<section id=\"capacity\">"));
  }

  @Test
  void eachCombinationOfTheListsIsSearchedAndTheCapacitiesCompared() throws Exception {
    Path out = dir.resolve("lists");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads", "1",
        "--mode", "prepared,plain", "--slo", "p99<=1s", "--slo-resolution", "50%", "--rate", "1000", "--ops", "300",
        "--warmup", "0", "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    String text = r.out();
    assertTrue(text.contains("capacity search under p99<=1000ms of 2 combinations (mode=prepared; mode=plain), a round"
        + " of each in turn, interleaved"), text);
    assertTrue(text.contains("\nmode=prepared: step 1: offered 1000 ops/s") && text.contains("\nmode=plain: step 1:"
        + " offered 1000 ops/s"), "each combination's steps, named: " + text);
    assertTrue(text.contains("\nmode=plain: capacity under p99<=1000ms: "), text);
    String compared = text.substring(text.indexOf("capacities compared"));
    assertTrue(compared.startsWith("capacities compared (each round's answers paired with mode=prepared's of the same"
        + " round; differences beyond x1.50 are called):\n  mode=prepared: "), "the resolution is the least"
        + " difference: " + compared);
    assertTrue(compared.contains("\n  mode=plain: ") && compared.contains("; vs mode=prepared x")
        && compared.contains(": 1 round: no noise estimate"), compared);

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
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads", "1",
        "--instances", "2", "--slo", "p99<=1s", "--slo-resolution", "50%", "--rate", "200", "--ops", "300",
        "--warmup", "1s", "--out", out.toString()); // each step's processes are new: a warm-up, and a low rate

    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("each step offered by 2 instances on this host together, each a 1/2 share of the rate,"
        + " their histograms merged into one verdict"), r.out());
    assertTrue(r.out().contains("\nstep 1: offered 200 ops/s, achieved "), r.out());
    assertTrue(r.out().contains("\ncapacity under p99<=1000ms: "), r.out());
    JsonNode json = new ObjectMapper().readTree(Files.readString(out.resolve("result.json")));
    JsonNode steps = json.path("settings").path("capacity").path("steps");
    assertEquals(steps.size(), json.path("phases").size(), "each step's merged phase is kept");
    assertEquals(300, json.path("phases").get(0).path("stats").path("total").path("count").asLong()
        + json.path("phases").get(0).path("stats").path("total").path("errorCount").asLong(),
        "150 operations by each instance, merged");
  }

  @Test
  void aTablePerThreadListAndABadObjectiveAreRefusedInOneLine() {
    CliTester.Result lists = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "new_key",
        "--table-per-thread", "no,yes", "--slo", "p99<=5ms", "--ops", "10");
    assertEquals(2, lists.exitCode(), lists.all());
    assertTrue(lists.err().contains("--slo with --table-per-thread no,yes: give one value"), lists.err());
    CliTester.Result bad = CliTester.run("--url", url, "-U", "postgres", "run", "--slo", "p99<5ms", "--ops", "10");
    assertEquals(2, bad.exitCode(), bad.all());
    assertTrue(bad.err().contains("--slo 'p99<5ms': an objective is FIGURE<=LIMIT"), bad.err());
  }
}
