package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.app.process.ExitCode;
import stress.testing.TestDatabase;

/** {@code stress explain} and {@code run --explain} against a real PostgreSQL: a single node in every mode. */
class ExplainCommandTest {
  private static final Pattern VERDICT = Pattern.compile("^  (prepared, generic plan|prepared, custom plan|plain): (.*)$",
      Pattern.MULTILINE);
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("explaincmd");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "3000");
    assertEquals(0, r.exitCode(), r.all());
  }

  private static CliTester.Result explain(String... args) {
    String[] all = new String[args.length + 6];
    System.arraycopy(new String[] {"--url", url, "-U", "postgres", "explain", "--verbose"}, 0, all, 0, 6);
    System.arraycopy(args, 0, all, 6, args.length);
    return CliTester.run(all);
  }

  private static String scalar(String sql) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void everyStatementOfEveryOperationIsASingleNodeInEveryMode() {
    CliTester.Result r = explain("--op", "all");
    assertEquals(0, r.exitCode(), r.all());
    Matcher m = VERDICT.matcher(r.out());
    int verdicts = 0;
    while (m.find()) {
      assertEquals("single node (plain PostgreSQL)", m.group(2), m.group());
      verdicts++;
    }
    // find_first, find_in, find: one statement each; find_update, find_insert, find_delete: two each
    assertEquals(9 * 3, verdicts, r.out());
    // as psql's PREPARE takes them: numbered parameters, not pgjdbc's '?' (nor its '??' escape)
    for (String header : List.of("find_first SELECT: SELECT _id, data FROM \"check_in\" WHERE _id = $1\n",
        "find_update 2 UPDATE: UPDATE \"check_in\" SET data = CAST($1 AS jsonb) WHERE _id = $2\n",
        "find_delete 2 DELETE: DELETE FROM \"check_in_copy\" WHERE _id = $1\n")) {
      assertTrue(r.out().contains(header), header);
    }
    assertTrue(r.out().contains("Index Cond: (check_in._id = $1)"), "the generic plan is shown");
    // each cell also says how the table is read, which here depends on the planner's estimates
    assertTrue(Pattern.compile("\\n  find_in {6}SELECT {5}(single node, (index|seq scan) +){2}single node, (index|seq"
        + " scan)\\n").matcher(r.out()).find(), r.out());
    assertFalse(r.out().contains("! "), "nothing to flag on one server");
  }

  @Test
  void byDefaultTheSummaryStandsAloneAndVerboseAddsTheStatementsAfterIt() {
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "explain", "--op", "find_first,find_update");
    assertEquals(0, r.exitCode(), r.all());
    String out = r.out();
    assertTrue(out.contains("\nsummary (route, index or scan, per operation and plan mode):\n"), out);
    assertTrue(Pattern.compile("\\n  find_update +2 UPDATE +single node").matcher(out).find(), out);
    assertTrue(out.endsWith("\n  each statement's SQL, values and plan per mode: explain --verbose\n"), out);
    assertFalse(out.contains("SELECT _id, data FROM"), "no SQL by default: " + out);
    assertFalse(out.contains("Index Cond"), "no plan by default: " + out);

    String verbose = explain("--op", "find_first,find_update").out();
    assertTrue(verbose.indexOf("\nsummary (") < verbose.indexOf("\nfind_first SELECT: SELECT _id, data FROM"),
        "the summary first: " + verbose);
    assertTrue(verbose.contains("Index Cond: (check_in._id = $1)"), verbose);
  }

  @Test
  void aMixIsExplainedOperationByOperation() {
    CliTester.Result r = explain("--op", "find_first=80,find_in=20", "--batch", "5");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("find_in SELECT: SELECT _id, data FROM \"check_in\" WHERE _id IN ($1, $2, $3, $4, $5)"),
        r.out());
    assertFalse(r.out().contains("find_update"), r.out());
  }

  @Test
  void analyzeExecutesTheWritesButLeavesNoTrace() throws SQLException {
    String before = scalar("SELECT count(*) || ':' || sum(hashtext(data::text)) FROM check_in_copy");
    String beforeMain = scalar("SELECT max(xmin::text::bigint) FROM check_in");
    CliTester.Result r = explain("--op", "find_update,find_insert,find_delete", "--analyze");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("note: ANALYZE ran it in a transaction that was rolled back"), r.out());
    assertTrue(r.out().contains("Delete on public.check_in_copy"), r.out());
    assertEquals(before, scalar("SELECT count(*) || ':' || sum(hashtext(data::text)) FROM check_in_copy"));
    assertEquals(beforeMain, scalar("SELECT max(xmin::text::bigint) FROM check_in"), "no row of the table rewritten");
  }

  @Test
  void anUnknownOperationIsAUsageErrorNamingTheKnownOnes() {
    CliTester.Result r = explain("--op", "find_first,nope");
    assertEquals(ExitCode.USAGE.code(), r.exitCode(), r.all());
    assertTrue(r.err().contains("unknown operation 'nope'; known: find_first, find_in, find"), r.err());
  }

  @Test
  void runExplainPutsTheVerdictsInTheHeaderAndTheJson() throws IOException {
    Path json = dir.resolve("run.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--explain", "--op",
        "find_first=3,find_delete=1", "--mode", "prepared,plain", "--ops", "200", "--threads", "2", "--warmup", "0",
        "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("explain (where each statement goes, checked once before measuring"), r.out());
    assertTrue(r.out().contains("  find_first   SELECT     single node             single node            single node"),
        r.out());
    JsonNode explain = new ObjectMapper().readTree(Files.readString(json)).get("settings").get("explain");
    assertEquals(3, explain.size(), "find_first's lookup, find_delete's lookup and its delete");
    JsonNode delete = explain.get(2);
    assertEquals("find_delete", delete.get("operation").asText());
    assertEquals("DELETE FROM \"check_in_copy\" WHERE _id = $1", delete.get("statement").asText());
    for (String mode : List.of("prepared, generic plan", "prepared, custom plan", "plain")) {
      assertEquals("single_node", delete.get("modes").get(mode).get("route").asText(), mode);
      assertEquals("single node (plain PostgreSQL)", delete.get("modes").get(mode).get("verdict").asText());
    }
  }

  @Test
  void runExplainCoversOnlyTheRunsModes() throws IOException {
    Path json = dir.resolve("plain.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--explain", "--mode", "plain",
        "--ops", "50", "--threads", "1", "--warmup", "0", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    JsonNode modes = new ObjectMapper().readTree(Files.readString(json)).get("settings").get("explain").get(0)
        .get("modes");
    List<String> names = new ArrayList<>();
    Iterator<String> it = modes.fieldNames();
    it.forEachRemaining(names::add);
    assertEquals(List.of("plain"), names);
  }

  @Test
  void insertOperationsAreRefusedByNameAndLeftOutOfAll() {
    CliTester.Result refused = CliTester.run("--url", url, "-U", "postgres", "explain", "--op", "find_first,insert");
    assertEquals(2, refused.exitCode(), refused.all());
    assertTrue(refused.err().contains("--op insert: explain covers operations on existing keys"), refused.err());
    CliTester.Result mixed = CliTester.run("--url", url, "-U", "postgres", "run", "--explain", "--op",
        "find_first=1,insert=1", "--duration", "300ms", "--warmup", "0", "--threads", "1");
    assertEquals(0, mixed.exitCode(), mixed.all());
  }
}
