package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * Import keeps MongoDB's case; --table reads names as PostgreSQL does (unquoted in lower case), so a mixed-case table
 * is named in double quotes, and a name read in another case is pointed to the table that exists.
 */
class TableNameCaseTest {
  @TempDir
  Path dir;

  private Path dump() {
    Path dump = dir.resolve("dump");
    CliTester.Result r = CliTester.run("generate", "--out", dump.toString(), "--docs", "100", "--db", "sample_Northwind",
        "--collection", "Orders");
    assertEquals(0, r.exitCode(), r.all());
    return dump;
  }

  private static CliTester.Result run(String url, String table) {
    return CliTester.run("--url", url, "-U", "postgres", "run", "--table", table, "--ops", "20", "--warmup", "0",
        "--threads", "1");
  }

  @Test
  void aNameInAnotherCaseNamesTheTableThatExists() {
    String url = TestDatabase.newDatabaseUrl("namecase");
    CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import", dump().toString());
    assertEquals(0, imported.exitCode(), imported.all());

    for (String typed : new String[] {"sample_northwind_orders", "sample_Northwind_Orders"}) {
      CliTester.Result r = run(url, typed);
      assertEquals(1, r.exitCode(), r.all());
      assertEquals("stress: table sample_northwind_orders does not exist, but public.sample_Northwind_Orders does:"
          + " names are read as PostgreSQL reads them, unquoted in lower case and \"Quoted\" as written (import keeps"
          + " MongoDB's case unless --lower-case-names); use --table '\"sample_Northwind_Orders\"'", r.err().strip());
    }
    CliTester.Result followed = run(url, "\"sample_Northwind_Orders\"");
    assertEquals(0, followed.exitCode(), followed.all());
    CliTester.Result qualified = run(url, "public.\"sample_Northwind_Orders\"");
    assertEquals(0, qualified.exitCode(), qualified.all());

    CliTester.Result unrelated = run(url, "nothing_like_it");
    assertTrue(unrelated.err().contains("does not exist: create and fill it with 'stress init'"), unrelated.err());
  }

  @Test
  void lowerCaseNamesImportsUnderTheFoldedName() {
    String url = TestDatabase.newDatabaseUrl("namecase_folded");
    CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import", dump().toString(),
        "--lower-case-names");
    assertEquals(0, imported.exitCode(), imported.all());
    CliTester.Result r = run(url, "sample_northwind_orders");
    assertEquals(0, r.exitCode(), r.all());
  }
}
