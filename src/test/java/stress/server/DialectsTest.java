package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import stress.server.dialect.CitusDialect;
import stress.server.dialect.CoordinatorOnlyDialect;
import stress.server.dialect.Dialect;
import stress.server.dialect.Dialects;
import stress.server.dialect.GreenplumDialect;
import stress.server.dialect.PostgresDialect;
import stress.server.dialect.XlDialect;
import stress.table.DocumentTable;
import stress.table.IdType;

/** DDL per target, with names that would break naive quoting. */
class DialectsTest {
  private static final ServerVersion PG15 = ServerVersion.parse("15.20");
  private static final DocumentTable PLAIN = new DocumentTable(null, "check_in", IdType.INTEGER);
  private static final DocumentTable HOSTILE =
      new DocumentTable("my schema", "it's \"x\"; DROP TABLE y; --", IdType.BIGINT);
  private static final DocumentTable BACKSLASH = new DocumentTable(null, "a\\b", IdType.TEXT);

  private static TargetInfo target(TargetKind kind) {
    return switch (kind) {
      case POSTGRESQL -> TargetInfo.postgres("PostgreSQL 15.20", PG15);
      case CITUS_COORDINATOR, CITUS_WORKER ->
          new TargetInfo(kind, "PostgreSQL 15.20", PG15, "13.2.2", new CitusNode(2, 32), null, null);
      case XL_COORDINATOR, XL_DATANODE -> new TargetInfo(kind, "PostgreSQL 10.6 (Postgres-XL 10r1.1)",
          ServerVersion.parse("10.6"), "10r1.1",
          null, new XlNodes("dn1", List.of("coord1", "coord2"), List.of("dn1", "dn2")), null);
      case GREENPLUM -> new TargetInfo(kind, "PostgreSQL 12", ServerVersion.parse("12"), "7.0.0", null, null,
          new GreenplumSegments(2));
    };
  }

  @Test
  void picksTheDialectOfEachKind() {
    assertInstanceOf(PostgresDialect.class, Dialects.forTarget(target(TargetKind.POSTGRESQL)));
    assertInstanceOf(CitusDialect.class, Dialects.forTarget(target(TargetKind.CITUS_COORDINATOR)));
    assertInstanceOf(XlDialect.class, Dialects.forTarget(target(TargetKind.XL_COORDINATOR)));
    assertInstanceOf(GreenplumDialect.class, Dialects.forTarget(target(TargetKind.GREENPLUM)));
    assertInstanceOf(CoordinatorOnlyDialect.class, Dialects.forTarget(target(TargetKind.CITUS_WORKER)));
    assertInstanceOf(CoordinatorOnlyDialect.class, Dialects.forTarget(target(TargetKind.XL_DATANODE)));
  }

  @Test
  void postgres() {
    assertEquals(List.of(
        "CREATE TABLE \"check_in\" (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')",
        "CREATE TABLE \"check_in_copy\" (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')"),
        Dialects.forTarget(target(TargetKind.POSTGRESQL)).createDocumentTables(PLAIN));
  }

  @Test
  void citusDistributesBothTablesAndColocatesTheCopy() {
    assertEquals(List.of(
        "CREATE TABLE \"check_in\" (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')",
        "CREATE TABLE \"check_in_copy\" (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')",
        "SELECT create_distributed_table('\"check_in\"', '_id')",
        "SELECT create_distributed_table('\"check_in_copy\"', '_id', colocate_with => '\"check_in\"')"),
        new CitusDialect().createDocumentTables(PLAIN));
  }

  @Test
  void citusMakesNewTablesOneByOneEachDistributedRightAfterItsCreation() {
    assertEquals(List.of(
        List.of("CREATE TABLE \"check_in\" (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')",
            "SELECT create_distributed_table('\"check_in\"', '_id')"),
        List.of("CREATE TABLE \"check_in_copy\" (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')",
            "SELECT create_distributed_table('\"check_in_copy\"', '_id', colocate_with => '\"check_in\"')")),
        new CitusDialect().createDocumentTablesOneByOne(PLAIN, false));
    assertEquals("CREATE UNLOGGED TABLE \"check_in_copy\" (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')",
        new CitusDialect().createDocumentTablesOneByOne(PLAIN, true).get(1).get(0));
    assertEquals(List.of(), new PostgresDialect().createDocumentTablesOneByOne(PLAIN, false), "one transaction");
    assertEquals(List.of(), new XlDialect().createDocumentTablesOneByOne(PLAIN, false), "one transaction");
    assertEquals(List.of(), new GreenplumDialect().createDocumentTablesOneByOne(PLAIN, false), "one transaction");
  }

  @Test
  void citusPassesHostileNamesAsEscapedText() {
    List<String> ddl = new CitusDialect().createDocumentTables(HOSTILE);
    assertEquals("CREATE TABLE \"my schema\".\"it's \"\"x\"\"; DROP TABLE y; --\""
        + " (_id bigint PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')", ddl.get(0));
    assertEquals("CREATE TABLE \"my schema\".\"it's \"\"x\"\"; DROP TABLE y; --_copy\""
        + " (_id bigint PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')", ddl.get(1));
    assertEquals("SELECT create_distributed_table('\"my schema\".\"it''s \"\"x\"\"; DROP TABLE y; --\"', '_id')",
        ddl.get(2));
    assertEquals("SELECT create_distributed_table('\"my schema\".\"it''s \"\"x\"\"; DROP TABLE y; --_copy\"', '_id',"
        + " colocate_with => '\"my schema\".\"it''s \"\"x\"\"; DROP TABLE y; --\"')", ddl.get(3));
  }

