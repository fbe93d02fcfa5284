package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.testing.TestDatabase;

/**
 * An update that MongoDB refuses, run from a workload file: every execution is an error of its operation whose
 * reported message carries MongoDB's reason, and the documents stay as they were.
 */
class MongoUpdateRefusalRunTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"prepared", "plain"})
  void theReasonReachesTheReportAndNothingChanges(String mode) throws IOException, SQLException {
    String url = TestDatabase.newDatabaseUrl("mongo_refusal");
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "200");
    assertEquals(0, init.exitCode(), init.all());
    try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement st = c.createStatement()) {
      st.executeUpdate("UPDATE check_in SET data = data || '{\"name\": \"x\"}'");
    }
    long before = TestDatabase.count(url, "SELECT sum(length(CAST(data AS text))) FROM check_in");
    Path w = dir.resolve("w.yaml");
    Files.writeString(w, """
        operations:
          bump_name:
            updateOne: {filter: {_id: ":id"}, update: {$inc: {name: 1}}}
            params:
              id: key
        """);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--warmup", "0", "--mode", mode,
        "--workload", w.toString(), "--ops", "20");
    assertEquals(1, r.exitCode(), "any failed execution exits 1: " + r.all());
    assertTrue(r.all().contains("errors by SQLState"), r.all());
    assertTrue(r.all().contains("22P02"), r.all());
    assertTrue(r.all().contains("refused as in MongoDB: Cannot apply $inc to a value of non-numeric type. {_id: "),
        r.all());
    assertTrue(r.all().contains("} has the field 'name' of non-numeric type string"), r.all());
    assertEquals(before, TestDatabase.count(url, "SELECT sum(length(CAST(data AS text))) FROM check_in"));
    assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM check_in WHERE data->>'name' <> 'x'"));
  }
}
