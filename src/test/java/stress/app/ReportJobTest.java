package stress.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.app.process.ExitCode;

/** {@code stress report BEFORE AFTER} without {@code --out}: the page goes where the README's results go. */
class ReportJobTest {
  @TempDir
  Path dir;

  private Path run(String name, String startTime) throws IOException {
    Path run = Files.createDirectories(dir.resolve("runs").resolve(name));
    ObjectMapper json = new ObjectMapper();
    try (InputStream in = ReportJobTest.class.getResourceAsStream("/stress/report/run-result.json")) {
      ObjectNode tree = (ObjectNode) json.readTree(in);
      tree.put("startTime", startTime);
      json.writeValue(run.resolve("result.json").toFile(), tree);
    }
    return run;
  }

  @Test
  void twoRunsWithoutOutAreWrittenIntoTheResultsDirectoryAndThePathIsPrinted() throws IOException {
    Path before = run("before", "2030-01-01T00:00:00Z");
    Path after = run("after", "2030-01-02T00:00:00Z");
    Path results = dir.resolve("results"); // not there yet: made for the page
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ExitCode code = ReportJob.run(List.of(before, after), null, results,
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertEquals(ExitCode.OK, code);
    Path page = results.resolve("report-before-vs-after.html");
    assertTrue(Files.readString(page).contains("<title>stress report: before vs after</title>"), "the page");
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out.endsWith("report: " + page + "\n"), out);
    try (var left = Files.list(dir)) {
      assertEquals(List.of("results", "runs"), left.map(p -> p.getFileName().toString()).sorted().toList(),
          "nothing beside the runs but the results directory");
    }
  }

  @Test
  void theDefaultResultsDirectoryIsTheOneTheReadmeWritesAndGitIgnores() throws IOException {
    assertEquals(Path.of("results"), ReportJob.RESULTS_DIRECTORY);
    assertTrue(Files.readString(Path.of("README.md")).contains("--out results/"), "the tour's results directory");
    assertTrue(Files.readAllLines(Path.of(".gitignore")).contains("/results/"), "ignored in a clone");
  }

  @Test
  void runsNamedByTheirPathsGiveAFileNameWithoutSeparators() throws IOException {
    Path before = run("same", "2030-01-01T00:00:00Z");
    Path other = Files.createDirectories(dir.resolve("elsewhere"));
    Path after = Files.move(run("x", "2030-01-02T00:00:00Z"), other.resolve("same"));
    Path results = dir.resolve("results");
    ReportJob.run(List.of(before, after), null, results, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8));
    try (var pages = Files.list(results)) {
      List<String> names = pages.map(p -> p.getFileName().toString()).toList();
      assertEquals(1, names.size(), names.toString());
      assertTrue(names.get(0).matches("report-[A-Za-z0-9._-]+runs_same-vs-[A-Za-z0-9._-]+elsewhere_same\\.html"),
          names.toString());
    }
  }
}