  @Test
  void citusWritesBackslashesInEscapeStrings() {
    List<String> ddl = new CitusDialect().createDocumentTables(BACKSLASH);
    assertEquals("SELECT create_distributed_table(E'\"a\\\\b\"', '_id')", ddl.get(2));
  }

  @Test
  void postgresXlDistributesByHash() {
    assertEquals(List.of(
        "CREATE TABLE \"my schema\".\"it's \"\"x\"\"; DROP TABLE y; --\" (_id bigint PRIMARY KEY, data jsonb NOT NULL"
            + " DEFAULT '{}') DISTRIBUTE BY HASH (_id)",
        "CREATE TABLE \"my schema\".\"it's \"\"x\"\"; DROP TABLE y; --_copy\" (_id bigint PRIMARY KEY, data jsonb NOT NULL"
            + " DEFAULT '{}') DISTRIBUTE BY HASH (_id)"),
        Dialects.forTarget(target(TargetKind.XL_COORDINATOR)).createDocumentTables(HOSTILE));
  }

  @Test
  void greenplumDistributedBy() {
    assertEquals(List.of(
        "CREATE TABLE \"check_in\" (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}') DISTRIBUTED BY (_id)",
        "CREATE TABLE \"check_in_copy\" (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')"
            + " DISTRIBUTED BY (_id)"),
        Dialects.forTarget(target(TargetKind.GREENPLUM)).createDocumentTables(PLAIN));
  }

  /**
   * Postgres-XL and the Greenplum family send the statement to every node as it is (no per-node suffix) and keep 63
   * bytes of a name, like PostgreSQL: the longest names import and init make go out whole, and those targets need
   * no settings for the DDL and have no other way to retry it.
   */
  @Test
  void theLongestNamesGoWholeToPostgresXlAndGreenplum() {
    String ascii = "c_LongNamesDb_" + "k".repeat(44);
    String twoByte = "é".repeat(29);
    for (String name : List.of(ascii, twoByte)) {
      assertEquals(58, name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
      DocumentTable table = new DocumentTable(null, name, IdType.TEXT);
      String columns = " (_id text PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')";
      assertEquals(List.of("CREATE TABLE \"" + name + "\"" + columns + " DISTRIBUTE BY HASH (_id)",
              "CREATE TABLE \"" + name + "_copy\"" + columns + " DISTRIBUTE BY HASH (_id)"),
          Dialects.forTarget(target(TargetKind.XL_COORDINATOR)).createDocumentTables(table));
      assertEquals(List.of("CREATE TABLE \"" + name + "\"" + columns + " DISTRIBUTED BY (_id)",
              "CREATE TABLE \"" + name + "_copy\"" + columns + " DISTRIBUTED BY (_id)"),
          Dialects.forTarget(target(TargetKind.GREENPLUM)).createDocumentTables(table));
      for (TargetKind kind : List.of(TargetKind.POSTGRESQL, TargetKind.XL_COORDINATOR, TargetKind.GREENPLUM)) {
        Dialect dialect = Dialects.forTarget(target(kind));
        assertEquals(List.of(), dialect.tableDdlSettings(table), kind.name());
        assertEquals(List.of(), dialect.deadlockRetrySettings(), kind.name());
      }
      assertEquals(List.of("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'"),
          Dialects.forTarget(target(TargetKind.CITUS_COORDINATOR)).tableDdlSettings(table));
    }
  }

  @Test
  void workersAndDatanodesRefuseToCreateTables() {
    IllegalStateException citus = assertThrows(IllegalStateException.class,
        () -> Dialects.forTarget(target(TargetKind.CITUS_WORKER)).createDocumentTables(PLAIN));
    assertTrue(citus.getMessage().contains("Citus worker"), citus.getMessage());
    assertTrue(citus.getMessage().contains("through the coordinator"), citus.getMessage());
    assertTrue(citus.getMessage().contains("check_in"), citus.getMessage());

    IllegalStateException xl = assertThrows(IllegalStateException.class,
        () -> Dialects.forTarget(target(TargetKind.XL_DATANODE)).createDocumentTables(PLAIN));
    assertTrue(xl.getMessage().contains("Postgres-XL datanode"), xl.getMessage());
    assertTrue(xl.getMessage().contains("through the coordinator (coord1, coord2)"), xl.getMessage());
  }

  @Test
  void literalsDoubleQuotesAndEscapeBackslashes() {
    assertEquals("'plain'", SqlLiterals.quote("plain"));
    assertEquals("''", SqlLiterals.quote(""));
    assertEquals("'it''s'", SqlLiterals.quote("it's"));
    assertEquals("E'a\\\\b''c'", SqlLiterals.quote("a\\b'c"));
    assertThrows(IllegalArgumentException.class, () -> SqlLiterals.quote("a\0b"));
  }
}
