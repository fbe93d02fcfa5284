package stress.server.explain;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Citus: tasks per shard from the plan, the table's shard count from {@code pg_dist_shard}. */
final class CitusRouting implements TargetRouting {
  // the shard named in the plan leads to its table, and the table to its shard count
  private static final String SHARDS_OF_TABLE = "SELECT count(*) FROM pg_dist_shard t"
      + " WHERE t.logicalrelid = (SELECT s.logicalrelid FROM pg_dist_shard s WHERE s.shardid = ?)";

  @Override
  public Verdict verdict(List<String> plan, Connection connection) throws SQLException {
    CitusPlan parsed = CitusPlan.parse(plan);
    // each step's table may have its own shard count (a reference table has one)
    Map<Long, Integer> totals = new HashMap<>();
    List<Long> shards = new ArrayList<>();
    shards.add(parsed.shardId());
    parsed.steps().forEach(s -> shards.add(s.shardId()));
    for (Long shard : shards) {
      if (shard != null && !totals.containsKey(shard)) {
        totals.put(shard, shardsOfTableOwning(connection, shard));
      }
    }
    return parsed.verdict(shard -> shard == null ? null : totals.get(shard));
  }

  private static Integer shardsOfTableOwning(Connection connection, long shardId) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(SHARDS_OF_TABLE)) {
      ps.setLong(1, shardId);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        int count = rs.getInt(1);
        return count == 0 ? null : count;
      }
    }
  }

  @Override
  public String refusalAdvice(PlanMode mode, String sqlState) {
    if (mode == PlanMode.GENERIC) {
      return "Citus cannot run a multi-shard statement with parameters as a generic plan; under the default"
          + " plan_cache_mode=auto it keeps custom plans for it, so do not --set plan_cache_mode=force_generic_plan"
          + " (or use --mode plain)";
    }
    return TargetRouting.super.refusalAdvice(mode, sqlState);
  }
}
