package stress.server.explain;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import stress.server.TargetInfo;

/**
 * Asks the server where a statement goes, in each plan mode: {@code EXPLAIN (VERBOSE)} of the literal SQL, and
 * {@code PREPARE} + {@code EXPLAIN (VERBOSE) EXECUTE} under each {@code plan_cache_mode}. Without ANALYZE nothing
 * is executed. With ANALYZE every statement runs inside a transaction that is rolled back, so a write leaves no
 * trace, and never where the target's rules forbid it (prepared statements on Postgres-XL). A refusal by the
 * server becomes a {@link Route#REFUSED} verdict with its SQLState; only a lost connection is thrown.
 *
 * <p>It uses the connection alone, in autocommit, and leaves {@code plan_cache_mode} as it found it.
 */
public final class RouteExplainer {
  /** The name of the statement it prepares (and deallocates) for each explanation. */
  static final String STATEMENT_NAME = "stress_explain";
  /**
   * Executions a server's plan cache plans for their values before it may keep a generic plan (PostgreSQL's
   * plancache.c, and so Postgres-XL's: five custom plans, then a generic one when it does not cost more).
   */
  static final int CUSTOM_PLANS = 5;

  private final Connection connection;
  private final TargetRouting routing;
  private final boolean analyze;

  /**
   * @param connection an autocommit connection to the target, used by nothing else meanwhile
   * @param target     what the connection reaches
   * @param analyze    run EXPLAIN (ANALYZE) where allowed, in a rolled-back transaction
   */
  public RouteExplainer(Connection connection, TargetInfo target, boolean analyze) {
    this.connection = connection;
    this.routing = TargetRouting.forTarget(target);
    this.analyze = analyze;
  }

  /** The target's rules this explainer reads plans by. */
  public TargetRouting routing() {
    return routing;
  }

