package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/** {@code init --distribute-by}: the key column typed from the generated documents and filled by the same COPY. */
class InitLayoutTest {
  @Test
  void generatedTablesTakeAKeyLayout() throws Exception {
    String url = TestDatabase.newDatabaseUrl("init_layout");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "3000",
        "--distribute-by", "check_in=u");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("; distributed by u (bigint)"), r.out());
    assertEquals(3000, TestDatabase.count(url, "SELECT count(*) FROM check_in WHERE u = CAST(data->>'u' AS bigint)"));
    assertEquals(3000, TestDatabase.count(url, "SELECT count(*) FROM check_in_copy WHERE u = CAST(data->>'u' AS bigint)"));

    CliTester.Result strings = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "100", "--table", "geo",
        "--distribute-by", "l");
    assertEquals(0, strings.exitCode(), strings.all());
    assertEquals(100, TestDatabase.count(url, "SELECT count(*) FROM geo WHERE l = data->>'l'"));
    // a built-in insert writes the key column from its document
    CliTester.Result insert = CliTester.run("--url", url, "-U", "postgres", "run", "--table", "geo", "--op", "insert",
        "--warmup", "0", "--ops", "50");
    assertEquals(0, insert.exitCode(), insert.all());
    assertEquals(150, TestDatabase.count(url, "SELECT count(*) FROM geo WHERE l = data->>'l'"));
    CliTester.Result more = CliTester.run("--url", url, "-U", "postgres", "run", "--table", "geo", "--op",
        "insert_batch=1,find_insert=1", "--batch", "10", "--warmup", "0", "--ops", "40", "--mode", "prepared,plain");
    assertEquals(0, more.exitCode(), more.all());
    assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM geo WHERE l IS DISTINCT FROM data->>'l'"));
    assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM geo_copy WHERE l IS DISTINCT FROM data->>'l'"));
    assertTrue(TestDatabase.count(url, "SELECT count(*) FROM geo") > 150);
  }

  @Test
  void pathsTheGeneratedDocumentsCannotKeyAreRefusedBeforeAnythingIsCreated() throws Exception {
    String url = TestDatabase.newDatabaseUrl("init_layout_bad");
    for (String[] c : new String[][] {{"nope", "have no value there"}, {"history", "hold an array in "}}) {
      CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "10", "--shape", "large",
          "--distribute-by", c[0]);
      assertEquals(2, r.exitCode(), r.all());
      assertTrue(r.err().contains("init: --distribute-by " + c[0] + ": the generated large documents " + c[1]), r.err());
    }
    CliTester.Result other = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "10", "--distribute-by",
        "orders=u");
    assertEquals(2, other.exitCode(), other.all());
    assertTrue(other.err().contains("--distribute-by names table orders, but init makes check_in"), other.err());
    assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM pg_class WHERE relkind = 'r' AND relnamespace ="
        + " 'public'::regnamespace"));
  }
}
