package stress.app.plan;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import stress.server.explain.Flag;
import stress.server.explain.IndexUse;
import stress.server.explain.ModeRoute;
import stress.server.explain.PlanMode;
import stress.server.explain.Verdict;

/**
 * Shows a {@link RouteCheck.Result}: a table of verdicts (a run's header, and {@code stress explain} first), whole plans
 * for {@code explain --verbose}, maps for JSON.
 */
public final class RoutePrinter {
  /** Values beyond this many characters are cut in the output (a 40-key batch, a large document). */
  private static final int VALUES_SHOWN = 160;

  private RoutePrinter() {}

  /** Every statement: its SQL and values, then per mode the verdict and the plan, then its flags. */
  public static void statements(PrintStream out, RouteCheck.Result result) {
    for (RouteCheck.Explained e : result.statements()) {
      out.println();
      out.println(e.operation() + " " + e.statementLabel() + ": " + e.sent().preparedText());
      out.println("  values: " + cut(e.sent().parameters().stream().map(String::valueOf)
          .collect(Collectors.joining(", ")), VALUES_SHOWN) + (e.sent().writes()
          ? "  (a write)" : ""));
      List<ModeRoute> shown = new ArrayList<>();
      for (ModeRoute m : e.routes().modes()) {
        out.println("  " + m.mode().label() + ": " + m.verdict().line());
        if (!m.plan().isEmpty()) {
          out.println("    " + IndexUse.of(m.plan()).line());
        }
        if (m.note() != null) {
          out.println("    note: " + m.note());
        }
        Optional<ModeRoute> same = shown.stream().filter(s -> !m.plan().isEmpty() && s.plan().equals(m.plan())).findFirst();
        if (same.isPresent()) {
          out.println("      (the same plan as " + same.get().mode().label() + ")");
        } else {
          m.plan().forEach(line -> out.println("      " + line));
        }
        shown.add(m);
      }
      for (Flag flag : e.routes().flags()) {
        out.println("  ! " + flag.line());
      }
    }
  }

  /** The operations that sent no statement, and those a timeout ended, each with why. */
  public static void notExplained(PrintStream out, RouteCheck.Result result) {
    for (String op : result.silent()) {
      out.println();
      out.println(op + ": sent no statement through its SQL executor, so there is nothing to explain");
    }
    for (RouteCheck.Unfinished u : result.unfinished()) {
      out.println();
      out.println(u.line());
    }
  }

  /** One row per statement, one column per mode, brief verdicts; then every flag and note. */
  public static void summary(PrintStream out, RouteCheck.Result result, String indent) {
    summary(out, result, indent, false);
  }

  /** As {@link #summary(PrintStream, RouteCheck.Result, String)}; with {@code indexes} each cell also says index or seq scan. */
  public static void summary(PrintStream out, RouteCheck.Result result, String indent, boolean indexes) {
    List<List<String>> rows = new ArrayList<>();
    List<String> header = new ArrayList<>(List.of("operation", "statement"));
    result.modes().forEach(m -> header.add(m.label()));
    rows.add(header);
    for (RouteCheck.Explained e : result.statements()) {
      List<String> row = new ArrayList<>(List.of(e.operation(), e.statementLabel()));
      for (PlanMode mode : result.modes()) {
        row.add(e.routes().in(mode).map(m -> m.verdict().brief() + (indexes ? withIndex(m) : "")).orElse("-"));
      }
      rows.add(row);
    }
    int[] widths = new int[header.size()];
    for (List<String> row : rows) {
      for (int c = 0; c < row.size(); c++) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder(indent);
      for (int c = 0; c < row.size(); c++) {
        line.append(c == 0 ? "" : "  ").append(row.get(c)).append(" ".repeat(widths[c] - row.get(c).length()));
      }
      out.println(line.toString().stripTrailing());
    }
    for (RouteCheck.Explained e : result.statements()) {
      for (Flag flag : e.routes().flags()) {
        out.println(indent + "! " + e.operation() + " " + e.statementLabel() + ", " + flag.line());
      }
    }
    for (String note : result.notes()) {
      out.println(indent + "note: " + note);
    }
  }

  /** The result as plain maps and lists for the JSON result: per statement, per mode, the verdict and its parts. */
  public static List<Map<String, Object>> forReport(RouteCheck.Result result) {
    List<Map<String, Object>> statements = new ArrayList<>();
    for (RouteCheck.Explained e : result.statements()) {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("operation", e.operation());
      s.put("statement", e.sent().preparedText());
      Map<String, Object> modes = new LinkedHashMap<>();
      for (ModeRoute m : e.routes().modes()) {
        Map<String, Object> verdict = verdict(m.verdict());
        if (!m.plan().isEmpty()) {
          verdict.put("index", IndexUse.of(m.plan()).line());
        }
        modes.put(m.mode().label(), verdict);
      }
      s.put("modes", modes);
      List<String> flags = e.routes().flags().stream().map(Flag::line).toList();
      if (!flags.isEmpty()) {
        s.put("flags", flags);
      }
      statements.add(s);
    }
    return statements;
  }

  private static String withIndex(ModeRoute m) {
    String brief = IndexUse.of(m.plan()).brief();
    return brief.isEmpty() ? "" : ", " + brief;
  }

  private static Map<String, Object> verdict(Verdict v) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("verdict", v.line());
    m.put("route", v.route().name().toLowerCase(java.util.Locale.ROOT));
    putIfSet(m, "reached", v.touched());
    putIfSet(m, "of", v.total());
    putIfSet(m, "unit", v.unit());
    if (!v.nodes().isEmpty()) {
      m.put("nodes", v.nodes());
    }
    putIfSet(m, "sqlstate", v.sqlState());
    return m;
  }

  private static void putIfSet(Map<String, Object> map, String key, Object value) {
    if (value != null) {
      map.put(key, value);
    }
  }

  private static String cut(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max) + "... (" + text.length() + " characters)";
  }
}
