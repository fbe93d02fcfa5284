package stress.server.explain;

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
import stress.server.TargetDetector;
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
    assertEquals(ALL_MODES, explainer.availableModes(), "PostgreSQL 18 has plan_cache_mode");
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

  /**
   * Without plan_cache_mode (PostgreSQL before 12, Postgres-XL 10) the server plans a prepared statement's first five
   * executions for their values and may keep a generic plan from the sixth on; a run executes it far more often, so
   * the plan shown must be that later one. Here the server keeps the generic plan ($1), where the first EXPLAIN
   * EXECUTE shows the custom plan (_id = 7).
   */
  @Test
  void thePreparedModeShowsThePlanTheServerKeepsForLaterExecutions() throws SQLException {
    StatementRoutes routes = explainer(false).explain(new ExplainStatement("SELECT _id, data FROM docs WHERE _id = $1",
        List.of("7"), "SELECT _id, data FROM docs WHERE _id = 7", false), List.of(PlanMode.PREPARED, PlanMode.PLAIN));
    ModeRoute prepared = routes.in(PlanMode.PREPARED).orElseThrow();
    String plan = String.join("\n", prepared.plan());
    assertTrue(plan.contains("(docs._id = $1)"), "the generic plan the server keeps:\n" + plan);
    assertEquals(Route.SINGLE_NODE, prepared.verdict().route());
    assertTrue(prepared.note().startsWith("the plan the server keeps from the 6th execution on, explained after 5"
        + " plannings in a transaction that was rolled back"), prepared.note());
    assertEquals("auto", scalar("SHOW plan_cache_mode"));
    assertEquals("0", scalar("SELECT count(*) FROM pg_prepared_statements WHERE from_sql"), "nothing left prepared");
    assertTrue(connection.getAutoCommit());
  }

  @Test
  void thePreparedModeRunsAWriteOnlyInATransactionThatIsRolledBack() throws SQLException {
    String before = scalar("SELECT md5(string_agg(_id || ':' || data::text, ',' ORDER BY _id)) FROM docs");
    StatementRoutes routes = explainer(false).explain(new ExplainStatement(
        "UPDATE docs SET data = data || jsonb_build_object('seen', now()::text) WHERE _id = $1", List.of("7"),
        "UPDATE docs SET data = data || jsonb_build_object('seen', now()::text) WHERE _id = 7", true),
        List.of(PlanMode.PREPARED));
    ModeRoute prepared = routes.in(PlanMode.PREPARED).orElseThrow();
    assertTrue(String.join("\n", prepared.plan()).contains("Update on public.docs"), prepared.plan().toString());
    assertEquals(before, scalar("SELECT md5(string_agg(_id || ':' || data::text, ',' ORDER BY _id)) FROM docs"),
        "every execution was rolled back");
    assertEquals("0", scalar("SELECT count(*) FROM pg_prepared_statements WHERE from_sql"));
    assertTrue(connection.getAutoCommit());
  }

  @Test
  void aPreparedStatementThatCannotRunFiveTimesShowsItsFirstPlanAndSaysWhy() throws SQLException {
    StatementRoutes routes = explainer(false).explain(new ExplainStatement(
        "INSERT INTO docs (_id, data) VALUES ($1, '{}')", List.of("7"), "INSERT INTO docs (_id, data) VALUES (7, '{}')",
        true), List.of(PlanMode.PREPARED));
    ModeRoute prepared = routes.in(PlanMode.PREPARED).orElseThrow();
    assertEquals(Route.SINGLE_NODE, prepared.verdict().route(), "the first plan is still a verdict");
    assertTrue(String.join("\n", prepared.plan()).contains("Insert on public.docs"), prepared.plan().toString());
    assertTrue(prepared.note().startsWith("its first plan: the statement could not be run 5 times to see the plan the"
        + " server keeps for later executions (23505 ERROR: duplicate key value"), prepared.note());
    assertEquals("1000", scalar("SELECT count(*) FROM docs"));
    assertEquals("0", scalar("SELECT count(*) FROM pg_prepared_statements WHERE from_sql"));
    assertTrue(connection.getAutoCommit());
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
