package stress.app.plan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import stress.load.TableSetup;
import stress.table.DocumentTable;
import stress.table.Layout;
import stress.server.TargetInfo;
import stress.server.TargetKind;
import stress.server.explain.CitusJoins;
import stress.server.explain.NodeJoins;
import stress.server.explain.ModeRoute;
import stress.server.explain.Route;
import stress.workload.LookupStages;
import stress.workload.WorkloadFile;

/**
 * On a Citus coordinator, one line per {@code $lookup} stage of each explained pipeline: a co-located join (the plan
 * joins a shard of both tables in one task) or not (the foreign table's shards read apart and joined on one node), and
 * why not, from the two tables' layouts; on Postgres-XL and Greenplum the same from where the plan moves rows
 * ({@link NodeJoins}). Read from the statement's first plan the server did not refuse.
 */
public final class LookupJoins {
  private static final String PIPELINE_LOOKUP = "a $lookup with a pipeline joins by its own conditions, not by"
      + " localField and foreignField";

  private LookupJoins() {}

  public static List<String> lines(Connection c, TargetInfo target, DocumentTable table, WorkloadFile workload,
                                   RouteCheck.Result result) throws SQLException {
    List<String> lines = new ArrayList<>();
    boolean citus = target.kind() == TargetKind.CITUS_COORDINATOR;
    if (!citus && target.kind() != TargetKind.GREENPLUM && target.kind() != TargetKind.XL_COORDINATOR
        || workload == null) {
      return lines;
    }
    Set<String> done = new HashSet<>();
    for (RouteCheck.Explained e : result.statements()) {
      List<LookupStages.Stage> stages = LookupStages.of(c, table, workload.mongo().get(e.operation()));
      ModeRoute planned = e.routes().modes().stream().filter(m -> m.verdict().route() != Route.REFUSED
          && !m.plan().isEmpty()).findFirst().orElse(null);
      if (stages.isEmpty() || planned == null || !done.add(e.operation())) {
        continue;
      }
      List<String> foreign = stages.stream().map(s -> s.table() == null ? "" : s.table()).toList();
      List<CitusJoins.Join> joins = citus ? CitusJoins.read(planned.plan(), table.name(), foreign) : null;
      List<NodeJoins.Join> nodeJoins = citus ? null : NodeJoins.read(planned.plan(), foreign);
      for (int i = 0; i < stages.size(); i++) {
        LookupStages.Stage s = stages.get(i);
        String head = e.operation() + " $lookup from " + s.from() + (s.table() == null ? "" : " (" + s.table() + ")")
            + ": ";
        lines.add(head + (s.table() == null ? "no table of that collection beside " + table.displayName()
            : citus ? verdict(c, table, s, joins.get(i)) : verdict(c, table, s, nodeJoins.get(i), target.kind())));
      }
    }
    return lines;
  }

  private static String verdict(Connection c, DocumentTable local, LookupStages.Stage s, CitusJoins.Join join)
      throws SQLException {
    Layout foreign = TableSetup.existing(c, local.schema(), s.table(), false).layout();
    return switch (join.kind()) {
      case CO_LOCATED -> (foreign.kind() == Layout.Kind.REFERENCE ? "co-located join with reference table " + s.table()
          : "co-located join on " + (s.foreignField() == null ? "the distribution columns" : s.foreignField()))
          + (join.tasks() != null && join.tasks() == 1 ? ": one task joins the shards of one key on one worker"
          : ": each of " + join.tasks() + " tasks joins a shard of both tables on its worker");
      case PULLED -> "not co-located: " + s.table() + " is read from " + join.tasks() + " of "
          + shards(c, local.schema(), s.table()) + " shards into an intermediate result"
          + (join.subplan() == null ? "" : " (Distributed Subplan " + join.subplan() + ")")
          + " and joined on one node; " + why(s, local, foreign);
      case NOT_READ -> "not co-located: no task of the plan reads " + s.table() + " (Citus shows one task per step)";
    };
  }

