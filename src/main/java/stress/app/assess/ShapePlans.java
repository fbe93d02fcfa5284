package stress.app.assess;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import stress.app.plan.RouteCheck;
import stress.report.assess.IndexesSection;
import stress.server.explain.IndexUse;
import stress.server.explain.ModeRoute;
import stress.server.explain.PlanMode;
import stress.server.explain.Route;

/**
 * Each operation's plan as {@code stress explain} found it ({@link RouteCheck.Result}), one line per shape: served by
 * an index or a scan, which index, and where it goes on a cluster. Read in one plan mode: the custom plan (planned
 * for the values, as the first executions of a prepared statement are) where it was explained, else the first mode.
 */
final class ShapePlans {
  private ShapePlans() {}

  /** The mode the shapes are read in. */
  static PlanMode mode(RouteCheck.Result result) {
    return result.modes().contains(PlanMode.CUSTOM) ? PlanMode.CUSTOM
        : result.modes().isEmpty() ? PlanMode.PLAIN : result.modes().get(0);
  }

  /**
   * @param weights the workload file's operations with their weights, in file order
   * @param built   the names of the indexes the assessment built (a Citus shard's index ends in {@code _SHARDID})
   */
  static List<IndexesSection.Shape> of(String ns, Map<String, Integer> weights, RouteCheck.Result result,
                                       Set<String> built) {
    PlanMode mode = mode(result);
    List<IndexesSection.Shape> shapes = new ArrayList<>();
    for (Map.Entry<String, Integer> op : weights.entrySet()) {
      String name = op.getKey();
      long weight = op.getValue() == null ? 0 : op.getValue();
      List<RouteCheck.Explained> statements = result.statements().stream().filter(e -> e.operation().equals(name))
          .toList();
      String unfinished = result.unfinished().stream().filter(u -> u.operation().equals(name))
          .map(RouteCheck.Unfinished::why).findFirst().orElse(null);
      if (statements.isEmpty()) {
        shapes.add(new IndexesSection.Shape(ns, name, weight, mode.label(), false, "not explained", false, "unknown",
            0, unfinished != null ? "did not finish: " + unfinished : "sent no statement, so nothing was explained"));
        continue;
      }
      boolean scans = false;
      Set<String> indexes = new LinkedHashSet<>();
      Route worst = null;
      List<String> lines = new ArrayList<>();
      for (RouteCheck.Explained e : statements) {
        ModeRoute m = e.routes().in(mode).orElse(e.routes().modes().get(0));
        IndexUse use = IndexUse.of(m.plan());
        scans |= !use.fullScans().isEmpty() || m.verdict().route() == Route.REFUSED;
        use.indexes().forEach(i -> indexes.add(i.substring(0, i.indexOf(" (")).replace("\"", "")));
        worst = worse(worst, m.verdict().route());
        lines.add(e.statementLabel() + ": " + m.verdict().brief() + "; " + (m.plan().isEmpty()
            ? "no plan" : use.line()));
      }
      boolean bySuggested = indexes.stream().anyMatch(i -> built.contains(i) || built.contains(unsharded(i)));
      shapes.add(new IndexesSection.Shape(ns, name, weight, mode.label(), !scans && unfinished == null,
          indexes.isEmpty() ? (scans ? "seq scan" : "none needed") : String.join(", ", indexes), bySuggested,
          route(worst), statements.size(), String.join(" | ", lines)));
    }
    return shapes;
  }

  /** A Citus shard's index name without its shard id ({@code orders_status_s_idx_102008}). */
  static String unsharded(String index) {
    return index.replaceFirst("_[0-9]+$", "");
  }

  /** The route of the shape: the widest of its statements' (a refusal or an unknown over every other). */
  private static Route worse(Route a, Route b) {
    if (a == null) {
      return b;
    }
    List<Route> order = List.of(Route.SINGLE_NODE, Route.ONE, Route.SEVERAL, Route.ALL, Route.UNKNOWN, Route.REFUSED);
    return order.indexOf(b) > order.indexOf(a) ? b : a;
  }

  /** {@code single}, {@code several}, {@code all}; {@code NA} on one node; {@code refused}, {@code unknown}. */
  static String route(Route route) {
    return switch (route) {
      case SINGLE_NODE -> "NA";
      case ONE -> "single";
      default -> route.name().toLowerCase(Locale.ROOT);
    };
  }
}
