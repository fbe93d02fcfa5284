package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * YCSB's core workloads A-F (config/ycsb/workload*.yaml over config/ycsb/operations.yaml), each run on the embedded
 * PostgreSQL over the documents of 'stress init': every operation of its mix executes, in proportions near the
 * mix's, with no error, under the distribution the file names.
 */
class YcsbWorkloadsTest {
  private static final int OPS = 4000;
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void loadPhase() {
    url = TestDatabase.newDatabaseUrl("ycsb");
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "10000");
    assertEquals(0, init.exitCode(), init.all());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "a | read=50,update=50          | scrambled zipfian",
      "b | read=95,update=5           | scrambled zipfian",
      "c | read=100                   | scrambled zipfian",
      "d | read=95,insert_record=5           | latest",
      "e | scan=95,insert_record=5           | scrambled zipfian",
      "f | read=50,read_modify_write=50 | scrambled zipfian"})
  void eachCoreWorkloadRunsItsMixWithoutErrors(String workload, String mix, String distribution) throws Exception {
    Path json = dir.resolve("ycsb-" + workload + ".json");
    CliTester.Result run = CliTester.run("--url", url, "-U", "postgres", "run", "--config",
        "config/ycsb/workload" + workload + ".yaml", "--threads", "2", "--ops", Integer.toString(OPS), "--warmup", "0",
        "--json", json.toString());
    assertEquals(0, run.exitCode(), run.all());
    assertTrue(run.out().contains("errors: none"), run.out());
    // the header names the mix (a mix of one operation by its name alone)
    assertTrue(run.out().contains("operations: " + (mix.contains(",") ? mix : mix.split("=")[0]) + "\n"), run.out());
    assertTrue(run.out().contains(distribution), "keys: " + distribution + "\n" + run.out());

    Map<String, Long> counts = new LinkedHashMap<>();
    JsonNode phase = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0);
    for (JsonNode o : phase.get("stats").get("operations")) {
      counts.put(o.get("name").asText(), o.get("count").asLong());
      assertEquals(0, o.get("errors").asLong(), o.toString());
    }
    long total = counts.values().stream().mapToLong(Long::longValue).sum();
    assertEquals(OPS, total, counts.toString());
    for (String part : mix.split(",")) {
      String name = part.split("=")[0];
      double share = Integer.parseInt(part.split("=")[1]) / 100.0;
      long count = counts.getOrDefault(name, 0L);
      // binomial: 4000 draws, within 5 standard deviations of the mix's share
      double sd = Math.sqrt(OPS * share * (1 - share));
      assertEquals(OPS * share, count, 5 * sd + 1, name + " of " + counts);
    }
  }
}
