package stress.server.explain;

import java.sql.Connection;
import java.util.List;

/** Postgres-XL: datanodes from the plan, the total from {@code pgxc_node}. */
final class XlRouting implements TargetRouting {
  static final String NO_ANALYZE_ON_PREPARED = "on Postgres-XL 10r1.1, EXPLAIN (ANALYZE) EXECUTE of a prepared"
      + " statement that had run six times crashed the coordinator backend (signal 11), so prepared statements are"
      + " explained without ANALYZE; the routing shows without it";

  private final int datanodes;

  XlRouting(int datanodes) {
    this.datanodes = datanodes;
  }

  @Override
  public Verdict verdict(List<String> plan, Connection connection) {
    return XlPlan.parse(plan).verdict(datanodes);
  }

  @Override
  public String broadcastAdvice(PlanMode mode) {
    return "Postgres-XL does not use bound parameters to choose datanodes, so a prepared statement goes to every"
        + " datanode; use --mode plain or --query-mode simple (pgjdbc then sends the values as literals) to reach"
        + " only the datanode that holds the key";
  }

  @Override
  public String analyzeRefusal(PlanMode mode) {
    return mode.prepared() ? NO_ANALYZE_ON_PREPARED : null;
  }

  @Override
  public List<String> notes() {
    return List.of("ANALYZE is never run on prepared statements here: " + NO_ANALYZE_ON_PREPARED);
  }
}
