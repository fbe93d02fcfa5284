package stress.target.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.target.TargetDetector;
import stress.testing.TestDatabase;

/** Explaining on a real PostgreSQL: every mode, refusals as verdicts, nothing left behind, writes rolled back. */
class RouteExplainerTest {
  private static final List<PlanMode> ALL_MODES = List.of(PlanMode.GENERIC, PlanMode.CUSTOM, PlanMode.PLAIN);
  private static Connection connection;

  @BeforeAll
  static void table() throws SQLException {
    connection = TestDatabase.connect(TestDatabase.newDatabaseUrl("explainer"));
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE TABLE docs (_id int PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')");
      s.execute("INSERT INTO docs SELECT i, jsonb_build_object('i', i) FROM generate_series(1, 1000) i");
      s.execute("ANALYZE docs");
    }
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  private static RouteExplainer explainer(boolean analyze) throws SQLException {
    return new RouteExplainer(connection, TargetDetector.detect(connection), analyze);
  }

  private static String scalar(String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void everyModeOfALookupIsASingleNodeAndThePlansDifferAsPlanned() throws SQLException {
    RouteExplainer explainer = explainer(false);
    assertEquals(ALL_MODES, explainer.availableModes(), "PostgreSQL 14 has plan_cache_mode");
    StatementRoutes routes = explainer.explain(new ExplainStatement("SELECT _id, data FROM docs WHERE _id = $1",
        List.of("7"), "SELECT _id, data FROM docs WHERE _id = 7", false), ALL_MODES);
    for (ModeRoute m : routes.modes()) {
      assertEquals(Route.SINGLE_NODE, m.verdict().route(), m.mode().label());
      assertNull(m.note());
    }
    String generic = String.join("\n", routes.in(PlanMode.GENERIC).orElseThrow().plan());
    String custom = String.join("\n", routes.in(PlanMode.CUSTOM).orElseThrow().plan());
    assertTrue(generic.contains("(docs._id = $1)"), generic);
    assertTrue(custom.contains("(docs._id = 7)"), custom);
    assertEquals(List.of(), routes.flags());
    assertEquals("auto", scalar("SHOW plan_cache_mode"), "plan_cache_mode as it was");
    assertEquals("0", scalar("SELECT count(*) FROM pg_prepared_statements WHERE from_sql"), "nothing left prepared");
  }

  @Test
  void aStatementTheServerRefusesIsAVerdictWithItsSqlState() throws SQLException {
    StatementRoutes routes = explainer(false).explain(new ExplainStatement("SELECT nope FROM docs WHERE _id = $1",
        List.of("1"), "SELECT nope FROM docs WHERE _id = 1", false), ALL_MODES);
    for (ModeRoute m : routes.modes()) {
      assertEquals(Route.REFUSED, m.verdict().route());
      assertEquals("42703", m.verdict().sqlState(), "undefined column");
      assertEquals(List.of(), m.plan());
    }
    assertEquals("auto", scalar("SHOW plan_cache_mode"));
    assertEquals("0", scalar("SELECT count(*) FROM pg_prepared_statements WHERE from_sql"));
  }

  @Test
  void analyzeRunsAWriteButRollsItBack() throws SQLException {
    String before = scalar("SELECT count(*) FROM docs");
    StatementRoutes routes = explainer(true).explain(new ExplainStatement("DELETE FROM docs WHERE _id <= $1",
        List.of("500"), "DELETE FROM docs WHERE _id <= 500", true), ALL_MODES);
    for (ModeRoute m : routes.modes()) {
      assertEquals("ANALYZE ran it in a transaction that was rolled back", m.note());
      assertTrue(String.join("\n", m.plan()).contains("actual"), "ANALYZE output");
      assertTrue(String.join("\n", m.plan()).contains("rows=500"), String.join("\n", m.plan()));
    }
    assertEquals(before, scalar("SELECT count(*) FROM docs"));
    assertTrue(connection.getAutoCommit());
  }

  @Test
  void withoutAnalyzeAWriteIsOnlyPlanned() throws SQLException {
    explainer(false).explain(new ExplainStatement("DELETE FROM docs WHERE _id <= $1", List.of("500"),
        "DELETE FROM docs WHERE _id <= 500", true), ALL_MODES);
    assertEquals("1000", scalar("SELECT count(*) FROM docs"));
  }

  @Test
  void aConnectionInATransactionIsRefused() throws SQLException {
    connection.setAutoCommit(false);
    try {
      assertThrows(IllegalStateException.class, () -> explainer(false).explain(new ExplainStatement(
          "SELECT 1", List.of(), "SELECT 1", false), ALL_MODES));
    } finally {
      connection.rollback();
      connection.setAutoCommit(true);
    }
  }
}
