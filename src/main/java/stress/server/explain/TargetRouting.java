package stress.server.explain;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import stress.server.TargetInfo;

/**
 * How one kind of target is read: its plan reader, where the totals come from (shards of the table, datanodes,
 * segments), and the advice for a statement that spreads where it could have gone to one node.
 */
public interface TargetRouting {

  /** The routing rules of the detected target. */
  static TargetRouting forTarget(TargetInfo target) {
    return switch (target.kind()) {
      case POSTGRESQL -> new PostgresRouting("plain PostgreSQL");
      case XL_DATANODE -> new PostgresRouting("a Postgres-XL datanode: its own rows only");
      case CITUS_COORDINATOR, CITUS_WORKER -> new CitusRouting();
      case XL_COORDINATOR -> new XlRouting(target.xl().datanodes().size());
      case GREENPLUM -> new GreenplumRouting(target.greenplum().primarySegments());
    };
  }

  /**
   * Where the plan sends its statement.
   *
   * @param plan       the EXPLAIN output, one line per row
   * @param connection the connection the plan came from, for catalog look-ups of totals (Citus shards)
   */
  Verdict verdict(List<String> plan, Connection connection) throws SQLException;

  /** What to do when {@code mode} spreads a statement that another mode sends to one node. */
  default String broadcastAdvice(PlanMode mode) {
    return "use --mode plain or --query-mode simple: the values then reach the server as literals";
  }

  /** What to do when the server refuses a statement in {@code mode} that another mode runs. */
  default String refusalAdvice(PlanMode mode, String sqlState) {
    return "the server refuses this statement as " + mode.label() + " (" + sqlState
        + "); measure it in a mode that works";
  }

  /** Null when EXPLAIN ANALYZE may run in {@code mode}; otherwise why it must not. */
  default String analyzeRefusal(PlanMode mode) {
    return null;
  }

  /** Lines every explanation on this target should carry, or none. */
  default List<String> notes() {
    return List.of();
  }
}