  /**
   * The plan modes this server can be asked about: generic, custom and plain where {@code plan_cache_mode}
   * exists (PostgreSQL 12 and later), else prepared (the server's own choice) and plain.
   */
  public List<PlanMode> availableModes() throws SQLException {
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_settings WHERE name = 'plan_cache_mode'")) {
      rs.next();
      return rs.getInt(1) > 0
          ? List.of(PlanMode.GENERIC, PlanMode.CUSTOM, PlanMode.PLAIN)
          : List.of(PlanMode.PREPARED, PlanMode.PLAIN);
    }
  }

  /** Explains the statement in each mode given, in that order, and flags the modes that do worse than another. */
  public StatementRoutes explain(ExplainStatement statement, List<PlanMode> modes) throws SQLException {
    if (!connection.getAutoCommit()) {
      throw new IllegalStateException("explaining needs a connection in autocommit mode");
    }
    List<ModeRoute> results = new ArrayList<>();
    for (PlanMode mode : modes) {
      results.add(explainIn(mode, statement));
    }
    return StatementRoutes.of(results, routing);
  }

  private ModeRoute explainIn(PlanMode mode, ExplainStatement statement) throws SQLException {
    String analyzeRefused = analyze ? routing.analyzeRefusal(mode) : null;
    boolean withAnalyze = analyze && analyzeRefused == null;
    String note = analyzeRefused != null ? "ANALYZE skipped: " + analyzeRefused
        : withAnalyze ? "ANALYZE ran it in a transaction that was rolled back" : null;
    String explain = withAnalyze ? "EXPLAIN (ANALYZE, VERBOSE) " : "EXPLAIN (VERBOSE) ";
    List<String> plan;
    try {
      if (mode == PlanMode.PREPARED) {
        Explained e = explainAsRunsExecute(statement, explain);
        return new ModeRoute(mode, e.plan(), routing.verdict(e.plan(), connection), join(note, e.note()));
      }
      plan = mode.prepared()
          ? explainPrepared(mode, statement, explain, withAnalyze)
          : planOf(explain + statement.literalText(), withAnalyze);
    } catch (SQLException e) {
      if (connectionLost(e)) {
        throw e;
      }
      return new ModeRoute(mode, List.of(), Verdict.refused(e.getSQLState(), e.getMessage()), note);
    }
    return new ModeRoute(mode, plan, routing.verdict(plan, connection), note);
  }

  private static String join(String a, String b) {
    return a == null ? b : b == null ? a : a + "; " + b;
  }

  /** A plan and how it was come by. */
  private record Explained(List<String> plan, String note) {}

  /**
   * The server's own choice of plan (no {@code plan_cache_mode}), as a run's prepared statement gets it: the plan
   * cache plans the first {@value #CUSTOM_PLANS} executions of a prepared statement for their values (custom plans)
   * and from the next one on may keep a generic plan, which on Postgres-XL 10 can reach every datanode where the
   * custom plan reached one (an UPDATE by {@code _id}: {@code Remote Subquery Scan on all (dn2)}, then
   * {@code on all (dn1,dn2)}). A run executes its statements far more often, so the statement is planned
   * {@value #CUSTOM_PLANS} times (its first plan explained, then executed) and explained at its next execution, all in
   * one transaction that is rolled back, so a write leaves nothing behind; the note gives the first plan's route
   * when it differs.
   * Plain {@code EXPLAIN EXECUTE}, never with ANALYZE on Postgres-XL: after six executions
   * {@code EXPLAIN (ANALYZE) EXECUTE} crashed the 10r1.1 coordinator backend. The first plan is explained on a prepared
   * statement of its own that is never executed: executing a prepared statement twice after an
   * {@code EXPLAIN (VERBOSE) EXECUTE} of it crashes the 10r1.1 coordinator backend (SIGSEGV, a plain range find over
   * 5,000 documents; reproduced from psql). When an execution fails (the server refuses the values twice, say), the
   * first plan is shown and the note says why.
   */
  private Explained explainAsRunsExecute(ExplainStatement statement, String explain) throws SQLException {
    String execute = "EXECUTE " + STATEMENT_NAME + arguments(statement);
    String firstName = STATEMENT_NAME + "_first";
    boolean prepared = false;
    boolean firstPrepared = false;
    connection.setAutoCommit(false);
    try (Statement s = connection.createStatement()) {
      try {
        s.execute("PREPARE " + firstName + " AS " + statement.preparedText());
        firstPrepared = true;
        List<String> first = lines("EXPLAIN (VERBOSE) EXECUTE " + firstName + arguments(statement));
        s.execute("PREPARE " + STATEMENT_NAME + " AS " + statement.preparedText());
        prepared = true;
        // planned CUSTOM_PLANS times here: the last EXPLAIN is the next planning
        try {
          for (int i = 0; i < CUSTOM_PLANS; i++) {
            s.execute(execute);
          }
        } catch (SQLException e) {
          if (connectionLost(e)) {
            throw e;
          }
          return new Explained(first, "its first plan: the statement could not be run " + CUSTOM_PLANS
              + " times to see the plan the server keeps for later executions (" + e.getSQLState() + " "
              + oneLine(e.getMessage()) + ")");
        }
        List<String> later = lines(explain + execute);
        String firstRoute = routing.verdict(first, connection).line();
        String note = "the plan the server keeps from the " + ordinal(CUSTOM_PLANS + 1) + " execution on, explained"
            + " after " + CUSTOM_PLANS + " plannings in a transaction that was rolled back";
        if (!firstRoute.equals(routing.verdict(later, connection).line())) {
          note += "; its first " + CUSTOM_PLANS + " executions: " + firstRoute;
        }
        return new Explained(later, note);
      } finally {
        connection.rollback();
        if (firstPrepared) {
          s.execute("DEALLOCATE " + firstName); // PREPARE is not undone by the rollback
        }
        if (prepared) {
          s.execute("DEALLOCATE " + STATEMENT_NAME);
        }
      }
    } finally {
      connection.setAutoCommit(true);
    }
  }

  private static String ordinal(int n) {
    return n + (n % 10 == 1 && n % 100 != 11 ? "st" : n % 10 == 2 && n % 100 != 12 ? "nd"
        : n % 10 == 3 && n % 100 != 13 ? "rd" : "th");
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " / ");
  }

  private List<String> explainPrepared(PlanMode mode, ExplainStatement statement, String explain, boolean withAnalyze)
      throws SQLException {
    try (Statement s = connection.createStatement()) {
      if (mode.planCacheMode() != null) {
        s.execute("SET plan_cache_mode = " + mode.planCacheMode());
      }
      try {
        s.execute("PREPARE " + STATEMENT_NAME + " AS " + statement.preparedText());
        try {
          return planOf(explain + "EXECUTE " + STATEMENT_NAME + arguments(statement), withAnalyze);
        } finally {
          s.execute("DEALLOCATE " + STATEMENT_NAME);
        }
      } finally {
        if (mode.planCacheMode() != null) {
          s.execute("RESET plan_cache_mode");
        }
      }
    }
  }

  private static String arguments(ExplainStatement statement) {
    return statement.parameterLiterals().isEmpty() ? "" : "(" + String.join(", ", statement.parameterLiterals()) + ")";
  }

  /** Runs one EXPLAIN; with ANALYZE inside a transaction that is always rolled back. */
  private List<String> planOf(String explainSql, boolean inRolledBackTransaction) throws SQLException {
    if (!inRolledBackTransaction) {
      return lines(explainSql);
    }
    connection.setAutoCommit(false);
    try {
      return lines(explainSql);
    } finally {
      connection.rollback();
      connection.setAutoCommit(true);
    }
  }

  private List<String> lines(String sql) throws SQLException {
    List<String> lines = new ArrayList<>();
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        lines.add(rs.getString(1));
      }
    }
    return lines;
  }

  /** Class 08 (connection exception) and a closed connection end the explaining; anything else is a refusal. */
  private boolean connectionLost(SQLException e) throws SQLException {
    String state = e.getSQLState();
    return (state != null && state.startsWith("08")) || connection.isClosed();
  }
}