  /** On Postgres-XL or Greenplum: joined where the rows are stored, or moved first, and why. */
  private static String verdict(Connection c, DocumentTable local, LookupStages.Stage s, NodeJoins.Join join,
                                TargetKind kind) throws SQLException {
    String node = kind == TargetKind.GREENPLUM ? "segment" : "datanode";
    if (!join.read()) {
      return "not co-located: the plan shows no scan of " + s.table();
    }
    Layout foreign = TableSetup.existing(c, local.schema(), s.table(), false).layout();
    if (join.colocated() && foreign.kind() == Layout.Kind.REFERENCE) {
      return "joined where each document is stored: " + s.table() + " is on every " + node + " (replicated), nothing"
          + " moves between the tables";
    }
    if (join.colocated()) {
      return "co-located join on " + (s.foreignField() == null ? "the distribution columns" : s.foreignField())
          + ": each " + node + " joins the rows it stores, nothing moves between the tables";
    }
    String moved = "not co-located: " + s.table() + "'s rows are moved to the join (" + join.moved() + "); ";
    if (foreign.kind() == Layout.Kind.REFERENCE) {
      return moved + s.table() + " is on every " + node + " (replicated), but " + (kind == TargetKind.GREENPLUM
          ? "the $lookup is written in its general form on Greenplum, which reads it apart for each document"
          : "a stage before the $lookup runs on the coordinator (a $sort with a $limit, or a stage that changes the"
          + " documents), so the join runs there");
    }
    if (s.localField() == null) {
      return moved + PIPELINE_LOOKUP;
    }
    List<String> reasons = layoutReasons(s, local, foreign); // co-location groups are Citus' alone
    return moved + (reasons.isEmpty() ? "both tables are distributed by the joined paths, but the plan moves them (a"
        + " key the leading $match pins, or a stage before the $lookup that changes the documents)"
        : String.join("; ", reasons));
  }

  /** Why the join is not co-located, from the two layouts. */
  static String why(LookupStages.Stage s, DocumentTable local, Layout foreign) {
    if (s.localField() == null) {
      return PIPELINE_LOOKUP;
    }
    List<String> reasons = layoutReasons(s, local, foreign);
    Layout mine = local.layout();
    if (reasons.isEmpty() && !Objects.equals(mine.group(), foreign.group())) {
      reasons.add("the two tables are in different co-location groups (" + mine.group() + ", " + foreign.group() + ")");
    }
    return reasons.isEmpty() ? "both tables are distributed by the joined paths in one co-location group, but a"
        + " stage before the $lookup other than $match changes the documents (or sorts or cuts them without a $match"
        + " that pins one key), so its SQL compares their values, not the key columns, and Citus plans the foreign"
        + " read apart" : String.join("; ", reasons);
  }

  /** The tables' layouts that are not by the paths the {@code $lookup} joins on. */
  private static List<String> layoutReasons(LookupStages.Stage s, DocumentTable local, Layout foreign) {
    List<String> reasons = new ArrayList<>();
    Layout mine = local.layout();
    if (!mine.keyed() || !mine.path().equals(s.localField())) {
      reasons.add(local.name() + " is " + mine.describe() + ", not by localField " + s.localField());
    }
    if (foreign.kind() != Layout.Kind.REFERENCE && (!foreign.keyed() || !foreign.path().equals(s.foreignField()))) {
      reasons.add(s.table() + " is " + foreign.describe() + ", not by foreignField " + s.foreignField());
    }
    return reasons;
  }

  private static String shards(Connection c, String schema, String table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM pg_catalog.pg_dist_shard WHERE logicalrelid"
        + " = CAST(? AS regclass)")) {
      ps.setString(1, new DocumentTable(schema, table, stress.table.IdType.TEXT).qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return Long.toString(rs.getLong(1));
      }
    }
  }
}
