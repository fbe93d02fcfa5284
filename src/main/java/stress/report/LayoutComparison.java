package stress.report;

import static stress.report.TextTable.Align.LEFT;
import static stress.report.TextTable.Align.RIGHT;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import stress.metrics.OperationStats;

/**
 * The same workload on several tables of one collection laid out differently ({@code run --compare-tables}): per phase
 * and operation, where its statements go on each table and the ops/s measured there, with the ratio to the first
 * table. The phases of such a run carry the table in their combination ({@link #TABLE}).
 */
public final class LayoutComparison {
  /** The combination key that names a phase's table. */
  public static final String TABLE = "table";
  /** The line above the table, also the heading of the report's section. */
  public static final String TITLE = "Layouts compared";
  /** What the columns say, under the title. */
  public static final String EXPLANATION = "The same operations, threads and duration on each table; route = where"
      + " the operation's statements go in the phase's statement mode (the widest of its statements and plans), from"
      + " EXPLAIN before measuring; ops/s and p50 on each table (with rounds: their medians over the rounds). In a"
      + " mix the operations are compared by p50 (that table's / the first's) and only the total by ops/s: in a closed"
      + " loop each operation's ops/s is its weight's share of the total, so its ratio would repeat the total's. The"
      + " last columns say whether an operation's route and plan differ from the first table's: where both are the"
      + " same, its latency moved with the rest of the mix, not with the layout.";

  /** The reading of an operation whose route and plan are the same on a table as on the first, in a mix. */
  public static final String SAME_IN_MIX = "same route and plan: difference from the mix, not the layout";
  /** The same, for an operation run alone: no other operation's load moved it. */
  public static final String SAME_ALONE = "same route and plan: difference not from routing or plan";
  /** The total's reading when every operation's route and plan are the same. */
  public static final String ALL_SAME = "every operation's route and plan the same: not a difference of routing or"
      + " plans";
  /** Said once when no statement on any table is distributed: plain PostgreSQL, or tables a cluster keeps local. */
  public static final String NOT_DISTRIBUTED = "No statement is distributed on this server (every route: not"
      + " distributed): the layouts do not differ in routing here, only in their columns and indexes.";
  private static final String NOT_EXPLAINED = "not explained";

  private LayoutComparison() {}

  /**
   * One compared table: its layout and where each operation goes on it.
   *
   * @param table  the table's name
   * @param layout how it is laid out, e.g. {@code distributed by customer.customerId (bigint)}
   * @param routes per operation, per statement mode ({@code prepared}, {@code plain}), the route in a few words
   * @param plans  per operation, per statement mode, the shape of its plans without the table's names and the drawn
   *               values ({@code server.explain.PlanShape}); empty in results written before plans were kept
   */
  public record Table(String table, String layout, Map<String, Map<String, String>> routes,
                      Map<String, Map<String, String>> plans) {
    public Table {
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(layout, "layout");
      routes = copy(routes);
      plans = copy(plans == null ? Map.of() : plans);
    }

    public Table(String table, String layout, Map<String, Map<String, String>> routes) {
      this(table, layout, routes, Map.of());
    }

    private static Map<String, Map<String, String>> copy(Map<String, Map<String, String>> perOperation) {
      Map<String, Map<String, String>> copy = new LinkedHashMap<>();
      perOperation.forEach((op, modes) -> copy.put(op, Map.copyOf(new LinkedHashMap<>(modes))));
      return java.util.Collections.unmodifiableMap(copy);
    }

    /** The route of {@code operation} in statement mode {@code mode}, or "not explained". */
    String route(String operation, String mode) {
      Map<String, String> modes = routes.get(operation);
      String route = modes == null ? null : modes.get(mode);
      return route == null ? NOT_EXPLAINED : route;
    }

    /** The shape of the plans of {@code operation} in statement mode {@code mode}, or null when none was kept. */
    String plan(String operation, String mode) {
      Map<String, String> modes = plans.get(operation);
      return modes == null ? null : modes.get(mode);
    }
  }

  /**
   * What an operation's difference on {@code other} from {@code first} can come from, by its route and plan on each:
   * {@link #SAME_IN_MIX} (or {@link #SAME_ALONE}) when both are the same, {@code route differs}, {@code plan differs},
   * or null when either table's route or plan is unknown.
   */
  public static String reading(Table first, Table other, String operation, String mode, boolean inMix) {
    String route = first.route(operation, mode);
    if (route.equals(NOT_EXPLAINED) || other.route(operation, mode).equals(NOT_EXPLAINED)) {
      return null;
    }
    if (!route.equals(other.route(operation, mode))) {
      return "route differs";
    }
    String plan = first.plan(operation, mode);
    String otherPlan = other.plan(operation, mode);
    if (plan == null || otherPlan == null) {
      return null;
    }
    return !plan.equals(otherPlan) ? "plan differs" : inMix ? SAME_IN_MIX : SAME_ALONE;
  }

