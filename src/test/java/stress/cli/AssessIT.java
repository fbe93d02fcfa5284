package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;
import stress.report.html.HeadlessChromium;
import stress.report.html.RenderedPage;
import stress.testing.TestDatabase;

/**
 * {@code stress assess} over the repository's two sample dumps and the log of their application
 * (src/test/resources/mongolog/assess-mongod.log: finds, counts, updates and an aggregate, a {@code $where} the
 * translation refuses, a collection no dump holds): every section filled, the verdicts as docs/assess.md's rules say,
 * and report.html in a real browser with its verdicts first and each finding one click from its evidence.
 */
class AssessIT {
  @TempDir
  static Path dir;
  private static CliTester.Result result;
  private static Path out;
  private static JsonNode assessment;

  @BeforeAll
  static void assess() throws IOException {
    Path dump = dir.resolve("dump");
    Files.createDirectories(dump.resolve("stress"));
    for (String sample : List.of("datasets/sample-large/stress", "datasets/sample-small/stress")) {
      try (var files = Files.list(Path.of(sample))) {
        for (Path f : files.toList()) {
          Files.copy(f, dump.resolve("stress").resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    out = dir.resolve("assessment");
    String url = TestDatabase.newDatabaseUrl("assess");
    result = CliTester.run("--url", url, "-U", "postgres", "assess", "--dump", dump.toString(), "--log",
        "src/test/resources/mongolog/assess-mongod.log", "--out", out.toString(), "--budget", "90s");
    assessment = JsonReport.mapper().readTree(out.resolve("assessment.json").toFile());
  }

  @Test
  void everySectionIsFilledAndTheClusterStepIsSkippedWithItsReason() {
    assertEquals(0, result.exitCode(), result.all());
    assertTrue(assessment.path("complete").asBoolean(), result.all());
    for (String section : List.of("workload", "inventory", "data", "import", "operations", "indexes", "speed")) {
      assertTrue(assessment.path("sections").has(section), section + " missing: " + result.all());
    }
    JsonNode layout = step("layout");
    assertEquals("skipped", layout.path("status").asText());
    assertEquals("the target is PostgreSQL, not a cluster", layout.path("reason").asText());
    assertTrue(result.out().contains("plan: "), "the plan comes first: " + result.out());
    assertTrue(result.out().indexOf("plan: ") < result.out().indexOf("step 1/8 workload"), result.out());
  }

  @Test
  void theVerdictsAreTheRulesOverTheFindings() {
    assertEquals("BLOCKED", verdict(null).path("outcome").asText(), "a collection is blocked");
    JsonNode orders = verdict("stress.orders");
    assertEquals("BLOCKED", orders.path("outcome").asText());
    JsonNode where = finding(orders, "BLOCKER", "$where");
    assertEquals("operations", where.path("section").asText());
    assertEquals(6.0 / 126, where.path("share").asDouble(), 1e-9, "6 of the 126 statements: " + where);
    JsonNode checkIn = verdict("stress.check_in");
    assertEquals("READY_WITH_CHANGES", checkIn.path("outcome").asText(), checkIn.toString());
    assertTrue(finding(checkIn, "CHANGE", "CREATE INDEX").path("text").asText().startsWith("build "), checkIn
        .toString());
    JsonNode sessions = verdict("stress.sessions");
    assertTrue(finding(sessions, "UNDETERMINED", "which the dump lacks").path("share").asDouble() > 0);
    String summary = result.out().substring(result.out().indexOf("verdicts:"));
    assertTrue(summary.contains("blocked by its collection stress.orders"), summary);
  }

  @Test
  void theReportOpensOnTheVerdictsAndEachFindingIsOneClickFromItsEvidence() throws Exception {
    Optional<HeadlessChromium> browser = HeadlessChromium.find();
    Assumptions.assumeTrue(browser.isPresent(), "no Chromium to open report.html with");
    Path page = out.resolve("report.html");
    RenderedPage rendered = browser.get().open(page);
    assertEquals(Optional.of("verdicts"), rendered.firstSectionId());
    Set<String> ids = new HashSet<>(all(rendered.dom(), Pattern.compile(" id=\"([^\"]+)\"")));
    List<String> links = all(rendered.dom(), Pattern.compile("href=\"#([^\"]+)\""));
    assertTrue(links.size() > 10, "links: " + links);
    for (String link : links) {
      assertTrue(ids.contains(link), "a link to #" + link + " leads nowhere");
    }
    for (String ns : List.of("stress.orders", "stress.check_in", "stress.sessions")) {
      assertTrue(rendered.dom().contains(">" + ns + ": "), "a part of its own for " + ns);
    }
    Files.createDirectories(Path.of("target", "report-screenshots"));
    browser.get().screenshot(page, Path.of("target", "report-screenshots", "assessment.png"), 1400, 1800);
  }

  @Test
  void aLogAloneIsAssessedOnStandInCollectionsAndEveryVerdictSaysSo() throws IOException {
    Path alone = dir.resolve("log-alone");
    CliTester.Result r = CliTester.run("--url", TestDatabase.newDatabaseUrl("assess_log"), "-U", "postgres", "assess",
        "--log", "src/test/resources/mongolog/assess-mongod.log", "--out", alone.toString(), "--budget", "40s");
    assertEquals(0, r.exitCode(), r.all());
    JsonNode a = JsonReport.mapper().readTree(alone.resolve("assessment.json").toFile());
    assertTrue(a.path("sections").path("import").path("standIn").asBoolean(), a.path("sections").path("import")
        .toString());
    assertTrue(a.path("sections").path("speed").path("standIn").asBoolean());
    for (JsonNode v : a.path("verdicts")) {
      if (!v.path("ns").isNull()) {
        boolean said = false;
        for (JsonNode f : v.path("findings")) {
          said |= f.path("weight").asText().equals("UNDETERMINED") && f.path("text").asText().contains("stand-in");
        }
        assertTrue(said, "the verdict on " + v.path("ns") + " says its data is stand-in: " + v);
      }
    }
  }

  private static JsonNode step(String name) {
    for (JsonNode s : assessment.path("plan")) {
      if (s.path("step").asText().equals(name)) {
        return s;
      }
    }
    throw new AssertionError("no step " + name + " in " + assessment.path("plan"));
  }

  private static JsonNode verdict(String ns) {
    for (JsonNode v : assessment.path("verdicts")) {
      if (ns == null ? v.path("ns").isNull() : ns.equals(v.path("ns").asText())) {
        return v;
      }
    }
    throw new AssertionError("no verdict for " + ns + " in " + assessment.path("verdicts"));
  }

  private static JsonNode finding(JsonNode verdict, String weight, String text) {
    for (JsonNode f : verdict.path("findings")) {
      if (f.path("weight").asText().equals(weight) && f.path("text").asText().contains(text)) {
        return f;
      }
    }
    throw new AssertionError("no " + weight + " with '" + text + "' in " + verdict);
  }

  private static List<String> all(String text, Pattern p) {
    List<String> found = new ArrayList<>();
    Matcher m = p.matcher(text);
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }
}
