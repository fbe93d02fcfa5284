package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.JsonReport;
import stress.report.assess.SpeedSection;
import stress.testing.TestDatabase;

/**
 * The speed step of {@code stress assess} on the embedded PostgreSQL: the application log's orders run at their logged
 * rate beside MongoDB's logged figures (its other collections have no table: not measured, said why), and the capacity
 * under the objective vouched for or not, with the search's cause.
 */
class AssessSpeedIT {
  @TempDir
  Path dir;

  @Test
  void eachShapeBesideMongoDbsFiguresAndTheCapacityUnderTheObjective() throws Exception {
    String url = TestDatabase.newDatabaseUrl("assessspeed");
    Path out = dir.resolve("assessment");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "assess", "--dump", "datasets/sample-large",
        "--log", "src/test/resources/mongolog/application-mongod.log", "--slo", "p99<=1us", "--budget", "3m",
        "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());

    JsonNode assessment = JsonReport.mapper().readTree(out.resolve("assessment.json").toFile());
    SpeedSection speed = JsonReport.mapper().treeToValue(assessment.path("sections").path("speed"),
        SpeedSection.class);
    assertNotNull(speed, r.all());
    assertFalse(speed.standIn(), "the dump's own data");

    SpeedSection.Shape byId = shape(speed, "stress.orders", "find_id");
    assertNull(byId.notMeasured());
    assertTrue(byId.executions() > 0, byId.toString());
    assertNotNull(byId.targetP50Ms());
    assertNotNull(byId.targetP99Ms());
    assertEquals(1.0, byId.loggedP50Ms(), "the log's find by _id: p50 1 ms");
    assertEquals(2.0, byId.loggedP99Ms(), "p99 2 ms");
    assertEquals(24, byId.loggedEntries());
    assertEquals(byId.targetP99Ms() / 2.0, byId.p99Ratio(), 1e-9);
    SpeedSection.Shape sessions = shape(speed, "stress.sessions", "find_userId");
    assertTrue(sessions.notMeasured().contains("does not exist"), sessions.toString());
    assertNull(sessions.targetP99Ms());
    assertEquals(0, sessions.executions());

    SpeedSection.Application app = speed.application();
    assertEquals(36 / 3.55, app.loggedRate(), 0.01, "the orders' 36 entries over 3.55 s: the collection run");
    assertEquals(app.loggedRate(), app.offeredRate(), 1e-9, "paced at the logged rate of the collections run");
    assertTrue(app.achievedRate() > 0.8 * app.offeredRate(), app.toString());
    assertEquals(0, app.errors());
    assertEquals(2, app.skipped().size(), app.skipped().toString());

    SpeedSection.Capacity capacity = speed.capacity();
    assertEquals("p99<=1us", capacity.objective());
    assertNull(capacity.skipped(), capacity.toString());
    assertNotNull(capacity.answer(), capacity.toString());
    assertEquals(app.loggedRate(), capacity.loggedRate(), 1e-9);
    assertNull(capacity.loggedPeak(), "two collections skipped: the application's busiest second is not theirs");
    // an objective no execution meets ends the search at its first step, with that cause: the search is short, and
    // the capacity's line is the one of "none vouched for"
    assertFalse(capacity.vouched(), capacity.toString());
    assertNull(capacity.opsPerSecond(), capacity.toString());
    assertNull(capacity.multipleOfLoggedRate());
    assertTrue(capacity.answer().contains("none"), capacity.answer());
    assertTrue(capacity.line().startsWith("none vouched for at p99<=1us"), capacity.line());
    assertTrue(capacity.cause().contains("objective below"), capacity.toString());
    assertTrue(r.out().contains(capacity.line()), "the summary gives the capacity's line: " + r.out());
    Path evidence = out.resolve("steps").resolve("speed");
    assertTrue(Files.isRegularFile(evidence.resolve("application").resolve("result.json")));
    assertTrue(Files.isRegularFile(evidence.resolve("capacity").resolve("result.json")));
  }

  private static SpeedSection.Shape shape(SpeedSection speed, String ns, String operation) {
    return speed.perShape().stream().filter(s -> s.ns().equals(ns) && s.operation().equals(operation)).findFirst()
        .orElseThrow(() -> new AssertionError(ns + " " + operation + " in " + speed.perShape()));
  }
}
