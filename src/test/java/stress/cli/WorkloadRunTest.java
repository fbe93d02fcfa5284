package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.testing.TestDatabase;

/** --workload runs through the command line against a real PostgreSQL, with the effect checked on the server. */
class WorkloadRunTest {
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("workload");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "2000");
    assertEquals(0, r.exitCode(), r.all());
  }

  private JsonNode run(Path workload, String... args) throws IOException {
    Path json = dir.resolve("result-" + System.nanoTime() + ".json");
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres", "run", "--json", json.toString(),
        "--warmup", "0", "--workload", workload.toString()));
    all.addAll(List.of(args));
    CliTester.Result r = CliTester.run(all.toArray(String[]::new));
    assertEquals(0, r.exitCode(), r.all());
    return new ObjectMapper().readTree(Files.readString(json));
  }

  @ParameterizedTest
  @ValueSource(strings = {"prepared", "plain"})
  void anUpdateWithARangeParameterWritesExactlyItsValues(String mode) throws IOException, SQLException {
    try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement st = c.createStatement()) {
      st.executeUpdate("UPDATE check_in SET data = data - 'mark'");
    }
    Path w = dir.resolve("w.yaml");
    Files.writeString(w, """
        operations:
          by_key:
            weight: 1
            sql: SELECT _id, data FROM {table} WHERE _id = :id
            params:
              id: key
          mark:
            weight: 1
            sql: UPDATE {table} SET data = jsonb_set(data, '{mark}', to_jsonb(CAST(:n AS int))) WHERE _id = :id
            params:
              id: key
              n: {int: [7, 9]}
        """);
    JsonNode stats = run(w, "--mode", mode, "--op", "by_key=1,mark=2,find_first=1", "--threads", "2", "--ops", "600")
        .get("phases").get(0).get("stats");
    assertEquals(0, stats.get("total").get("errorCount").asLong());
    assertEquals(600, stats.get("total").get("count").asLong());
    long marks = 0;
    for (JsonNode op : stats.get("operations")) {
      assertTrue(op.get("count").asLong() > 0, op.get("name").asText());
      if (op.get("name").asText().equals("mark")) {
        marks = op.get("count").asLong();
      }
    }
    long marked = TestDatabase.count(url, "SELECT count(*) FROM check_in WHERE data->>'mark' IS NOT NULL");
    assertTrue(marked > 0 && marked <= marks, marked + " rows marked by " + marks + " updates");
    assertEquals(0, TestDatabase.count(url,
        "SELECT count(*) FROM check_in WHERE data->>'mark' IS NOT NULL AND (data->>'mark')::int NOT BETWEEN 7 AND 9"));
    for (int v = 7; v <= 9; v++) {
      assertTrue(TestDatabase.count(url, "SELECT count(*) FROM check_in WHERE data->>'mark' = '" + v + "'") > 0,
          "value " + v + " appears");
    }
  }

  @Test
  void withoutOpTheFileWeightsMakeTheMix() throws IOException {
    Path w = dir.resolve("w.yaml");
    Files.writeString(w, """
        operations:
          one:
            weight: 9
            sql: SELECT _id, data FROM {table} WHERE _id = :id
            params: {id: key}
          other:
            sql: SELECT count(*) FROM {table} WHERE data->>'status' = :s
            params:
              s: {choice: [active, inactive]}
        """);
    JsonNode stats = run(w, "--threads", "1", "--ops", "400").get("phases").get(0).get("stats");
    assertEquals(0, stats.get("total").get("errorCount").asLong());
    long one = stats.get("operations").get(0).get("count").asLong();
    long other = stats.get("operations").get(1).get("count").asLong();
    assertEquals(400, one + other);
    assertTrue(one > 3 * other && other > 0, one + " vs " + other);
  }

  @Test
  void sqlTheServerRefusesExitsTwoBeforeAnyLoad() throws IOException {
    Path w = dir.resolve("refused.yaml");
    Files.writeString(w, "operations:\n  a:\n    sql: SELECT _id, data FROM {table} WHERE _id = :id\n"
        + "    params: {id: key}\n  b:\n    sql: SELECT nosuchcolumn FROM {table} WHERE _id = :id\n"
        + "    params: {id: key}\n");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--ops", "1");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains("refused.yaml:6: operation 'b': the server refuses the statement: ERROR: column"
        + " \"nosuchcolumn\" does not exist"), r.all());
    assertTrue(!r.out().contains("phase 1/1"), r.all());
  }

  @Test
  void sampledValuesComeFromTheTableWithinTheCap() throws IOException, SQLException {
    try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement st = c.createStatement()) {
      st.executeUpdate("UPDATE check_in SET data = data - 'seen'");
    }
    Path w = dir.resolve("sample.yaml");
    Files.writeString(w, """
        operations:
          by_user:
            sql: UPDATE {table} SET data = jsonb_set(data, '{seen}', 'true') WHERE data->>'u' = :u
            params:
              u: {sample: u, cap: 3}
        """);
    Path json = dir.resolve("sample.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--ops",
        "60", "--threads", "1", "--warmup", "0", "--mode", "plain", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("sampled values: by_user.u: 3 distinct values of u (cap 3)"), r.all());
    assertTrue(r.out().contains("keys: none read (no operation picks an existing _id: by_user draws its values from its"
        + " own parameters)"), "not 'only insert new rows' for an update: " + r.out());

    CliTester.Result typo = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--op",
        "by_usr", "--ops", "1");
    assertEquals(2, typo.exitCode(), typo.all());
    assertTrue(typo.err().contains("--op 'by_usr': " + w + " has no such operation (its operations: by_user) and it is"
        + " not a built-in one either"), typo.err());
    long users = TestDatabase.count(url, "SELECT count(DISTINCT data->>'u') FROM check_in WHERE data ->> 'seen' = 'true'");
    assertTrue(users >= 1 && users <= 3, users + " users");
    assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM check_in WHERE data->>'u' IN (SELECT data->>'u'"
        + " FROM check_in WHERE data->>'seen' = 'true') AND data->>'seen' IS NULL"), "every row of a sampled user");

    Files.writeString(w, "operations:\n  a:\n    sql: SELECT :v\n    params:\n      v: {sample: no.such, cap: 9}\n");
    CliTester.Result empty = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--ops",
        "1");
    assertEquals(2, empty.exitCode(), empty.all());
    assertTrue(empty.err().contains("sample.yaml:5: operation 'a': parameter 'v' samples no.such, which has no value"
        + " in check_in"), empty.all());
  }

  @Test
  void newKeysInsertRowsNoOtherRowHas() throws IOException, SQLException {
    long before = TestDatabase.count(url, "SELECT count(*) FROM check_in");
    long max = TestDatabase.count(url, "SELECT max(_id) FROM check_in");
    Path w = dir.resolve("insert.yaml");
    Files.writeString(w, """
        operations:
          add:
            sql: INSERT INTO {table} (_id, data) VALUES (:id, CAST(:doc AS jsonb))
            params:
              id: new_key
              doc: {choice: ['{"added": 1}']}
        """);
    JsonNode stats = run(w, "--threads", "3", "--ops", "90").get("phases").get(0).get("stats");
    assertEquals(0, stats.get("total").get("errorCount").asLong());
    assertEquals(before + 90, TestDatabase.count(url, "SELECT count(*) FROM check_in"));
    assertEquals(90, TestDatabase.count(url, "SELECT count(*) FROM check_in WHERE _id > ? AND data->>'added' = '1'",
        (int) max));
  }

  @Test
  void aConfigFileCanNameTheWorkload() throws IOException {
    Path w = dir.resolve("cfg-workload.yaml");
    Files.writeString(w, "operations:\n  by_key:\n    sql: SELECT _id, data FROM {table} WHERE _id = :id\n"
        + "    params: {id: key}\n");
    Path config = dir.resolve("run.yaml");
    Files.writeString(config, "workload: " + w + "\nop: by_key=1,find_first=1\nops: 100\nthreads: 1\nwarmup: 0\n");
    Path json = dir.resolve("cfg.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--config", config.toString(), "--json",
        json.toString());
    assertEquals(0, r.exitCode(), r.all());
    JsonNode ops = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("stats")
        .get("operations");
    assertEquals("by_key", ops.get(0).get("name").asText());
    assertTrue(ops.get(0).get("count").asLong() > 0 && ops.get(1).get("count").asLong() > 0, ops.toString());
  }

  @Test
  void aBadFileExitsTwoWithFileAndLineBeforeAnyLoad() throws IOException {
    Path w = dir.resolve("bad.yaml");
    Files.writeString(w, "operations:\n  a:\n    sql: SELECT :n\n    params:\n      n: {int: [1, x]}\n");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--ops", "1");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains("bad.yaml:5: operation 'a': parameter 'n' (int): bounds must be whole numbers"),
        r.all());
  }
}
