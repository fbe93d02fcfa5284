package stress.mongo.value;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * The facts of an empty table: nothing is known of what its documents will hold, so every path is unknown and no row
 * is stored that a later run (after the import filled it) would trust; a row stored empty by an older build reads as
 * no kinds instead of failing the run that reads it.
 */
class PathFactsStoreTest {
  private static String url;

  @BeforeAll
  static void tables() throws SQLException {
    url = TestDatabase.newDatabaseUrl("path_facts_store");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE emptied (_id text PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("CREATE TABLE filled (_id text PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO filled VALUES ('a', '{\"_id\": \"a\", \"qty\": 3}'), ('b', '{\"_id\": \"b\"}')");
    }
  }

  @Test
  void anEmptyTableLeavesEachPathUnknownAndStoresNothing() throws SQLException {
    DocumentTable emptied = new DocumentTable(null, "emptied", IdType.TEXT);
    try (Connection c = TestDatabase.connect(url)) {
      PathCatalog first = PathFactsStore.read(c, emptied, Set.of("qty", "a.b"));
      assertEquals(PathFacts.UNKNOWN, first.paths().get("qty"));
      assertEquals(PathFacts.UNKNOWN, first.paths().get("a.b"));
      assertTrue(PathFactsStore.storedPaths(c, emptied).isEmpty(), "no facts stored for an empty table");

      try (Statement st = c.createStatement()) {
        st.execute("INSERT INTO emptied VALUES ('x', '{\"_id\": \"x\", \"qty\": \"many\"}')");
      }
      PathCatalog filled = PathFactsStore.read(c, emptied, Set.of("qty"));
      assertEquals(new PathFacts(false, Set.of(PathFacts.STRING)), filled.paths().get("qty"), filled.source());
    }
  }

  @Test
  void aRowStoredWithNoKindsReadsAsNone() throws SQLException {
    DocumentTable filled = new DocumentTable(null, "filled", IdType.TEXT);
    try (Connection c = TestDatabase.connect(url)) {
      assertEquals(new PathFacts(false, Set.of(PathFacts.NUMBER, PathFacts.MISSING)),
          PathFactsStore.read(c, filled, Set.of("qty")).paths().get("qty"));
      try (Statement st = c.createStatement()) {
        st.execute("INSERT INTO " + PathFactsStore.TABLE + " (table_name, path, arrays, kinds, documents, analyzed_at)"
            + " VALUES ('filled', 'gone', false, '', 2, now())");
      }
      PathCatalog read = PathFactsStore.read(c, filled, Set.of("gone"));
      assertEquals(new PathFacts(false, Set.of()), read.paths().get("gone"));
      assertTrue(read.source().contains("stored"), read.source());
      try (Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT count(*) FROM " + PathFactsStore.TABLE)) {
        rs.next();
        assertEquals(2, rs.getInt(1), "the rows of 'filled': qty found and stored, gone as it was");
      }
    }
  }
}
