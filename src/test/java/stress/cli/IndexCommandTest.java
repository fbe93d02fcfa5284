package stress.cli;

import stress.app.process.ExitCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/** {@code stress index --workload FILE} against a real PostgreSQL: the indexes on the server, and what explain sees. */
class IndexCommandTest {
  private static final String WORKLOAD = """
      operations:
        by_user:
          sql: SELECT _id FROM {table} WHERE data ->> 'u' = :u
          params:
            u: {sample: u, cap: 50}
      indexes:
        - {path: u}
        - {gin: data}
        - {path: t, type: numeric}
      """;
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("indexcmd");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "3000");
    assertEquals(0, r.exitCode(), r.all());
  }

  private CliTester.Result command(String command, String yaml, String... args) throws IOException {
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, yaml);
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres", command, "--workload", file.toString()));
    all.addAll(List.of(args));
    return CliTester.run(all.toArray(String[]::new));
  }

  private static List<String> indexDefinitions(String table) throws SQLException {
    List<String> defs = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT indexdef FROM pg_indexes WHERE tablename = '" + table + "'"
             + " AND indexname <> '" + table + "_pkey' ORDER BY indexname")) {
      while (rs.next()) {
        defs.add(rs.getString(1));
      }
    }
    return defs;
  }

  @Test
  void createsEachIndexOnceAndSaysSoThenExplainSeesItUsed() throws IOException, SQLException {
    CliTester.Result first = command("index", WORKLOAD);
    assertEquals(0, first.exitCode(), first.all());
    assertTrue(first.out().contains("w.yaml:7: {path: u, type: text}: created in "), first.out());
    assertTrue(first.out().contains(" s: CREATE INDEX IF NOT EXISTS \"check_in_u_idx\" ON \"check_in\" USING btree"
        + " ((data ->> 'u'))"), first.out());
    assertTrue(first.out().contains("w.yaml:8: {gin: data}: created in "), first.out());
    assertEquals(List.of(
        "CREATE INDEX check_in_data_gin ON public.check_in USING gin (data jsonb_path_ops)",
        "CREATE INDEX check_in_t_num_idx ON public.check_in USING btree ((((data ->> 't'::text))::numeric))",
        "CREATE INDEX check_in_u_idx ON public.check_in USING btree (((data ->> 'u'::text)))"),
        indexDefinitions("check_in"));

    CliTester.Result again = command("index", WORKLOAD);
    assertEquals(0, again.exitCode(), again.all());
    assertTrue(again.out().contains("w.yaml:7: {path: u, type: text}: already there: CREATE INDEX check_in_u_idx ON"
        + " public.check_in USING btree (((data ->> 'u'::text)))"), again.out());
    assertEquals(3, again.out().split(": already there: ", -1).length - 1, again.out());
    assertEquals(3, indexDefinitions("check_in").size());

    CliTester.Result explained = command("explain", WORKLOAD, "--op", "by_user", "--verbose");
    assertEquals(0, explained.exitCode(), explained.all());
    assertTrue(explained.out().contains("    index: check_in_u_idx (Bitmap Index Scan)")
        || explained.out().contains("    index: check_in_u_idx (Index Scan)"), explained.out());
  }

  @Test
  void aBadEntryStopsBeforeConnectingWithFileLineAndRule() throws IOException, SQLException {
    CliTester.Result r = command("index", WORKLOAD.replace("type: numeric", "type: money"));
    assertEquals(ExitCode.USAGE.code(), r.exitCode(), r.all());
    assertTrue(r.err().contains("w.yaml:9: indexes: type: must be one of text, numeric, string, number, date,"
        + " got 'money' (string, number and date build the type-guarded expressions MongoDB-style operations"
        + " write, the ones a MongoDB-style file wants; text (the default) and numeric build"), r.err());
    CliTester.Result help = CliTester.run("index", "--help");
    assertTrue(help.out().replaceAll("\\s+", " ").contains("Types: string, number and date build the type-guarded"
        + " expressions MongoDB-style operations write"), help.out());
  }

  @Test
  void aFileWithoutIndexesIsAUsageError() throws IOException {
    CliTester.Result r = command("index", WORKLOAD.substring(0, WORKLOAD.indexOf("indexes:")));
    assertEquals(ExitCode.USAGE.code(), r.exitCode(), r.all());
    assertTrue(r.err().contains("the file has no 'indexes:' section"), r.err());
    assertTrue(r.err().contains("--suggest builds the indexes its operations are served by instead"), r.err());
  }

  @Test
  void aNameTakenByAnotherRelationIsRefusedAndNothingElseIsCreated() throws IOException, SQLException {
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "10", "--table", "other");
    assertEquals(0, init.exitCode(), init.all());
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE other_u_idx (x int)");
    }
    CliTester.Result r = command("index", WORKLOAD, "--table", "other");
    assertEquals(ExitCode.FAILURE.code(), r.exitCode(), r.all());
    assertTrue(r.err().contains("{path: u, type: text}: \"other_u_idx\" already names another relation"), r.err());
    assertEquals(List.of(), indexDefinitions("other"));
  }

  @Test
  void theExampleFileIndexesExplainsAndRunsOnItsOwnTable() throws IOException, SQLException {
    String example = "config/workloads/check-in-by-user.yaml";
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "3000", "--table", "ex");
    assertEquals(0, init.exitCode(), init.all());
    CliTester.Result index = CliTester.run("--url", url, "-U", "postgres", "index", "--workload", example,
        "--table", "ex");
    assertEquals(0, index.exitCode(), index.all());
    assertEquals(List.of(
        "CREATE INDEX ex_data_gin ON public.ex USING gin (data jsonb_path_ops)",
        "CREATE INDEX ex_u_idx ON public.ex USING btree (((data ->> 'u'::text)))"), indexDefinitions("ex"));
    CliTester.Result explained = CliTester.run("--url", url, "-U", "postgres", "explain", "--verbose", "--workload",
        example, "--table", "ex");
    assertEquals(0, explained.exitCode(), explained.all());
    String out = explained.out();
    String byUser = out.substring(out.indexOf("\nby_user SELECT"), out.indexOf("\nuser_contains SELECT"));
    assertTrue(byUser.contains("    index: ex_u_idx ("), byUser);
    String contains = out.substring(out.indexOf("\nuser_contains SELECT"));
    assertTrue(contains.contains("    index: ex_data_gin (Bitmap Index Scan)"), contains);

    Path json = dir.resolve("run.json");
    CliTester.Result run = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", example, "--table", "ex",
        "--threads", "2", "--ops", "300", "--warmup", "0", "--json", json.toString());
    assertEquals(0, run.exitCode(), run.all());
    com.fasterxml.jackson.databind.JsonNode stats = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(Files.readString(json)).get("phases").get(0).get("stats");
    assertEquals(0, stats.get("total").get("errorCount").asLong());
    for (com.fasterxml.jackson.databind.JsonNode op : stats.get("operations")) {
      long count = op.get("count").asLong();
      long rows = op.get("rows").asLong();
      // every sampled user has at least one document; a count(*) returns one row
      assertTrue(count > 0 && (op.get("name").asText().equals("by_key") ? rows == count : rows >= count),
          op.toString());
    }
  }

  @Test
  void aNumericIndexOverStringsIsRefusedBeforeAnyIndexIsBuilt() throws IOException, SQLException {
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "1200", "--table", "num");
    assertEquals(0, init.exitCode(), init.all());
    String yaml = WORKLOAD.replace("  - {gin: data}\n", "  - {path: l, type: numeric}\n");
    CliTester.Result r = command("index", yaml, "--table", "num");
    assertEquals(ExitCode.USAGE.code(), r.exitCode(), r.all());
    assertTrue(r.out().contains("reading l, t in num: a numeric index needs numbers there"), r.out());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().contains("w.yaml:8: {path: l, type: numeric}: 1,200 documents hold a non-number at l (e.g. a"
        + " string); a numeric index cannot be built over them; use type: number (the typed expression, NULL for"
        + " other kinds) or type: text"), r.err());
    assertTrue(!r.err().contains("{path: t"), "t holds numbers only: " + r.err());
    assertEquals(List.of(), indexDefinitions("num"), "nothing created, not even the text index before it");
  }

  @Test
  void numbersNullsAndMissingValuesLetANumericIndexBeBuiltAndOtherKindsAreCounted() throws IOException, SQLException {
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "50", "--table", "mixed");
    assertEquals(0, init.exitCode(), init.all());
    String yaml = WORKLOAD.substring(0, WORKLOAD.indexOf("indexes:"))
        + "indexes:\n  - {path: [u, t], type: [text, numeric]}\n";
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("UPDATE mixed SET data = data - 't' WHERE _id = 1");
      s.execute("UPDATE mixed SET data = jsonb_set(data, '{t}', 'null') WHERE _id = 2");
      s.execute("UPDATE mixed SET data = jsonb_set(data, '{t}', '\"soon\"') WHERE _id = 3");
      s.execute("UPDATE mixed SET data = jsonb_set(data, '{t}', '{\"at\": 1}') WHERE _id = 4");
    }
    CliTester.Result refused = command("index", yaml, "--table", "mixed");
    assertEquals(ExitCode.USAGE.code(), refused.exitCode(), refused.all());
    assertTrue(refused.err().contains("w.yaml:7: {path: [u, t], type: [text, numeric]}: 2 documents hold a non-number"
        + " at t (e.g. an object); a numeric index cannot be built over them;"), refused.err());

    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("UPDATE mixed SET data = data - 't' WHERE _id IN (3, 4)");
    }
    CliTester.Result built = command("index", yaml, "--table", "mixed");
    assertEquals(0, built.exitCode(), built.all());
    assertEquals(List.of("CREATE INDEX mixed_u__t_num_idx ON public.mixed USING btree (((data ->> 'u'::text)),"
        + " (((data ->> 't'::text))::numeric))"), indexDefinitions("mixed"));
  }
}
