package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code stress index} and {@code stress explain} name a file's {@code indexes:} entry that none of its operations
 * reads (with what they read instead) and one whose path no document holds, before building; {@code --strict}
 * refuses both, one line each, and builds nothing.
 */
class IndexDeclaredCheckTest {
  private static final String MONGO_ONLY = """
      operations:
        large:
          countDocuments: {filter: {totals.grandTotal: {$gt: 900}}}
      indexes:
        - {path: totals.grandTotal, type: numeric}
        - {path: totals.missing, type: number}
        - {path: totals.grandTotal, type: number}
      """;
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() throws Exception {
    url = TestDatabase.newDatabaseUrl("declaredcheck");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE docs (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO docs SELECT i, jsonb_build_object('_id', i, 'totals',"
          + " jsonb_build_object('grandTotal', i % 1000), 'items', jsonb_build_array(jsonb_build_object('sku', i)))"
          + " FROM generate_series(1, 3000) i");
      st.execute("ANALYZE docs");
    }
  }

  private CliTester.Result command(String yaml, String... args) throws Exception {
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, yaml);
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres"));
    all.addAll(List.of(args));
    all.addAll(List.of("--workload", file.toString(), "--table", "docs"));
    return CliTester.run(all.toArray(String[]::new));
  }

  private static List<String> indexes() throws Exception {
    List<String> names = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT indexname FROM pg_indexes WHERE tablename = 'docs'"
             + " AND indexname <> 'docs_pkey' ORDER BY indexname")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    return names;
  }

  private static void dropIndexes() throws Exception {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String name : indexes()) {
        s.execute("DROP INDEX \"" + name + "\"");
      }
    }
  }

  @Test
  void strictRefusesAnUnreadEntryAndAnEmptyPathAndBuildsNothing() throws Exception {
    dropIndexes();
    CliTester.Result strict = command(MONGO_ONLY, "index", "--strict");
    assertEquals(2, strict.exitCode(), strict.all());
    assertTrue(strict.err().contains("w.yaml:5: {path: totals.grandTotal, type: numeric}: serves none of this file's"
        + " operations: MongoDB-style operation 'large' reads totals.grandTotal through {path: totals.grandTotal,"
        + " type: number} (totals.grandTotal: typed number range)"), strict.err());
    assertTrue(strict.err().contains("w.yaml:6: {path: totals.missing, type: number}: no document of docs holds"
        + " totals.missing (count 0)"), strict.err());
    assertTrue(strict.err().contains("w.yaml:6: {path: totals.missing, type: number}: serves none of this file's"
        + " operations: no MongoDB-style operation filters or sorts on totals.missing"), strict.err());
    assertFalse(strict.err().contains("w.yaml:7"), "the typed entry is read: " + strict.err());
    assertTrue(strict.err().contains("--strict: nothing was built"), strict.err());
    assertEquals(List.of(), indexes());
  }

  @Test
  void withoutStrictTheyAreNamedBeforeBuildingAndExplainNamesThemToo() throws Exception {
    dropIndexes();
    CliTester.Result built = command(MONGO_ONLY, "index");
    assertEquals(0, built.exitCode(), built.all());
    String note = "note: " + dir.resolve("w.yaml") + ":5: {path: totals.grandTotal, type: numeric}: serves none";
    assertTrue(built.out().contains(note), built.out());
    assertTrue(built.out().indexOf(note) < built.out().indexOf("created in"), "named before building: " + built.out());
    assertTrue(built.out().contains(":6: {path: totals.missing, type: number}: no document of docs holds"),
        built.out());
    assertEquals(3, indexes().size(), indexes().toString());

    CliTester.Result explained = command(MONGO_ONLY, "explain");
    assertEquals(0, explained.exitCode(), explained.all());
    assertTrue(explained.out().contains(note), explained.out());
    assertTrue(explained.out().contains("{path: totals.missing, type: number}: no document of docs holds"),
        explained.out());
  }

  @Test
  void aPathHeldOnlyThroughAnArrayIsHeldAndGinUnreadIsNamed() throws Exception {
    dropIndexes();
    CliTester.Result r = command("""
        operations:
          large:
            countDocuments: {filter: {totals.grandTotal: {$gt: 900}}}
        indexes:
          - {path: items.sku, type: number}
          - {gin: data}
        """, "index", "--strict");
    assertEquals(2, r.exitCode(), r.all());
    assertFalse(r.err().contains("no document of docs holds items.sku"), r.err());
    assertTrue(r.err().contains("{gin: data}: serves none of this file's operations: no operation is written as"
        + " containment"), r.err());
  }

  @Test
  void anEntryOnlySqlMayReadIsANoteEvenUnderStrict() throws Exception {
    dropIndexes();
    CliTester.Result r = command("""
        operations:
          large:
            countDocuments: {filter: {status: "paid"}}
          by_total:
            sql: SELECT count(*) FROM {table} WHERE CAST(data -> 'totals' ->> 'grandTotal' AS numeric) = 5
        indexes:
          - {path: totals.grandTotal, type: numeric}
        """, "index", "--strict");
    assertEquals(0, r.exitCode(), r.all());
    // a MongoDB-style range on totals.grandTotal would read this hand-written index now (every value is a number)
    assertTrue(r.out().contains("serves none of this file's MongoDB-style operations: no MongoDB-style operation"
        + " filters or sorts on totals.grandTotal"), r.out());
    assertTrue(r.out().contains("the file's SQL operations (by_total) may read it, which is not checked"), r.out());
    assertEquals(List.of("docs_totals_grandTotal_num_idx"), indexes());
  }
}
