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

  /**
   * A relative path inside the file is taken from the file's folder (here the workload file and the result file
   * beside it); a relative path on the command line from the working directory (the repository's root here).
   */
  @Test
  void relativePathsInTheFileAreTakenFromItsFolderAndOnTheCommandLineFromTheWorkingDirectory() throws Exception {
    String url = TestDatabase.newDatabaseUrl("config");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "500").exitCode());
    Path folder = Files.createDirectories(dir.resolve("scenarios"));
    Files.writeString(folder.resolve("mine.yaml"), String.join("\n",
        "operations:",
        "  by_key:",
        "    sql: SELECT _id, data FROM {table} WHERE _id = :id",
        "    params:",
        "      id: key"));
    Path yaml = Files.writeString(folder.resolve("scenario.yaml"), String.join("\n",
        "workload: mine.yaml", "op: by_key", "ops: 50", "warmup: 0", "json: result.json"));
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--config", yaml.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("workload file: " + folder.resolve("mine.yaml")), r.out());
    assertTrue(Files.isRegularFile(folder.resolve("result.json")), "the result lands beside the file");

    CliTester.Result commandLine = CliTester.run("--url", url, "-U", "postgres", "run", "--config", yaml.toString(),
        "--workload", "config/ycsb/operations.yaml", "--op", "read", "--json", dir.resolve("cl.json").toString());
    assertEquals(0, commandLine.exitCode(), commandLine.all());
    assertTrue(commandLine.out().contains("workload file: config/ycsb/operations.yaml\n"), commandLine.out());
  }

  /** The shipped YCSB files name their operations file by its place beside them: they run from any directory. */
  @Test
  void aShippedYcsbFileRunsFromAnotherWorkingDirectory() throws Exception {
    String url = TestDatabase.newDatabaseUrl("config");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "500").exitCode());
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    ChildJvm.Result r = ChildJvm.run(elsewhere, java.util.Map.of(), 600, "--url", url, "-U", "postgres", "run",
        "--config", Path.of("config/ycsb/workloadc.yaml").toAbsolutePath().toString(), "--ops", "100", "--threads",
        "1", "--warmup", "0");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("workload file: " + Path.of("config/ycsb/operations.yaml").toAbsolutePath()),
        r.out());
    assertTrue(r.out().contains("errors: none"), r.out());
  }

  @Test
  void anUnknownKeyIsOneLineAtItsPlaceWithTheNearestOptions() throws Exception {
    Path yaml = dir.resolve("bad.yaml");
    Files.writeString(yaml, "threads: 4\n  # the pool\nthread: 8\npol: hikari\n");
    CliTester.Result r = CliTester.run("run", "--config", yaml.toString());
    assertEquals(2, r.exitCode());
    assertEquals("stress: --config " + yaml + ":3:1: unknown option 'thread'; did you mean threads? (1 more unknown:"
        + " pol)", r.err().strip());

    Files.writeString(yaml, "threads: 4\nzzzqqq: 8\n");
    r = CliTester.run("run", "--config", yaml.toString());
    assertEquals("stress: --config " + yaml + ":2:1: unknown option 'zzzqqq'; see 'stress help COMMAND' for the"
        + " options", r.err().strip());
  }

  @Test
  void aYamlMistakeInAConfigOrWorkloadFileIsOneLineWithFileLineAndColumn() throws Exception {
    String url = TestDatabase.url("postgres");
    String[][] configs = {
        {"threads: 4\nduration: [5s\nop: find\n",
            ":2:11: not valid YAML: the '[' here is not closed: line 3, column 3 should go on with ',' or end with ']'"},
        {"threads: 4\n  duration: 5s\n", ":2:11: not valid YAML: a ':' where YAML takes none: is this line indented"
            + " further than the key above it, or does an unquoted value hold ': ' (then quote the value)?"},
        {"threads: \"4\n", ":1:10: not valid YAML: the quote here is never closed"},
        {"\tthreads: 4\n", ":1:1: not valid YAML: a tab indents this line; YAML indents with spaces only"},
        {"threads: 4\nthreads: 5\n", ":2: option 'threads' is given twice"}};
    for (String[] c : configs) {
      Path yaml = Files.writeString(dir.resolve("broken.yaml"), c[0]);
      CliTester.Result r = CliTester.run("--url", url, "run", "--config", yaml.toString());
      assertEquals(2, r.exitCode(), r.all());
      assertEquals("stress: --config " + yaml + c[1], r.err().lines().findFirst().orElseThrow());
      assertEquals(1, r.err().strip().lines().count(), r.err());
    }
    String[][] workloads = {
        {"operations:\n  a:\n    sql: SELECT 1\n   weight: 3\n", ":4:4: not valid YAML: this line is indented to no"
            + " level of the map that starts at line 2, column 3: indent it as a key of that map or of one around it"},
        {"operations:\n  a:\n    find: {filter: {x: \":p\"}\n    params:\n      p: key\n", ":3:11: not valid YAML:"
            + " the '{' here is not closed: line 4, column 5 should go on with ',' or end with '}'"},
        {"operations:\n  a:\n    sql: \"SELECT 1\n", ":3:10: not valid YAML: the quote here is never closed"},
        {"operations:\n\ta:\n", ":2:1: not valid YAML: a tab indents this line; YAML indents with spaces only"}};
    for (String[] w : workloads) {
      Path yaml = Files.writeString(dir.resolve("own.yaml"), w[0]);
      CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", yaml.toString());
      assertEquals(2, r.exitCode(), r.all());
      assertEquals("stress: " + yaml + w[1], r.err().lines().findFirst().orElseThrow());
      assertEquals(1, r.err().strip().lines().count(), r.err());
    }
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