  /** {@link #reading} by the tables' names, for a comparison that knows its phases by their table. */
  public static String reading(List<Table> tables, String first, String other, String operation, String mode,
                               boolean inMix) {
    Table a = tables.stream().filter(t -> t.table().equals(first)).findFirst().orElse(null);
    Table b = tables.stream().filter(t -> t.table().equals(other)).findFirst().orElse(null);
    return a == null || b == null ? null : reading(a, b, operation, mode, inMix);
  }

  /** {@link #NOT_DISTRIBUTED} when every known route of every compared table is "not distributed", else null. */
  public static String routingNote(List<Table> tables) {
    List<String> routes = tables.stream().flatMap(t -> t.routes().values().stream())
        .flatMap(modes -> modes.values().stream()).toList();
    return !routes.isEmpty() && routes.stream().allMatch("not distributed"::equals) ? NOT_DISTRIBUTED : null;
  }

  /**
   * One operation on one table in one phase.
   *
   * @param table        the table
   * @param route        where its statements go there
   * @param opsPerSecond successful executions per second, 0 when it did not run
   * @param errors       failed executions
   * @param ratio        ops/s here / ops/s on the first table, for the total and an operation run alone; null for
   *                     the first table, when that one had none, and for an operation of a mix (compared by p50)
   * @param p50Ms        the median latency of its successful executions, null when none succeeded
   * @param p50Ratio     p50 here / p50 on the first table, for an operation (lower is faster); null for the first
   *                     table and the total
   * @param reading      what a difference from the first table can come from ({@link #reading}; for the total
   *                     {@link #ALL_SAME} or the operations whose route or plan differ); null for the first table
   *                     and when a route or plan is unknown
   */
  public record Side(String table, String route, double opsPerSecond, long errors, Double ratio, Double p50Ms,
                     Double p50Ratio, String reading) {}

  /**
   * One operation of one phase on every table.
   *
   * @param phase     the phase's combination without the table, e.g. {@code mode=prepared pool=none threads=8}
   * @param operation the operation ({@code total} for all of them)
   * @param sides     one per table, in the order compared
   */
  public record Row(String phase, String operation, List<Side> sides) {
    public Row {
      sides = List.copyOf(sides);
    }
  }

  /** Every phase's rows, each phase's operations and then its total; empty when the run compared no tables. */
  public static List<Row> rows(RunResult result) {
    List<Row> rows = new ArrayList<>();
    if (result.tables().isEmpty()) {
      return rows;
    }
    // phases of each table in run order; the n-th phase of each table has the same combination; with rounds a
    // table has one phase per round
    Map<String, Map<String, List<PhaseResult>>> byPhase = new LinkedHashMap<>();
    for (PhaseResult phase : result.phases()) {
      String table = phase.combination().get(TABLE);
      if (table != null) {
        byPhase.computeIfAbsent(withoutTable(phase), k -> new LinkedHashMap<>())
            .computeIfAbsent(table, k -> new ArrayList<>()).add(phase);
      }
    }
    byPhase.forEach((label, phases) -> {
      Set<String> operations = new LinkedHashSet<>();
      phases.values().forEach(list -> list.forEach(p -> p.stats().operations().forEach(o -> operations.add(o.name()))));
      String mode = phases.values().iterator().next().get(0).combination().getOrDefault("mode", "");
      for (String op : operations) {
        rows.add(row(result.tables(), phases, label, op, mode, false, operations.size() > 1));
      }
      if (operations.size() > 1) {
        Row total = row(result.tables(), phases, label, OperationStats.TOTAL, mode, true, false);
        rows.add(withTotalReadings(total, rows.subList(rows.size() - operations.size(), rows.size())));
      }
    });
    return rows;
  }

  /**
   * One operation on every table; with rounds its ops/s is the median over the rounds and its ratio the median of the
   * per-round ratios to the first table (their intervals are in {@link RoundComparison}).
   */
  private static Row row(List<Table> tables, Map<String, List<PhaseResult>> phases, String label, String op,
                         String mode, boolean total, boolean inMix) {
    List<Side> sides = new ArrayList<>();
    double[] first = null;
    double[] firstP50 = null;
    for (int t = 0; t < tables.size(); t++) {
      Table table = tables.get(t);
      List<PhaseResult> rounds = phases.getOrDefault(table.table(), List.of());
      double[] ops = new double[rounds.size()];
      double[] p50 = new double[rounds.size()];
      long errors = 0;
      for (int r = 0; r < rounds.size(); r++) {
        OperationStats stats = total ? rounds.get(r).stats().total() : rounds.get(r).stats().operations().stream()
            .filter(o -> o.name().equals(op)).findFirst().orElse(null);
        ops[r] = stats == null ? 0 : stats.opsPerSecond();
        p50[r] = stats == null || stats.count() == 0 ? Double.NaN : stats.latencyMs().p50();
        errors += stats == null ? 0 : stats.errorCount();
      }
      if (t == 0) {
        first = ops;
        firstP50 = p50;
      }
      double median = ops.length == 0 ? 0 : MedianInterval.of(ops).median();
      double[] latencies = java.util.Arrays.stream(p50).filter(Double::isFinite).toArray();
      Double p50Median = latencies.length == 0 ? null : MedianInterval.of(latencies).median();
      PairedRatio ratio = t == 0 || ops.length == 0 || inMix ? null : PairedRatio.of(first, ops, true, 0);
      PairedRatio p50Ratio = t == 0 || total || ops.length == 0 ? null : PairedRatio.of(firstP50, p50, false, 0);
      sides.add(new Side(table.table(), total ? "" : table.route(op, mode), median, errors,
          ratio == null ? null : ratio.interval().median(), p50Median,
          p50Ratio == null ? null : p50Ratio.interval().median(),
          t == 0 || total ? null : reading(tables.get(0), table, op, mode, inMix)));
    }
    return new Row(label, op, sides);
  }

