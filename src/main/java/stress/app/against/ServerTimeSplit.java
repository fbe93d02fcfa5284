package stress.app.against;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import stress.metrics.OperationStats;
import stress.server.StatementStatistics.Row;

/**
 * Where one phase's time went: the server's own time per call of the statements the phase sent (the growth of
 * {@code pg_stat_statements} over the phase), beside the mean latency the client saw for the operations those
 * statements serve; the rest is spent outside the server (a proxy, the network, the driver, the client). The
 * statements are told apart per road: the translated SQL's by their text (each operation's own statements, written
 * for the table), FerretDB 2's by the DocumentDB function each command kind calls; where several operations send the
 * same statement (two finds both call {@code find_cursor_first_page}) their figures are one row, said so.
 */
final class ServerTimeSplit {
  /** The DocumentDB function FerretDB 2 calls per command the driver sends. */
  static final Map<String, String> DOCUMENTDB_FUNCTIONS = Map.of("find", "find_cursor_first_page",
      "aggregate", "aggregate_cursor_first_page", "update", "update", "delete", "delete", "insert", "insert",
      "findAndModify", "find_and_modify");
  private static final Pattern DOCUMENTDB_CALL = Pattern.compile("documentdb_api\\.(\\w+)\\s*\\(");

  /**
   * One statement (or kind of statement) and the operations it serves.
   *
   * @param statement    what it is: a DocumentDB function, or the operation whose SQL it is
   * @param operations   the operations that sent it
   * @param calls        its calls over the phase
   * @param serverMs     the server's time per call, in ms
   * @param clientMs     the mean latency the client saw for those operations (weighted by their counts), in ms
   * @param outsideMs    client minus server: what the proxy, the network and the driver took
   */
  record StatementTime(String statement, List<String> operations, long calls, double serverMs, double clientMs,
              double outsideMs) {
    boolean mixed() {
      return operations.size() > 1;
    }

    Map<String, Object> json() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("statement", statement);
      m.put("operations", operations);
      m.put("calls", calls);
      m.put("server ms per call", round(serverMs));
      m.put("client mean ms", round(clientMs));
      m.put("outside the server ms", round(outsideMs));
      return m;
    }
  }

  /** A phase's rows and the statements of the run's database that no operation is known to send (other clients). */
  record Phase(String target, String phase, List<StatementTime> rows, long otherCalls, double otherMs, String note) {
    List<String> lines() {
      List<String> lines = new ArrayList<>();
      lines.add(target + ", " + phase + ":" + (note == null ? "" : " " + note));
      for (StatementTime r : rows) {
        lines.add(String.format(Locale.ROOT, "  %s: server %.3f ms per call (%,d calls); client %.3f ms mean;"
                + " outside the server %.3f ms (%s); %s", String.join(", ", r.operations()), r.serverMs(),
            r.calls(), r.clientMs(), r.outsideMs(), percentOutside(r), r.statement()
                + (r.mixed() ? "; one statement for " + r.operations().size() + " operations: their figures mixed"
                : "")));
      }
      if (otherCalls > 0) {
        lines.add(String.format(Locale.ROOT, "  other statements on the server meanwhile (set-up, background jobs,"
            + " other clients): %,d calls, %.1f ms in all", otherCalls, otherMs));
      }
      return lines;
    }

    Map<String, Object> json() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("target", target);
      m.put("phase", phase);
      m.put("statements", rows.stream().map(StatementTime::json).toList());
      m.put("other statements calls", otherCalls);
      m.put("other statements ms", round(otherMs));
      if (note != null) {
        m.put("note", note);
      }
      return m;
    }
  }

  private ServerTimeSplit() {}

  /**
   * The translated SQL's phase: the rows of the table's database ({@code dbid}) matched to the operations by their
   * text ({@code statements}: each operation's statements as sent, placeholders {@code ?} or {@code $n}).
   */
  static Phase sql(String target, String phase, List<OperationStats> client, List<Row> delta, long dbid,
                   Map<String, List<String>> statements) {
    Map<String, String> owner = new LinkedHashMap<>();
    statements.forEach((op, texts) -> texts.forEach(t -> owner.putIfAbsent(normal(t), op)));
    Map<String, Group> groups = new LinkedHashMap<>();
    Group unmatched = new Group("statements not told apart by their text");
    long otherCalls = 0;
    double otherMs = 0;
    for (Row r : delta) {
      if (r.dbid() != dbid || !r.toplevel()) {
        otherCalls += r.toplevel() ? r.calls() : 0;
        otherMs += r.toplevel() ? r.totalExecMs() : 0;
        continue;
      }
      String op = owner.get(normal(r.query()));
      if (op != null) {
        groups.computeIfAbsent(op, k -> new Group("its SQL")).add(r, op);
      } else {
        unmatched.add(r, null);
      }
    }
    List<String> ran = client.stream().filter(o -> o.count() > 0).map(OperationStats::name).toList();
    String note = null;
    if (groups.isEmpty() && unmatched.calls > 0) {
      unmatched.operations.addAll(ran); // no text matched (built-ins, literals written in): the phase as a whole
      groups.put("", unmatched);
      note = "the statements not told apart by operation (their texts are not the workload file's): all of them";
    } else {
      otherCalls += unmatched.calls;
      otherMs += unmatched.ms;
    }
    return new Phase(target, phase, rows(groups, client), otherCalls, otherMs, note);
  }

  /**
   * FerretDB 2's phase: the top-level DocumentDB calls, by function, against the operations whose command kind calls
   * it ({@code commands}: operation to the command names its driver call sends).
   */
  static Phase documentdb(String target, String phase, List<OperationStats> client, List<Row> delta,
                          Map<String, List<String>> commands) {
    Map<String, Group> groups = new LinkedHashMap<>();
    commands.forEach((op, names) -> names.forEach(c -> {
      String function = DOCUMENTDB_FUNCTIONS.get(c);
      if (function != null) {
        groups.computeIfAbsent(function, f -> new Group("documentdb_api." + f)).operations.add(op);
      }
    }));
    long otherCalls = 0;
    double otherMs = 0;
    for (Row r : delta) {
      Matcher m = DOCUMENTDB_CALL.matcher(r.query());
      Group g = r.toplevel() && m.find() ? groups.get(m.group(1)) : null;
      if (g != null) {
        g.add(r, null);
      } else if (r.toplevel()) {
        otherCalls += r.calls();
        otherMs += r.totalExecMs();
      }
    }
    groups.values().removeIf(g -> g.calls == 0);
    String note = groups.isEmpty() ? "no DocumentDB call reached this server during the phase: the layer runs on"
        + " another server, or not on DocumentDB" : null;
    return new Phase(target, phase, rows(groups, client), otherCalls, otherMs, note);
  }

  /**
   * The rounds of each target's phase as one (the phases of a comparison with {@code --rounds}): calls and time
   * added up, the client's mean weighted by each round's calls; in the order first seen.
   */
  static List<Phase> merged(List<Phase> phases) {
    Map<String, List<Phase>> byPhase = new LinkedHashMap<>();
    phases.forEach(p -> byPhase.computeIfAbsent(p.target() + "\n" + p.phase(), k -> new ArrayList<>()).add(p));
    List<Phase> merged = new ArrayList<>();
    for (List<Phase> rounds : byPhase.values()) {
      Map<String, List<StatementTime>> rows = new LinkedHashMap<>();
      long otherCalls = 0;
      double otherMs = 0;
      for (Phase p : rounds) {
        p.rows().forEach(r -> rows.computeIfAbsent(r.statement() + "\n" + r.operations(), k -> new ArrayList<>())
            .add(r));
        otherCalls += p.otherCalls();
        otherMs += p.otherMs();
      }
      List<StatementTime> added = new ArrayList<>();
      for (List<StatementTime> same : rows.values()) {
        long calls = same.stream().mapToLong(StatementTime::calls).sum();
        double server = same.stream().mapToDouble(r -> r.serverMs() * r.calls()).sum() / calls;
        double client = same.stream().mapToDouble(r -> r.clientMs() * r.calls()).sum() / calls;
        added.add(new StatementTime(same.get(0).statement(), same.get(0).operations(), calls, server, client,
            client - server));
      }
      Phase first = rounds.get(0);
      String note = rounds.stream().map(Phase::note).filter(java.util.Objects::nonNull).findFirst().orElse(null);
      merged.add(new Phase(first.target(), first.phase() + (rounds.size() > 1 ? ", " + rounds.size() + " rounds"
          : ""), added, otherCalls, otherMs, note));
    }
    return merged;
  }

  private static List<StatementTime> rows(Map<String, Group> groups, List<OperationStats> client) {
    Map<String, OperationStats> byName = new LinkedHashMap<>();
    client.forEach(o -> byName.put(o.name(), o));
    List<StatementTime> rows = new ArrayList<>();
    for (Group g : groups.values()) {
      long count = 0;
      double weighted = 0;
      for (String op : g.operations) {
        OperationStats s = byName.get(op);
        if (s != null && s.count() > 0) {
          count += s.count();
          weighted += s.count() * s.latencyMs().avg();
        }
      }
      if (g.calls == 0 || count == 0) {
        continue;
      }
      double server = g.ms / g.calls;
      double clientMs = weighted / count;
      rows.add(new StatementTime(g.statement, List.copyOf(g.operations), g.calls, server, clientMs, clientMs - server));
    }
    return rows;
  }

  /**
   * A statement's text as {@code pg_stat_statements} keeps it, to match the two: every placeholder ({@code ?},
   * {@code $1}) and every constant (strings, numbers, booleans; the server keeps them as {@code $n}) one {@code ?},
   * without spaces, in lower case.
   */
  static String normal(String sql) {
    return sql.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("[Ee]?'(?:[^']|'')*'", "?")
        .replaceAll("\\$\\d+", "?").replaceAll("(?<![\\w.$])(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?(?![\\w])", "?")
        .replaceAll("(?i)(?<![\\w.])(true|false|null)(?![\\w])", "?").replaceAll("\\s+", "").replace("-?", "?")
        .toLowerCase(Locale.ROOT);
  }

  private static String percentOutside(StatementTime r) {
    return r.clientMs() <= 0 ? "-" : String.format(Locale.ROOT, "%.0f%% of the client's", 100 * r.outsideMs()
        / r.clientMs());
  }

  private static double round(double ms) {
    return Math.round(ms * 1000) / 1000.0;
  }

  /** The rows of one statement (or kind) added up. */
  private static final class Group {
    final String statement;
    final List<String> operations = new ArrayList<>();
    long calls;
    double ms;

    Group(String statement) {
      this.statement = statement;
    }

    void add(Row r, String op) {
      calls += r.calls();
      ms += r.totalExecMs();
      if (op != null && !operations.contains(op)) {
        operations.add(op);
      }
    }
  }
}
