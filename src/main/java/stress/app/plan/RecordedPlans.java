package stress.app.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import stress.model.MongoRecorded;
import stress.report.RecordedOperation;
import stress.server.explain.IndexUse;
import stress.server.explain.ModeRoute;
import stress.server.explain.Route;

/**
 * The operations whose workload file says what MongoDB recorded, each with this target's plan from the route check
 * made before measuring: the indexes it reads, the tables it reads whole, and its route on a cluster. The first plan
 * mode the server did not refuse stands for the operation (the modes differ in route, rarely in index use).
 */
public final class RecordedPlans {
  private RecordedPlans() {}

  /**
   * @param recorded   MongoDB's figures by operation, for the operations of the run's mix
   * @param routes     the route check, or null when it was not made
   * @param notChecked why there is no route check (when {@code routes} is null)
   * @param inserting  the operations the check leaves out because they insert new keys
   * @param missing    per MongoDB-style operation, the indexes that serve it and the table lacks (empty: all there);
   *                   an operation not in it is SQL, whose indexes are not known
   * @param suggest    the command that builds indexes for the file's operations, named where MongoDB read an index and
   *                   this target reads the whole table for want of one
   */
  public static List<RecordedOperation> of(Map<String, MongoRecorded> recorded, RouteCheck.Result routes, String notChecked,
                                           Set<String> inserting, Map<String, List<String>> missing, String suggest) {
    List<RecordedOperation> out = new ArrayList<>();
    recorded.forEach((name, figures) -> {
      if (inserting.contains(name)) {
        out.add(new RecordedOperation(name, figures, "not explained (it inserts new keys)", false, false, null, ""));
      } else if (routes == null) {
        out.add(new RecordedOperation(name, figures, "not explained: " + notChecked, false, false, null, ""));
      } else {
        RecordedOperation planned = planned(name, figures, routes);
        out.add(planned.lostItsIndex() ? planned.withNote(lostIndexNote(figures, missing.get(name), suggest)) : planned);
      }
    });
    return out;
  }

  /**
   * Why this target reads the whole table where MongoDB read an index: an index that would serve it is missing (named,
   * with the command that builds it), or the indexes are there and the planner still chose to read the table, which
   * it does when the table (each shard, on a cluster) is small or its statistics say the filter keeps most rows.
   */
  static String lostIndexNote(MongoRecorded figures, List<String> missing, String suggest) {
    String head = "MongoDB read an index (" + figures.plan() + "), this reads the whole table: ";
    if (missing == null) {
      return head + "check the indexes its SQL needs ('stress explain --workload FILE' shows the plan)";
    }
    if (!missing.isEmpty()) {
      return head + "it lacks " + String.join(", ", missing) + "; '" + suggest + "' builds "
          + (missing.size() == 1 ? "it" : "them");
    }
    return head + "the indexes that serve it are there and the planner chose not to use them, as it does when the"
        + " table (each shard, on a cluster) is small; on the full data, or after ANALYZE, it may";
  }

  private static RecordedOperation planned(String name, MongoRecorded figures, RouteCheck.Result routes) {
    Set<String> indexes = new LinkedHashSet<>();
    Set<String> whole = new LinkedHashSet<>();
    String route = null;
    String refused = null;
    boolean any = false;
    for (RouteCheck.Explained statement : routes.statements()) {
      if (!statement.operation().equals(name)) {
        continue;
      }
      ModeRoute mode = statement.routes().modes().stream().filter(m -> m.verdict().route() != Route.REFUSED)
          .findFirst().orElse(null);
      if (mode == null) {
        refused = statement.routes().modes().isEmpty() ? "no plan mode to explain"
            : statement.routes().modes().get(0).verdict().line();
        continue;
      }
      any = true;
      IndexUse use = IndexUse.of(mode.plan());
      indexes.addAll(use.indexes());
      whole.addAll(use.fullScans());
      if (route == null && mode.verdict().route() != Route.SINGLE_NODE) {
        route = mode.verdict().brief();
      }
    }
    if (!any) {
      String why = refused != null ? refused : routes.silent().contains(name) ? "it sent no statement in a dry run"
          : "no statement of it was explained";
      return new RecordedOperation(name, figures, "not explained: " + why, false, false, null, "");
    }
    return new RecordedOperation(name, figures, new IndexUse(List.copyOf(indexes), List.copyOf(whole)).line(),
        !indexes.isEmpty(), !whole.isEmpty(), route, "");
  }

  /** What MongoDB recorded for the operations of the run's mix, in the file's order; empty without a file. */
  public static java.util.Map<String, stress.model.MongoRecorded> figures(stress.config.RunConfig config) {
    java.util.Map<String, stress.model.MongoRecorded> figures = new java.util.LinkedHashMap<>();
    if (config.workload() != null) {
      config.workload().recorded().forEach((name, recorded) -> {
        if (config.mix().names().contains(name)) {
          figures.put(name, recorded);
        }
      });
    }
    return figures;
  }
}
