package stress.app;

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
import stress.ops.SentStatement;
import stress.ops.StatementRecorder;
import stress.table.DocumentTable;
import stress.target.TargetInfo;
import stress.target.explain.ExplainStatement;
import stress.target.explain.PlanMode;
import stress.target.explain.RouteExplainer;
import stress.target.explain.StatementRoutes;
import stress.keys.KeyChooser;

/**
 * Where each operation's statements go, per plan mode: each operation runs once as a dry run (its own SQL
 * and real keys, no write sent), then each statement it sent is explained. Shared by {@code stress explain}
 * and {@code run --explain}.
 */
final class RouteCheck {
  private RouteCheck() {}

  /** One statement of one operation, explained. */
  record Explained(String operation, String statementLabel, SentStatement sent, StatementRoutes routes) {}

  /**
   * What was checked.
   *
   * @param modes      the plan modes asked about
   * @param notes      the target's notes (e.g. why Postgres-XL prepared statements are not analyzed)
   * @param statements every statement of every operation, in order
   * @param silent     operations that sent no statement through their executor, so nothing could be explained
   */
  record Result(List<PlanMode> modes, List<String> notes, List<Explained> statements, List<String> silent) {}

  /**
   * @param connection an autocommit connection nothing else uses meanwhile
   * @param wanted     which of the server's plan modes to ask about
   * @param newDocuments new keys for operations that insert (their writes are only recorded), or null when none does
   */
  static Result check(Connection connection, TargetInfo target, DocumentTable table, List<Operation> operations,
                      OperationSettings settings, NewDocuments newDocuments, KeyChooser keys, long seed,
                      Predicate<PlanMode> wanted, boolean analyze) throws SQLException {
    RouteExplainer explainer = new RouteExplainer(connection, target, analyze);
    List<PlanMode> modes = explainer.availableModes().stream().filter(wanted).toList();
    SplittableRandom random = new SplittableRandom(seed);
    List<Explained> explained = new ArrayList<>();
    List<String> silent = new ArrayList<>();
    for (Operation op : operations) {
      Operation.Bound bound = op.bind(new OperationContext(table, settings, newDocuments));
      List<SentStatement> sent = StatementRecorder.record(bound, connection, keys, random.split(), settings.fetchSize());
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
    return new Result(modes, explainer.routing().notes(), explained, silent);
  }

  private static String firstWord(String sql) {
    String text = sql.strip();
    int space = text.indexOf(' ');
    return (space < 0 ? text : text.substring(0, space)).toUpperCase(Locale.ROOT);
  }
}