  /** The total with, per table, {@link #ALL_SAME} or the operations whose route or plan differ from the first's. */
  private static Row withTotalReadings(Row total, List<Row> operations) {
    List<Side> sides = new ArrayList<>(total.sides());
    for (int t = 1; t < sides.size(); t++) {
      int table = t;
      List<String> readings = operations.stream().map(r -> r.sides().get(table).reading()).toList();
      String reading = readings.contains(null) ? null
          : readings.stream().allMatch(SAME_IN_MIX::equals) ? ALL_SAME
          : "route or plan differs for " + String.join(", ", operations.stream()
              .filter(r -> !SAME_IN_MIX.equals(r.sides().get(table).reading())).map(Row::operation).toList());
      Side s = sides.get(t);
      sides.set(t, new Side(s.table(), s.route(), s.opsPerSecond(), s.errors(), s.ratio(), s.p50Ms(), s.p50Ratio(),
          reading));
    }
    return new Row(total.phase(), total.operation(), sides);
  }

  /** A phase's label without its table: the combination it shares with the other tables' phases. */
  private static String withoutTable(PhaseResult phase) {
    return RoundComparison.label(phase.combination(), TABLE);
  }

  /** The text table (a block per phase) with a line per table saying its layout, or empty without compared tables. */
  public static String text(RunResult result) {
    List<Row> rows = rows(result);
    if (rows.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder(TITLE).append(":\n");
    for (Table t : result.tables()) {
      out.append("  ").append(t.table()).append(": ").append(t.layout()).append('\n');
    }
    String note = routingNote(result.tables());
    if (note != null) {
      out.append("  ").append(note).append('\n');
    }
    out.append("  ").append(EXPLANATION).append('\n');
    List<String> headers = headers(result.tables());
    List<TextTable.Align> aligns = new ArrayList<>(List.of(LEFT));
    for (int t = 0; t < result.tables().size(); t++) {
      aligns.addAll(t == 0 ? List.of(LEFT, RIGHT, RIGHT) : List.of(LEFT, RIGHT, RIGHT, RIGHT, RIGHT, LEFT));
    }
    // rows() gives each phase's rows together, as perPhase needs
    out.append(TextTable.perPhase(rows, Row::phase, () -> new TextTable(headers, aligns), LayoutComparison::cells));
    return out.toString();
  }

  /** operation | route on A | ops/s A | p50 A | route on B | ops/s B | p50 B | ops/s B/A | p50 B/A | B vs A ... */
  public static List<String> headers(List<Table> tables) {
    List<String> headers = new ArrayList<>(List.of("operation"));
    for (int t = 0; t < tables.size(); t++) {
      String name = tables.get(t).table();
      headers.add("route on " + name);
      headers.add("ops/s " + name);
      headers.add("p50 ms " + name);
      if (t > 0) {
        headers.add("ops/s " + name + "/" + tables.get(0).table());
        headers.add("p50 " + name + "/" + tables.get(0).table());
        headers.add(name + " vs " + tables.get(0).table());
      }
    }
    return headers;
  }

  /** The cells of a row under {@link #headers}. */
  public static List<String> cells(Row row) {
    List<String> cells = new ArrayList<>(List.of(row.operation()));
    for (int t = 0; t < row.sides().size(); t++) {
      Side side = row.sides().get(t);
      cells.add(side.route());
      cells.add(Decimals.oneDecimal(side.opsPerSecond()) + (side.errors() > 0 ? " (" + side.errors() + " errors)" : ""));
      cells.add(side.p50Ms() == null ? "-" : Decimals.millis(side.p50Ms()));
      if (t > 0) {
        cells.add(side.ratio() == null ? "-" : Decimals.ratio(side.ratio()));
        cells.add(side.p50Ratio() == null ? "-" : Decimals.ratio(side.p50Ratio()));
        cells.add(side.reading() == null ? "-" : side.reading());
      }
    }
    return cells;
  }
}
