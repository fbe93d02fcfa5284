package stress.app.plan;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import stress.ops.NewDocuments;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.model.OperationSettings;
import stress.ops.sql.SentStatement;
import stress.ops.StatementRecorder;
import stress.ops.sql.UnfinishedExecution;
import stress.config.Durations;
import stress.connect.ReadTimeout;
import stress.table.DocumentTable;
import stress.server.TargetInfo;
import stress.server.explain.ExplainStatement;
import stress.server.explain.PlanMode;
import stress.server.explain.RouteExplainer;
import stress.server.explain.StatementRoutes;
import stress.keys.KeyChooser;

/**
 * Where each operation's statements go, per plan mode: each operation runs once as a dry run (its own SQL
 * and real keys, no write sent), then each statement it sent is explained. Shared by {@code stress explain}
 * and {@code run --explain}.
 */
public final class RouteCheck {
  private RouteCheck() {}

  /** One statement of one operation, explained. */
  public record Explained(String operation, String statementLabel, SentStatement sent, StatementRoutes routes) {}

  /**
   * What was checked.
   *
   * @param modes      the plan modes asked about
   * @param notes      the target's notes (e.g. why Postgres-XL prepared statements are not analyzed)
   * @param statements every statement of every operation, in order
   * @param silent     operations that sent no statement through their executor, so nothing could be explained
   */
  public record Result(List<PlanMode> modes, List<String> notes, List<Explained> statements, List<String> silent,
                       List<Unfinished> unfinished) {}

  /** An operation whose dry run a timeout ended: what ended it, and the statement it was on (when it had sent one). */
  public record Unfinished(String operation, String why) {
    String line() {
      return operation + ": did not finish: " + why;
    }
  }

  /**
   * What may end one operation's dry run without ending the check: the server's statement timeout, or the client's
   * socket timeout (which closes the connection: the others go on on a new one).
   *
   * @param statementTimeout the connection's statement_timeout, zero for none
   * @param socketTimeout    the client's socket timeout, zero for none
   * @param reopen           a new connection like the first, for after a socket timeout
   */
  public record Limits(java.time.Duration statementTimeout, java.time.Duration socketTimeout, Reopen reopen) {}

  /** Opens a connection like the check's first one. */
  public interface Reopen {
    Connection open() throws SQLException;
  }

  /**
   * @param connection an autocommit connection nothing else uses meanwhile
   * @param wanted     which of the server's plan modes to ask about
   * @param newDocuments new keys for operations that insert (their writes are only recorded), or null when none does
   */
  public static Result check(Connection connection, TargetInfo target, DocumentTable table, List<Operation> operations,
                             OperationSettings settings, NewDocuments newDocuments, KeyChooser keys, long seed,
                             Predicate<PlanMode> wanted, boolean analyze, Limits limits) throws SQLException {
    Connection current = connection;
    try {
      RouteExplainer explainer = new RouteExplainer(current, target, analyze);
      List<PlanMode> modes = explainer.availableModes().stream().filter(wanted).toList();
      SplittableRandom random = new SplittableRandom(seed);
      List<Explained> explained = new ArrayList<>();
      List<String> silent = new ArrayList<>();
      List<Unfinished> unfinished = new ArrayList<>();
      for (Operation op : operations) {
        Operation.Bound bound = op.bind(new OperationContext(table, settings, newDocuments));
        List<SentStatement> sent;
        try {
          sent = StatementRecorder.record(bound, current, keys, random.split(), settings.fetchSize());
        } catch (UnfinishedExecution e) {
          String why = whyUnfinished(e, limits);
          if (why == null) {
            throw e;
          }
          unfinished.add(new Unfinished(op.name(), why + (e.sent().isEmpty() ? ""
              : "; its statement: " + e.sent().get(e.sent().size() - 1).sql().text().strip())));
          if (current.isClosed() || ReadTimeout.causedBy(e)) {
            if (current != connection) {
              current.close();
            }
            current = limits.reopen().open();
            explainer = new RouteExplainer(current, target, analyze);
          }
          continue;
        }
        explainAll(op, sent, current, explainer, modes, explained, silent);
      }
      return new Result(modes, explainer.routing().notes(), explained, silent, unfinished);
    } finally {
      if (current != connection) {
        current.close();
      }
    }
  }

  /** What ended an operation's dry run, if a timeout did (null for any other error, which ends the check). */
  private static String whyUnfinished(SQLException e, Limits limits) {
    if (ReadTimeout.causedBy(e)) {
      return "no reply within the client's socket timeout (--socket-timeout " + Durations.format(
          limits.socketTimeout()) + "), so its connection was closed; the others ran on a new one";
    }
    if ("57014".equals(e.getSQLState()) && !limits.statementTimeout().isZero()) {
      return "the server cancelled it at the statement timeout (--statement-timeout "
          + Durations.format(limits.statementTimeout()) + ")";
    }
    return null;
  }

  private static void explainAll(Operation op, List<SentStatement> sent, Connection connection,
                                 RouteExplainer explainer, List<PlanMode> modes, List<Explained> explained,
                                 List<String> silent) throws SQLException {
    if (sent.isEmpty()) {
      silent.add(op.name());
    }
    for (int i = 0; i < sent.size(); i++) {
      SentStatement s = sent.get(i);
      ExplainStatement statement = new ExplainStatement(s.preparedText(), s.parameterLiterals(connection),
          s.literalText(connection), s.writes());
      String label = (sent.size() > 1 ? (i + 1) + " " : "") + firstWord(s.sql().text());
      explained.add(new Explained(op.name(), label, s, explainer.explain(statement, modes)));
    }
  }

  private static String firstWord(String sql) {
    String text = sql.strip();
    int space = text.indexOf(' ');
    return (space < 0 ? text : text.substring(0, space)).toUpperCase(Locale.ROOT);
  }

  /**
   * Where a run's statements go in the run's statement modes: prepared covers the generic and the custom plan (which
   * one a named statement gets is the server's choice), plain the literal SQL.
   */
  public static Result forRun(stress.config.RunConfig config, stress.connect.ConnectionSpec spec, TargetInfo target,
                              stress.table.DocumentTable table, List<stress.ops.Operation> operations,
                              stress.keys.KeyChooser keys) throws SQLException {
    List<String> init = List.of("SET statement_timeout = " + config.timeouts().statement().toMillis());
    try (java.sql.Connection c = stress.connect.PhysicalConnections.open(spec.withInitStatements(init))) {
      return check(c, target, table, operations, config.operationSettings(), null, keys, config.seed(),
          mode -> config.modes().contains(mode.prepared() ? stress.model.StatementMode.PREPARED
              : stress.model.StatementMode.PLAIN), false,
          new Limits(config.timeouts().statement(), config.timeouts().socket(),
              () -> stress.connect.PhysicalConnections.open(spec.withInitStatements(init))));
    }
  }
}
