package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
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
    Path after = runDirectory("after");
    Path out = dir.resolve("compare.html");
    CliTester.Result r = CliTester.run("report", before.toString(), after.toString(), "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    String html = Files.readString(out);
    assertTrue(html.contains("<title>stress report: before vs after</title>"));
    assertTrue(html.contains("<th>before · ops/s</th>") && html.contains("<th>after · ops/s</th>"), "comparison per run");
    assertFalse(Files.exists(before.resolve("report.html")), "an overlay does not write into a run directory");
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
