package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/** --config: a YAML file between the command line (which wins) and the defaults; unknown keys are errors. */
class ConfigFileTest {
  @TempDir
  Path dir;

  @Test
  void listsInTheFileBecomePhasesAndTheCommandLineWins() throws Exception {
    String url = TestDatabase.newDatabaseUrl("config");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "500").exitCode());
    Path json = dir.resolve("r.json");
    Path yaml = dir.resolve("scenario.yaml");
    Files.writeString(yaml, String.join("\n",
        "op: find_first",
        "threads: 3",
        "duration: 300ms",
        "warmup: 0",
        "mode: [prepared, plain]",
        "set:",
        "  - work_mem=5MB,6MB",
        "  - application_name=scenario",
        "json: " + json));
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--config", yaml.toString(),
        "--threads", "2");
    assertEquals(0, r.exitCode(), r.all());
    JsonNode phases = new ObjectMapper().readTree(Files.readString(json)).get("phases");
    List<String> labels = new ArrayList<>();
    phases.forEach(p -> labels.add(p.get("label").asText()));
    assertEquals(List.of(
        "mode=prepared pool=none threads=2 work_mem=5MB application_name=scenario",
        "mode=prepared pool=none threads=2 work_mem=6MB application_name=scenario",
        "mode=plain pool=none threads=2 work_mem=5MB application_name=scenario",
        "mode=plain pool=none threads=2 work_mem=6MB application_name=scenario"), labels);
    assertEquals("scenario", phases.get(0).get("settingsReadBack").get("application_name").asText());
  }

  @Test
  void anUnknownKeyIsAnErrorListingTheKnownOnes() throws Exception {
    Path yaml = dir.resolve("bad.yaml");
    Files.writeString(yaml, "threads: 4\nthread_count: 8\n");
    CliTester.Result r = CliTester.run("run", "--config", yaml.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("stress: --config " + yaml + ": unknown option(s) [thread_count]; known: "), r.err());
  }

  @Test
  void theShippedSeedScenariosParse() throws Exception {
    try (var files = Files.list(Path.of("config"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).toList()) {
        // --help parses the file and every option but runs nothing
        CliTester.Result r = CliTester.run("run", "--config", f.toString(), "--help");
        assertEquals(0, r.exitCode(), f + ": " + r.all());
      }
    }
  }
}
