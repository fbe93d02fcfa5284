package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * Existing user tables are never dropped, truncated or altered without {@code --drop-existing}: init and import
 * refuse with one line and leave the table byte-identical (same rows, same jsonb bytes, same file on disk, no row
 * rewritten); and find_update writes back exactly the bytes it read.
 */
class ExistingTablesTest {
  @TempDir
  Path dir;

  /** Everything that would change if the table were dropped, truncated, altered, or any row rewritten. */
  private static Map<String, String> fingerprint(String url, String table) throws SQLException {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("rows", text(url, "SELECT count(*) FROM " + table));
    f.put("documents", text(url, "SELECT md5(string_agg(_id::text || ' ' || encode(jsonb_send(data), 'hex'), ','"
        + " ORDER BY _id)) FROM " + table));
    f.put("row versions", text(url, "SELECT md5(string_agg(xmin::text || ctid::text, ',' ORDER BY _id)) FROM " + table));
    f.put("file", text(url, "SELECT pg_relation_filenode('" + table + "')::text"));
    f.put("columns", text(url, "SELECT string_agg(attname || ' ' || format_type(atttypid, atttypmod) || ' '"
        + " || attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ',' ORDER BY attnum)"
        + " FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
        + " WHERE attrelid = '" + table + "'::regclass AND attnum > 0 AND NOT attisdropped"));
    f.put("constraints", text(url, "SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), ',' ORDER BY conname)"
        + " FROM pg_constraint WHERE conrelid = '" + table + "'::regclass"));
    return f;
  }

  private static void assertOneLineRefusal(CliTester.Result r, String expected) {
    assertEquals(1, r.exitCode(), r.all());
    List<String> errors = r.err().strip().lines().toList();
    assertEquals(1, errors.size(), "one line: " + r.err());
    assertEquals(expected, errors.get(0));
  }

  @Test
  void initRefusesAnExistingTableAndLeavesItByteIdentical() throws Exception {
    String url = TestDatabase.newDatabaseUrl("existing_init");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      // a user's own table that happens to have the name init would use, with its own rows
      s.execute("CREATE TABLE mine (_id bigint PRIMARY KEY, data jsonb NOT NULL, note text CHECK (note <> ''))");
      s.execute("INSERT INTO mine SELECT g, jsonb_build_object('n', g, 'keep', true), 'row ' || g"
          + " FROM generate_series(1, 500) g");
    }
    Map<String, String> before = fingerprint(url, "mine");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--table", "mine", "--docs", "100");
    assertOneLineRefusal(r, "stress: table public.mine already exists; use --reuse to run on it or --drop-existing to replace it");
    assertEquals(before, fingerprint(url, "mine"));

    CliTester.Result dropped = CliTester.run("--url", url, "-U", "postgres", "init", "--table", "mine", "--docs", "100",
        "--drop-existing");
    assertEquals(0, dropped.exitCode(), dropped.all());
    assertNotEquals(before, fingerprint(url, "mine"), "--drop-existing does replace it (the check above can fail)");
  }

  @Test
  void importRefusesAnExistingTableAndLeavesItByteIdentical() throws Exception {
    String url = TestDatabase.newDatabaseUrl("existing_import");
    Path dump = dir.resolve("dump");
    assertEquals(0, CliTester.run("generate", "--out", dump.toString(), "--docs", "300", "--db", "shop",
        "--collection", "orders").exitCode());
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE shop_orders (_id text PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')");
      s.execute("INSERT INTO shop_orders SELECT 'k' || g, jsonb_build_object('mine', g) FROM generate_series(1, 300) g");
    }
    Map<String, String> before = fingerprint(url, "shop_orders");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "import", dump.toString(),
        "--rejects", dir.resolve("rejects.jsonl").toString());
    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.out().lines().anyMatch(l -> l.equals("import: shop.orders: table public.shop_orders already exists;"
        + " use --reuse to run on it or --drop-existing to replace it")), "one line naming the table:\n" + r.all());
    assertFalse(r.all().contains("\tat "), "no stack trace: " + r.all());
    assertEquals(before, fingerprint(url, "shop_orders"));

    CliTester.Result dropped = CliTester.run("--url", url, "-U", "postgres", "import", dump.toString(),
        "--rejects", dir.resolve("rejects.jsonl").toString(), "--drop-existing");
    assertEquals(0, dropped.exitCode(), dropped.all());
    assertNotEquals(before, fingerprint(url, "shop_orders"), "--drop-existing does replace it");
  }

  @Test
  void findUpdateWritesBackByteIdenticalDocuments() throws Exception {
    String url = TestDatabase.newDatabaseUrl("find_update_same");
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "2000", "--table", "docs");
    assertEquals(0, init.exitCode(), init.all());
    Map<String, String> before = documents(url);
    Map<String, String> versionsBefore = rowVersions(url);
    CliTester.Result run = CliTester.run("--url", url, "-U", "postgres", "run", "--table", "docs", "--op", "find_update",
        "--threads", "4", "--duration", "5s", "--warmup", "0");
    assertEquals(0, run.exitCode(), run.all());
    Map<String, String> after = documents(url);
    assertEquals(before.size(), after.size());
    for (Map.Entry<String, String> e : before.entrySet()) {
      assertEquals(e.getValue(), after.get(e.getKey()), "document " + e.getKey() + " is byte-identical");
    }
    Map<String, String> versionsAfter = rowVersions(url);
    long rewritten = versionsBefore.keySet().stream()
        .filter(id -> !versionsBefore.get(id).equals(versionsAfter.get(id))).count();
    assertTrue(rewritten > before.size() / 2, "the run really rewrote rows (" + rewritten + " of " + before.size()
        + "), so the comparison above means something");
  }

  /** md5 of each row's jsonb bytes as the server stores and sends them, by _id. */
  private static Map<String, String> documents(String url) throws SQLException {
    return byId(url, "SELECT _id::text, md5(jsonb_send(data)) FROM docs");
  }

  private static Map<String, String> rowVersions(String url) throws SQLException {
    return byId(url, "SELECT _id::text, xmin::text FROM docs");
  }

  private static Map<String, String> byId(String url, String sql) throws SQLException {
    Map<String, String> m = new LinkedHashMap<>();
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        m.put(rs.getString(1), rs.getString(2));
      }
    }
    assertFalse(m.isEmpty(), sql);
    return m;
  }

  private static String text(String url, String sql) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
