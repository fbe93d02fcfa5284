package stress.app.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.app.process.ExitCode;
import stress.connect.ConnectionOptions;
import stress.model.UsageException;
import stress.report.JsonReport;
import stress.testing.TestDatabase;

/**
 * A failed step keeps every finished section in the report, marked incomplete, and a re-run of the same request with
 * the same folder resumes from the failed step: the steps before it are not run again.
 */
class AssessResumeIT {
  @TempDir
  Path dir;

  /** A last step whose command refuses on its first run and then finds what the import loaded. */
  private static final class FailingOnce implements AssessStep {
    final AtomicInteger runs = new AtomicInteger();

    @Override
    public String name() {
      return "probe";
    }

    @Override
    public String title() {
      return "a step that fails once";
    }

    @Override
    public String skipReason(AssessContext context) {
      return null;
    }

    @Override
    public Duration estimate(AssessContext context) {
      return Duration.ofSeconds(1);
    }

    @Override
    public Object run(AssessContext context, Duration allowance) {
      if (runs.incrementAndGet() == 1) {
        // a command the step runs refuses its part: the step fails, the request itself is not bad input (exit 2)
        throw new UsageException("--workload W: table t is empty");
      }
      return context.section(ImportStep.NAME, stress.report.assess.ImportSection.class).orElseThrow();
    }

    @Override
    public String reproduce(AssessContext context) {
      return "probe";
    }
  }

  @Test
  void aFailedStepIsRunAgainAndTheFinishedOnesAreKept() throws Exception {
    String url = TestDatabase.newDatabaseUrl("assess_resume");
    Path out = dir.resolve("assessment");
    AssessRequest request = new AssessRequest(Path.of("datasets/sample-small"), List.of(), null, out,
        ConnectionOptions.ofUrl(url + "?user=postgres"), null, null, Duration.ofMinutes(5), null, 1, false);
    FailingOnce probe = new FailingOnce();
    List<AssessStep> steps = List.of(new WorkloadStep(), new ImportStep(false), probe);

    Run first = run(request, steps);
    assertEquals(ExitCode.FAILURE, first.exit, first.text);
    assertTrue(first.text.contains("step 3/3 probe: failed: refused: --workload W: table t is empty"), first.text);
    JsonNode saved = JsonReport.mapper().readTree(out.resolve("assessment.json").toFile());
    assertFalse(saved.path("complete").asBoolean());
    assertEquals("failed", saved.path("plan").get(2).path("status").asText());
    assertTrue(saved.path("sections").has("import"), "the import's section is kept: " + saved);
    assertTrue(Files.readString(out.resolve("report.html")).contains("Incomplete"));
    assertTrue(Files.readString(out.resolve("summary.txt")).contains("not determined: step probe failed"));

    Run second = run(request, steps);
    assertEquals(ExitCode.OK, second.exit, second.text);
    assertTrue(second.text.contains("step 2/3 import: done in an earlier run of this assessment, kept"), second.text);
    assertEquals(2, probe.runs.get());
    JsonNode done = JsonReport.mapper().readTree(out.resolve("assessment.json").toFile());
    assertTrue(done.path("complete").asBoolean());
    assertEquals(20_000, done.path("sections").path("probe").path("tables").get(0).path("loaded").asLong(),
        done.toString());
  }

  @Test
  void anotherRequestIsRefusedTheFolderOfAnEarlierOne() throws Exception {
    String url = TestDatabase.newDatabaseUrl("assess_other");
    Path out = dir.resolve("other");
    AssessRequest request = new AssessRequest(Path.of("datasets/sample-small"), List.of(), null, out,
        ConnectionOptions.ofUrl(url + "?user=postgres"), null, null, Duration.ofMinutes(5), null, 1, false);
    assertEquals(ExitCode.OK, run(request, List.of(new WorkloadStep())).exit);
    AssessRequest other = new AssessRequest(Path.of("datasets/sample-large"), List.of(), null, out,
        ConnectionOptions.ofUrl(url + "?user=postgres"), null, null, Duration.ofMinutes(5), null, 1, false);
    UsageException e = assertThrows(UsageException.class, () -> run(other, List.of(new WorkloadStep())));
    assertTrue(e.getMessage().startsWith("--out " + out + " holds the assessment of another request (dump was"),
        e.getMessage());
  }

  private record Run(ExitCode exit, String text) {}

  private static Run run(AssessRequest request, List<AssessStep> steps) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ExitCode exit;
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      exit = new AssessJob(request, steps, out).run();
    }
    return new Run(exit, bytes.toString(StandardCharsets.UTF_8));
  }
}
