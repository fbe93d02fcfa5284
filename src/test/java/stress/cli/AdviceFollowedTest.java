package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/**
 * The commands an error message suggests are run as printed and must succeed; and {@code init} announces what it
 * does only once its checks have passed.
 */
class AdviceFollowedTest {
  private static final Pattern SUGGESTED = Pattern.compile(": stress (init [^\\n]*)\n");

  /** A table made the way an import makes it (text keys, rows), without its copy table. */
  private static String databaseWithoutCopyTable(String prefix, String table) throws Exception {
    String url = TestDatabase.newDatabaseUrl(prefix);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE \"" + table + "\" (_id text PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')");
      s.execute("INSERT INTO \"" + table + "\" SELECT 'k' || g, jsonb_build_object('n', g)"
          + " FROM generate_series(1, 200) g");
    }
    return url;
  }

  private static String documents(String url, String table) throws Exception {
    return String.valueOf(TestDatabase.count(url, "SELECT count(*) FROM \"" + table + "\"")) + " "
        + TestDatabase.count(url, "SELECT sum(hashtext(_id || data::text)) FROM \"" + table + "\"");
  }

  private static CliTester.Result findInsert(String url, String table) {
    return CliTester.run("--url", url, "-U", "postgres", "run", "--table", table, "--op", "find_insert", "--ops", "50",
        "--warmup", "0", "--threads", "1");
  }

  @Test
  void theCommandAMissingCopyTableSuggestsCreatesItAndTheRunThenWorks() throws Exception {
    String url = databaseWithoutCopyTable("advice", "solo");
    String before = documents(url, "solo");

    CliTester.Result refused = findInsert(url, "solo");
    assertEquals(1, refused.exitCode(), refused.all());
    Matcher m = SUGGESTED.matcher(refused.err());
    assertTrue(m.find(), "a command is suggested: " + refused.err());
    assertEquals("init --table solo --reuse", m.group(1));

    List<String> args = new ArrayList<>(List.of("--url", url, "-U", "postgres"));
    args.addAll(List.of(m.group(1).split(" ")));
    CliTester.Result followed = CliTester.run(args.toArray(String[]::new));
    assertEquals(0, followed.exitCode(), followed.all());
    assertTrue(followed.out().contains("init: reused solo, created solo_copy; solo already had rows, kept as they are,"
        + " and solo_copy is empty"), followed.out());
    assertEquals(before, documents(url, "solo"), "the documents are untouched");
    assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM solo_copy"));

    CliTester.Result run = findInsert(url, "solo");
    assertEquals(0, run.exitCode(), run.all());
    assertTrue(TestDatabase.count(url, "SELECT count(*) FROM solo_copy") > 0, "find_insert wrote into it");
  }

  @Test
  void theSuggestionQuotesANameTheShellWouldSplit() throws Exception {
    String url = databaseWithoutCopyTable("advice_quoted", "Two Words");
    // given as PostgreSQL reads it, quoted; the advice quotes it for the shell and for PostgreSQL
    CliTester.Result refused = findInsert(url, "\"Two Words\"");
    assertEquals(1, refused.exitCode(), refused.all());
    assertTrue(refused.err().contains(": stress init --table '\"Two Words\"' --reuse\n"), refused.err());
  }

  @Test
  void initAnnouncesNothingBeforeARefusal() throws Exception {
    String url = databaseWithoutCopyTable("announce", "solo");
    CliTester.Result refused = CliTester.run("--url", url, "-U", "postgres", "init", "--table", "solo");
    assertEquals(1, refused.exitCode(), refused.all());
    assertFalse(refused.out().contains("init: PostgreSQL"), "no plan announced: " + refused.out());

    CliTester.Result created = CliTester.run("--url", url, "-U", "postgres", "init", "--table", "fresh", "--docs", "10");
    assertEquals(0, created.exitCode(), created.all());
    assertTrue(created.out().contains("init: PostgreSQL, created fresh and fresh_copy, loading 10 small documents,"
        + " seed 42\n"), created.out());
    assertEquals(1, created.out().split("created fresh and fresh_copy", -1).length - 1,
        "the tables are said once: " + created.out());
  }
}
