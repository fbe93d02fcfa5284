package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stress report}: where the page goes, how runs are named, and bad arguments. */
class ReportCommandTest {
  @TempDir
  Path dir;

  private Path runDirectory(String name) throws IOException {
    Path run = Files.createDirectories(dir.resolve(name));
    try (InputStream in = ReportCommandTest.class.getResourceAsStream("/stress/report/run-result.json")) {
      Files.copy(in, run.resolve("result.json"));
    }
    return run;
  }

  /** A run directory holding the same measurements as {@link #runDirectory} but another run's start. */
  private Path otherRunDirectory(String name) throws IOException {
    Path run = runDirectory(name);
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode)
        json.readTree(run.resolve("result.json").toFile());
    tree.put("startTime", "2030-01-02T03:04:05Z");
    json.writeValue(run.resolve("result.json").toFile(), tree);
    return run;
  }

  @Test
  void oneRunDirectoryGetsReportHtmlBesideItsResult() throws IOException {
    Path run = runDirectory("xl-run");
    CliTester.Result r = CliTester.run("report", run.toString());
    assertEquals(0, r.exitCode(), r.all());
    Path page = run.resolve("report.html");
    assertEquals("report: " + page + "\n", r.out());
    String html = Files.readString(page);
    assertTrue(html.contains("<title>stress report: xl-run</title>"), html.substring(0, 300));
    assertTrue(html.contains("postgres-xl"), "the detected target is in the header");
  }

  @Test
  void aResultFileMayBeGivenInsteadOfItsDirectory() throws IOException {
    Path run = runDirectory("by-file");
    Path out = dir.resolve("page.html");
    CliTester.Result r = CliTester.run("report", run.resolve("result.json").toString(), "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(Files.readString(out).contains("<title>stress report: by-file</title>"));
  }

  @Test
  void twoRunsAreOverlaidUnderTheirDirectoryNames() throws IOException {
    Path before = runDirectory("before");
    Path after = otherRunDirectory("after");
    Path out = dir.resolve("compare.html");
    CliTester.Result r = CliTester.run("report", before.toString(), after.toString(), "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    String html = Files.readString(out);
    assertTrue(html.contains("<title>stress report: before vs after</title>"));
    assertTrue(html.contains("<th>before · ops/s</th>") && html.contains("<th>after · ops/s</th>"), "comparison per run");
    assertFalse(Files.exists(before.resolve("report.html")), "an overlay does not write into a run directory");
    assertTrue(r.out().startsWith("the two runs have the same target, workload, table and settings\n"), r.out());
    assertTrue(r.out().contains("cannot judge noise between after and before: before ran each combination once"),
        r.out());
  }

  @Test
  void twoRunsOfDifferentTablesAndOperationsSaySoFirst() throws IOException {
    Path before = runDirectory("one");
    Path after = runDirectory("other");
    Path result = after.resolve("result.json");
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode)
        json.readTree(result.toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("settings")).put("table", "orders")
        .put("operations", "find_in");
    json.writeValue(result.toFile(), tree);
    Path out = dir.resolve("different.html");
    CliTester.Result r = CliTester.run("report", before.toString(), after.toString(), "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    List<String> lines = r.out().lines().toList();
    assertEquals("the two runs differ in what they measured; read the overlay with that in mind:", lines.get(0));
    assertTrue(lines.stream().anyMatch(l -> l.matches("  operations: .* in one, find_in in other")), r.out());
    assertTrue(lines.contains("  table: not set in one, orders in other"), r.out());
    assertTrue(Files.readString(out).contains("The runs differ in table: "), "said in the page too");
  }

  /** A run stopped before its first phase (interrupted, 0 phases) is reported alone or beside another run. */
  @Test
  void aRunInterruptedBeforeItsFirstPhaseIsReportedAloneAndOverlaid() throws IOException {
    Path stopped = runDirectory("stopped");
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode result =
        (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(stopped.resolve("result.json").toFile());
    result.putArray("phases");
    result.put("interrupted", true);
    json.writeValue(stopped.resolve("result.json").toFile(), result);
    Path full = runDirectory("full");

    CliTester.Result alone = CliTester.run("report", stopped.toString());
    assertEquals(0, alone.exitCode(), alone.all());
    assertTrue(Files.readString(stopped.resolve("report.html")).contains("no phase was measured"),
        "the page says why it has no figures");
    for (List<String> order : List.of(List.of(stopped, full), List.of(full, stopped)).stream()
        .map(l -> l.stream().map(Path::toString).toList()).toList()) {
      Path out = dir.resolve("overlay-" + order.get(0).hashCode() + ".html");
      CliTester.Result r = CliTester.run("report", order.get(0), order.get(1), "--out", out.toString());
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(Files.readString(out).contains("no phase was measured"), "the page names the run without phases");
    }
  }

  @Test
  void theSameRunTwiceIsRefusedInOneLineByPathOrByResult() throws IOException {
    Path run = runDirectory("same");
    Path copy = runDirectory("copy"); // another directory, the same result
    for (List<String> pair : List.of(List.of(run.toString(), run.toString()),
        List.of(run.toString(), run.resolve("result.json").toString()), List.of(run.toString(), copy.toString()))) {
      Path out = dir.resolve("refused.html");
      CliTester.Result r = CliTester.run("report", pair.get(0), pair.get(1), "--out", out.toString());
      assertEquals(2, r.exitCode(), r.all());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().matches("stress: cannot compare \\S+ with \\S+: they are the same result \\(started \\S+\\);"
          + " report compares two runs; 'stress report \\S+' writes the page of one\n"), r.err());
      assertFalse(Files.exists(out), "no page for a run compared with itself");
    }
  }

  @Test
  void aDirectoryWithoutResultIsAUsageErrorNamingIt() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    CliTester.Result r = CliTester.run("report", empty.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("run directory '" + empty + "' has no result.json"), r.err());
  }

  @Test
  void aResultThatIsNotJsonIsOneLineNamingTheFile() throws IOException {
    Path run = Files.createDirectories(dir.resolve("broken"));
    Files.writeString(run.resolve("result.json"), "{ not json");
    CliTester.Result r = CliTester.run("report", run.toString());
    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.err().startsWith("stress: could not read the JSON result file " + run.resolve("result.json")), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertFalse(Files.exists(run.resolve("report.html")));
  }

  @Test
  void threeRunsAreRefused() throws IOException {
    Path run = runDirectory("one");
    CliTester.Result r = CliTester.run("report", run.toString(), run.toString(), run.toString());
    assertEquals(2, r.exitCode(), r.all());
  }
}
