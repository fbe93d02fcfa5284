package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import stress.server.dialect.CitusDialect;
import stress.server.dialect.CitusShardNames;
import stress.server.dialect.Dialect;
import stress.server.dialect.GreenplumDialect;
import stress.server.dialect.PostgresDialect;
import stress.server.dialect.XlDialect;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/** The PostgreSQL DDL and the name literals of the Citus DDL, run on the real embedded server. */
class DialectDdlTest {
  private static String url;

  @BeforeAll
  static void database() throws SQLException {
    url = TestDatabase.newDatabaseUrl("dialect");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE SCHEMA \"my schema\"");
    }
  }

  @Test
  void postgresDialectCreatesBothDocumentTablesWithHostileNames() throws SQLException {
    DocumentTable table = new DocumentTable("my schema", "it's \"x\"; DROP TABLE y; --", IdType.BIGINT);
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      for (String sql : new PostgresDialect().createDocumentTables(table)) {
        st.execute(sql);
      }
      for (String name : List.of(table.name(), table.name() + "_copy")) {
        assertEquals(List.of("_id bigint not null", "data jsonb not null '{}'::jsonb"), columns(c, "my schema", name));
        assertEquals("PRIMARY KEY (_id)", primaryKey(c, "my schema", name));
      }
    }
  }

  @Test
  void unloggedDdlOfEveryTargetOnlyChangesItsCreateTableStatements() {
    DocumentTable table = new DocumentTable(null, "t", IdType.INTEGER);
    for (Dialect dialect : List.of(new PostgresDialect(), new CitusDialect(), new XlDialect(), new GreenplumDialect())) {
      List<String> logged = dialect.createDocumentTables(table);
      List<String> unlogged = dialect.createDocumentTables(table, true);
      assertEquals(logged, dialect.createDocumentTables(table, false));
      assertEquals(logged.size(), unlogged.size());
      for (int i = 0; i < logged.size(); i++) {
        String expected = logged.get(i).startsWith("CREATE TABLE ")
            ? logged.get(i).replaceFirst("^CREATE TABLE ", "CREATE UNLOGGED TABLE ") : logged.get(i);
        assertEquals(expected, unlogged.get(i), dialect.getClass().getSimpleName());
      }
      assertEquals(2, unlogged.stream().filter(s -> s.startsWith("CREATE UNLOGGED TABLE ")).count());
    }
  }

  @Test
  void unloggedTablesAreUnloggedOnTheServer() throws SQLException {
    DocumentTable table = new DocumentTable("my schema", "unlogged docs", IdType.INTEGER);
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      for (String sql : new PostgresDialect().createDocumentTables(table, true)) {
        st.execute(sql);
      }
      try (ResultSet rs = st.executeQuery("SELECT string_agg(relname || '=' || relpersistence::text, ',' ORDER BY relname)"
          + " FROM pg_class WHERE relname IN ('unlogged docs', 'unlogged docs_copy')")) {
        rs.next();
        assertEquals("unlogged docs=u,unlogged docs_copy=u", rs.getString(1));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"on", "off"})
  void citusNameLiteralsNameTheTableWhateverStandardConformingStrings(String standardConformingStrings)
      throws SQLException {
    DocumentTable table = new DocumentTable("my schema", "back\\slash 'q' \"dq\" " + standardConformingStrings,
        IdType.TEXT);
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      for (String sql : new PostgresDialect().createDocumentTables(table)) {
        st.execute(sql);
      }
      st.execute("SET standard_conforming_strings = " + standardConformingStrings);
      st.execute("SET escape_string_warning = off");
      // the same literal the Citus DDL passes to create_distributed_table, read as regclass by the server
      String literal = SqlLiterals.quote(table.qualifiedName());
      try (ResultSet rs = st.executeQuery("SELECT (" + literal + ")::regclass::oid")) {
        rs.next();
        assertEquals(oid(c, "my schema", table.name()), rs.getLong(1));
      }
    }
  }

  /** The primary-key names CitusShardNames expects are as long as PostgreSQL really makes them, or longer. */
  @ParameterizedTest
  @ValueSource(strings = {"k", "é"})
  void primaryKeyNamesOfTheLongestTablesHaveTheLengthsCitusShardNamesExpects(String letter) throws SQLException {
    String name = letter.repeat(58 / letter.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    DocumentTable table = new DocumentTable("my schema", name, IdType.TEXT);
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      for (String sql : new PostgresDialect().createDocumentTables(table)) {
        st.execute(sql);
      }
      List<String> expected = CitusShardNames.shardedNames(table);
      assertEquals(expected.get(1), primaryKeyName(c, name));
      // the copy table's index name clashes with the table's and gets a digit: never longer than expected
      String copyKey = primaryKeyName(c, name + "_copy");
      assertTrue(bytes(copyKey) <= bytes(expected.get(3)) && bytes(copyKey) >= 62, copyKey);
      assertEquals(List.of(name, name + "_copy"), List.of(expected.get(0), expected.get(2)));
      st.execute("DROP TABLE " + table.qualifiedName() + ", " + table.copyTable().qualifiedName());
    }
  }

  private static String primaryKeyName(Connection c, String table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT i.relname FROM pg_index x JOIN pg_class i"
        + " ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace"
        + " WHERE n.nspname = 'my schema' AND t.relname = ? AND x.indisprimary")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next(), "no primary key on " + table);
        return rs.getString(1);
      }
    }
  }

  private static int bytes(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
  }

  private static long oid(Connection c, String schema, String name) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT c.oid FROM pg_class c JOIN pg_namespace n"
        + " ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relname = ?")) {
      ps.setString(1, schema);
      ps.setString(2, name);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next(), "no table " + schema + "." + name);
        return rs.getLong(1);
      }
    }
  }

  private static List<String> columns(Connection c, String schema, String table) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT column_name, data_type, is_nullable, column_default"
        + " FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position")) {
      ps.setString(1, schema);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String def = rs.getString(4);
          columns.add(rs.getString(1) + " " + rs.getString(2) + ("NO".equals(rs.getString(3)) ? " not null" : "")
              + (def == null ? "" : " " + def));
        }
      }
    }
    return columns;
  }

  private static String primaryKey(Connection c, String schema, String table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT pg_get_constraintdef(k.oid) FROM pg_constraint k"
        + " WHERE k.contype = 'p' AND k.conrelid = ?::oid")) {
      ps.setLong(1, oid(c, schema, table));
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next(), "no primary key on " + table);
        return rs.getString(1);
      }
    }
  }
}
