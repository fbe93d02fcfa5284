package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * Tables named as PostgreSQL reads names, in every command that takes one: a schema-qualified name, a quoted
 * mixed-case one, and two spellings of one table in a comparison, which is refused.
 */
class TableNamesTest {
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void tables() {
    url = TestDatabase.newDatabaseUrl("table_names");
    for (String table : new String[] {"public.orders", "\"Orders\""}) {
      CliTester.Result r = stress("init", "--docs", "200", "--table", table);
      assertEquals(0, r.exitCode(), r.all());
    }
  }

  private static CliTester.Result stress(String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres"));
    all.addAll(List.of(args));
    return CliTester.run(all.toArray(String[]::new));
  }

  @Test
  void initMadeTheTablesPostgreSqlReadsTheNamesAs() throws Exception {
    assertEquals(2, TestDatabase.count(url, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
        + " AND tablename IN ('orders', 'Orders')"));
    assertEquals(200, TestDatabase.count(url, "SELECT count(*) FROM \"Orders\""));
  }

  @Test
  void runExplainAndIndexTakeAQualifiedAndAQuotedName() throws Exception {
    for (String table : new String[] {"public.orders", "PUBLIC.Orders", "\"Orders\"", "public.\"Orders\""}) {
      CliTester.Result run = stress("run", "--table", table, "--op", "find_first", "--ops", "20", "--warmup", "0",
          "--threads", "1");
      assertEquals(0, run.exitCode(), table + ": " + run.all());
      CliTester.Result explain = stress("explain", "--table", table, "--op", "find_first");
      assertEquals(0, explain.exitCode(), table + ": " + explain.all());
    }
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, """
        operations:
          by_user:
            sql: SELECT _id FROM {table} WHERE data ->> 'u' = :u
            params:
              u: {sample: u, cap: 20}
        indexes:
          - {path: u}
        """);
    CliTester.Result index = stress("index", "--workload", file.toString(), "--table", "public.\"Orders\"");
    assertEquals(0, index.exitCode(), index.all());
    assertEquals(1, TestDatabase.count(url, "SELECT count(*) FROM pg_indexes WHERE schemaname = 'public'"
        + " AND tablename = 'Orders' AND indexdef LIKE '%data ->> ''u''%'"), index.out());
    assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM pg_indexes WHERE tablename = 'orders'"
        + " AND indexdef LIKE '%data ->> ''u''%'"), "the other table has none: " + index.out());
    CliTester.Result explain = stress("explain", "--workload", file.toString(), "--table", "\"Orders\"");
    assertEquals(0, explain.exitCode(), explain.all());
  }

  @Test
  void aComparisonTakesBothSpellingsAndRefusesOneTableTwice() {
    CliTester.Result compared = stress("run", "--compare-tables", "public.orders,\"Orders\"", "--op", "find_first",
        "--ops", "20", "--warmup", "0", "--threads", "1");
    assertEquals(0, compared.exitCode(), compared.all());
    assertTrue(compared.out().contains("table public.orders (1 of 2 compared):"), compared.out());
    assertTrue(compared.out().contains("table \"Orders\" (2 of 2 compared):"), compared.out());

    CliTester.Result twice = stress("run", "--compare-tables", "orders,public.orders", "--ops", "20");
    assertEquals(2, twice.exitCode(), twice.all());
    assertEquals("stress: --compare-tables names the same table twice (orders and public.orders, both public.orders):"
        + " a comparison needs two or more different tables; nothing was measured", twice.err().strip());
    assertTrue(!twice.out().contains("phase 1/"), "nothing measured: " + twice.out());
    CliTester.Result folded = stress("run", "--compare-tables", "orders,ORDERS", "--ops", "20");
    assertEquals(2, folded.exitCode(), folded.all());
    assertEquals("stress: --compare-tables names the same table twice (orders twice): a comparison needs two or more"
        + " different tables; nothing was measured", folded.err().strip());
  }

  @Test
  void aNamePostgreSqlWouldNotReadIsRefusedSayingHowToQuoteIt() {
    CliTester.Result dash = stress("run", "--table", "my-orders", "--ops", "1");
    assertEquals(2, dash.exitCode(), dash.all());
    assertEquals("stress: --table my-orders: unexpected '-' after my: an unquoted name holds letters, digits, _ and $;"
        + " quote it as PostgreSQL does: --table '\"my-orders\"'", dash.err().strip());
    CliTester.Result both = stress("explain", "--schema", "public", "--table", "public.orders");
    assertEquals(2, both.exitCode(), both.all());
    assertEquals("stress: --table public.orders names its schema, and so does --schema public: name the schema once,"
        + " in one of them", both.err().strip());
    CliTester.Result inSchema = stress("explain", "--schema", "PUBLIC", "--table", "\"Orders\"", "--op", "find_first");
    assertEquals(0, inSchema.exitCode(), inSchema.all());
  }
}
