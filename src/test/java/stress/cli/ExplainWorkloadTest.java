package stress.cli;

import stress.app.process.ExitCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code stress explain --workload FILE} against a real PostgreSQL: every statement of every file operation with
 * its values, plan, index use and route per plan mode, and nothing written.
 */
class ExplainWorkloadTest {
  private static final String WORKLOAD = """
      operations:
        by_key:
          sql: SELECT _id, data FROM {table} WHERE _id = :id
          params:
            id: key
        by_user:
          sql: SELECT _id FROM {table} WHERE data->>'u' = :u
          params:
            u: {sample: u, cap: 50}
        copy_one:
          transaction: true
          sql:
            - DELETE FROM {copy_table} WHERE _id = :id
            - INSERT INTO {copy_table} (_id, data) SELECT _id, data FROM {table} WHERE _id = :id
          params:
            id: key
        add:
          sql: INSERT INTO {table} (_id, data) VALUES (:id, '{}')
          params:
            id: new_key
      """;
  private static final Pattern VERDICT = Pattern.compile(
      "^  (prepared, generic plan|prepared, custom plan|plain): (.*)\\n    (.*)$", Pattern.MULTILINE);
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("explainwl");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "3000");
    assertEquals(0, r.exitCode(), r.all());
  }

  private CliTester.Result explain(String yaml, String... args) throws IOException {
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, yaml);
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres", "explain", "--verbose",
        "--workload", file.toString()));
    all.addAll(List.of(args));
    return CliTester.run(all.toArray(String[]::new));
  }

  /** The index line under each verdict of one statement (the block starting at its header). */
  private static List<String> indexLines(String out, String header) {
    int start = out.indexOf("\n" + header);
    assertTrue(start >= 0, header + " in\n" + out);
    int end = out.indexOf("\n\n", start + 1);
    Matcher m = VERDICT.matcher(out.substring(start, end < 0 ? out.length() : end));
    List<String> lines = new ArrayList<>();
    while (m.find()) {
      assertEquals("single node (plain PostgreSQL)", m.group(2), m.group());
      lines.add(m.group(3));
    }
    assertEquals(3, lines.size(), "generic, custom and plain for " + header + " in\n" + out);
    return lines;
  }

  @Test
  void everyStatementOfTheFileIsShownWithItsPlanIndexAndRouteAndNothingIsWritten() throws IOException, SQLException {
    long rows = TestDatabase.count(url, "SELECT count(*) FROM check_in");
    long copies = TestDatabase.count(url, "SELECT count(*) FROM check_in_copy");
    CliTester.Result r = explain(WORKLOAD);
    assertEquals(0, r.exitCode(), r.all());
    String out = r.out();
    assertTrue(out.contains("sampled by_user.u: "), out);
    assertTrue(out.contains(" distinct values of u (cap 50)"), out);
    for (String line : indexLines(out, "by_key SELECT: SELECT _id, data FROM \"check_in\" WHERE _id = $1")) {
      assertEquals("index: check_in_pkey (Index Scan)", line);
    }
    for (String line : indexLines(out, "by_user SELECT: SELECT _id FROM \"check_in\" WHERE data->>'u' = $1")) {
      assertEquals("index: none; whole table read: public.check_in (Seq Scan)", line, "no index on data->>'u'");
    }
    indexLines(out, "copy_one 1 DELETE: DELETE FROM \"check_in_copy\" WHERE _id = $1");
    indexLines(out, "copy_one 2 INSERT: INSERT INTO \"check_in_copy\" (_id, data) SELECT");
    for (String line : indexLines(out, "add INSERT: INSERT INTO \"check_in\" (_id, data) VALUES ($1, '{}')")) {
      assertEquals("index: none needed (no table read in the plan shown)", line);
    }
    Matcher added = Pattern.compile("add INSERT: .*\\n  values: (\\d+)  \\(a write\\)").matcher(out);
    assertTrue(added.find(), out);
    assertTrue(Long.parseLong(added.group(1)) > TestDatabase.count(url, "SELECT max(_id) FROM check_in"),
        "a new key, above the largest");
    assertTrue(out.contains("Filter: ((check_in.data ->> 'u'::text) = "), "the plan is shown:\n" + out);
    assertTrue(Pattern.compile("\\n  by_key\\s+SELECT\\s+single node, index\\s+single node, index\\s+single node,"
        + " index\\n").matcher(out).find(), out);
    assertTrue(Pattern.compile("\\n  by_user\\s+SELECT\\s+single node, seq scan\\s").matcher(out).find(), out);
    assertEquals(rows, TestDatabase.count(url, "SELECT count(*) FROM check_in"));
    assertEquals(copies, TestDatabase.count(url, "SELECT count(*) FROM check_in_copy"));
  }

  /** A jsonpath test is shown as psql takes it: '@?', not pgjdbc's '@??' escape of the question mark. */
  @Test
  void aMongoStyleFilterIsShownAsPsqlTakesIt() throws IOException {
    CliTester.Result r = explain("""
        operations:
          by_u:
            find: {filter: {items: {$elemMatch: {qty: {$gt: 7}}}}}
        """, "--op", "by_u");
    assertEquals(0, r.exitCode(), r.all());
    String header = r.out().lines().filter(l -> l.startsWith("by_u SELECT: ")).findFirst().orElseThrow(
        () -> new AssertionError(r.out()));
    assertTrue(header.contains(" @? '") && !header.contains("@??"), header);
  }

  @Test
  void opPicksFileOperationsAndBuiltInsAndAllIncludesBoth() throws IOException {
    CliTester.Result r = explain(WORKLOAD, "--op", "by_key,find_first");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("\nby_key SELECT: "), r.out());
    assertTrue(r.out().contains("\nfind_first SELECT: "), r.out());
    assertFalse(r.out().contains("\nby_user SELECT: "), r.out());
    CliTester.Result all = explain(WORKLOAD, "--op", "all");
    assertEquals(0, all.exitCode(), all.all());
    assertTrue(all.out().contains("\nfind_update 2 UPDATE: ") && all.out().contains("\nadd INSERT: "), all.out());
  }

  @Test
  void aStatementTheServerRefusesStopsWithItsFileAndLine() throws IOException {
    CliTester.Result r = explain("""
        operations:
          bad:
            sql: SELECT nope FROM {table} WHERE _id = :id
            params:
              id: key
        """);
    assertEquals(ExitCode.USAGE.code(), r.exitCode(), r.all());
    assertTrue(r.err().contains("w.yaml:3: operation 'bad': the server refuses the statement"), r.err());
    assertFalse(r.out().contains("plan modes:"), r.out());
  }
}
