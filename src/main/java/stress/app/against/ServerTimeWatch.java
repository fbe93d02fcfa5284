package stress.app.against;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.config.RunConfig;
import stress.connect.ConnectionSpec;
import stress.connect.PhysicalConnections;
import stress.load.TableSetup;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;
import stress.mongodb.NativeOperation;
import stress.mongodb.ServerIdentity;
import stress.ops.Operation;
import stress.ops.file.WorkloadOperation;
import stress.runner.PhaseSpec;
import stress.runner.RunListener;
import stress.server.StatementStatistics;
import stress.table.DocumentTable;

/**
 * {@code run --against}'s watch on the PostgreSQL server: a snapshot of {@code pg_stat_statements} when a phase starts
 * and after each of its warm-up intervals, another when it ends, and the growth between them split per statement by
 * {@link ServerTimeSplit} (the translated SQL's, or DocumentDB's when FerretDB 2 runs on this server). It reads the
 * view in the run's database, else in database {@code postgres} (where FerretDB 2's DocumentDB usually is); where
 * neither can, {@link #absence()} says why and how to enable it, and nothing else changes. A failed read is a line of
 * its own, never the run's failure.
 */
public final class ServerTimeWatch implements RunListener, AutoCloseable {
  private final Connection connection;
  private final String absence;
  private final String where;
  private final List<ServerTimeSplit.Phase> phases = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();
  private long dbid = -1;
  private Map<String, List<String>> sqlStatements = Map.of();
  private Map<String, List<String>> commands;
  private String target;
  private StatementStatistics.Snapshot before;

  private ServerTimeWatch(Connection connection, String absence, String where) {
    this.connection = connection;
    this.absence = absence;
    this.where = where;
  }

  /** Opens the watch on the run's server: its own connection, held until {@link #close()}. */
  public static ServerTimeWatch open(ConnectionSpec run) {
    String first;
    try {
      Connection c = PhysicalConnections.open(run);
      first = StatementStatistics.absence(c);
      if (first == null) {
        return new ServerTimeWatch(c, null, "the run's database");
      }
      c.close();
      Connection other = PhysicalConnections.open(inDatabase(run, "postgres"));
      if (StatementStatistics.absence(other) == null) {
        return new ServerTimeWatch(other, null, "database postgres");
      }
      other.close();
    } catch (SQLException e) {
      return new ServerTimeWatch(null, "pg_stat_statements could not be read: " + e.getMessage().lines()
          .findFirst().orElse(""), null);
    }
    return new ServerTimeWatch(null, first, null);
  }

  /** The same connection to another database of the server. */
  static ConnectionSpec inDatabase(ConnectionSpec spec, String database) {
    String url = spec.url().replaceFirst("^(jdbc:postgresql://[^/?]*)(/[^?]*)?", "$1/" + database);
    return new ConnectionSpec(url, spec.user(), spec.password(), spec.driverProperties(), spec.initStatements());
  }

  private stress.app.setup.ChosenDatabase.Embedded embedded = stress.app.setup.ChosenDatabase.Embedded.NONE;

  /**
   * Which embedded server the run's is, if any: the advice to enable the view is then {@code embedded start
   * --preload}, the one way to change its settings; returns this.
   */
  public ServerTimeWatch onEmbedded(stress.app.setup.ChosenDatabase.Embedded embedded) {
    this.embedded = embedded;
    return this;
  }

  /** Why the split cannot be made, and how to enable it; null when it can. */
  String absence() {
    return absence;
  }

  /** Learns the table's database and each operation's SQL as sent to the table (a workload file's), before the runs. */
  public void learn(ConnectionSpec run, RunConfig config) {
    if (connection == null) {
      return;
    }
    Map<String, List<String>> texts = new LinkedHashMap<>();
    try (Connection c = PhysicalConnections.open(run)) {
      dbid = StatementStatistics.databaseOid(c);
      if (config.workload() != null && config.table() != null) {
        DocumentTable table = TableSetup.existing(c, config.schema(), config.table(), false);
        for (Operation op : config.workload().operations().values()) {
          if (op instanceof WorkloadOperation fileOp) {
            WorkloadOperation forTable = fileOp.forTable(c, table);
            List<String> sent = new ArrayList<>();
            for (int i = 0; i < forTable.statements().size(); i++) {
              sent.add(forTable.textFor(i, table));
            }
            texts.put(op.name(), sent);
          }
        }
      }
    } catch (SQLException | RuntimeException e) {
      failures.add("the operations' SQL could not be read: " + e.getMessage());
    }
    sqlStatements = texts;
  }

  /**
   * The phases that follow are {@code target}'s: the table's when {@code server} is null, else a MongoDB-compatible
   * server's (split only when it is FerretDB 2 on DocumentDB).
   */
  public void measuring(String target, ServerIdentity server, RunConfig config) {
    this.target = target;
    this.commands = server == null ? null : server.kind() == ServerIdentity.Kind.FERRETDB_2 ? commands(config)
        : Map.of();
  }

  @Override
  public void phaseStarted(PhaseSpec phase, int index, int count) {
    before = snapshot();
  }

  @Override
  public void interval(PhaseSpec phase, IntervalStats stats) {
    if (stats.warmup()) {
      before = snapshot(); // the last one before measuring starts is kept
    }
  }

  @Override
  public void phaseFinished(PhaseSpec phase, PhaseStats stats) {
    StatementStatistics.Snapshot after = snapshot();
    if (after == null || before == null || commands != null && commands.isEmpty()) {
      return;
    }
    try {
      List<StatementStatistics.Row> delta = StatementStatistics.withTexts(connection, after.since(before));
      phases.add(commands == null
          ? ServerTimeSplit.sql(target, threads(phase), stats.operations(), delta, dbid, sqlStatements)
          : ServerTimeSplit.documentdb(target, threads(phase), stats.operations(), delta, commands));
    } catch (SQLException e) {
      failures.add(target + ", " + threads(phase) + ": not read: " + e.getMessage());
    }
  }

  private static String threads(PhaseSpec phase) {
    return phase.threads() + (phase.threads() == 1 ? " thread" : " threads");
  }

  private StatementStatistics.Snapshot snapshot() {
    if (connection == null) {
      return null;
    }
    try {
      return StatementStatistics.read(connection);
    } catch (SQLException e) {
      failures.add((target == null ? "" : target + ": ") + "pg_stat_statements not read: " + e.getMessage());
      return null;
    }
  }

  /** The lines printed under the comparison. */
  public List<String> lines(Map<String, ServerIdentity> servers) {
    List<String> lines = new ArrayList<>();
    if (absence != null) {
      // advice only where it can work: a MongoDB side that can be split, a server whose settings can be changed
      List<String> unsplittable = servers.entrySet().stream().filter(e -> e.getValue().kind()
          != ServerIdentity.Kind.FERRETDB_2).map(e -> e.getKey() + " (" + e.getValue().family() + ")").toList();
      if (!servers.isEmpty() && unsplittable.size() == servers.size()) {
        lines.add("where the time goes: not split: " + String.join(", ", unsplittable) + " cannot be split (only"
            + " FerretDB 2's statements are DocumentDB's calls), so pg_stat_statements would not help here");
      } else if (embedded == stress.app.setup.ChosenDatabase.Embedded.FOR_THIS_COMMAND) {
        lines.add("where the time goes: not split: the embedded server started for this run does not load"
            + " pg_stat_statements; 'stress embedded start --preload pg_stat_statements' keeps one that does, for"
            + " every command given no connection");
      } else if (embedded == stress.app.setup.ChosenDatabase.Embedded.KEPT) {
        lines.add("where the time goes: not split: the kept embedded server " + (absence.startsWith(
            "pg_stat_statements is not loaded") ? "does not load pg_stat_statements; 'stress embedded stop', then"
            + " 'stress embedded start --preload pg_stat_statements'" : "lacks pg_stat_statements: " + absence));
      } else {
        lines.add("where the time goes: the server-side split needs pg_stat_statements on the PostgreSQL server ("
            + absence + ")");
      }
      return lines;
    }
    lines.add("where the time goes (each statement's time inside PostgreSQL from pg_stat_statements, read in " + where
        + ", over each measured phase, beside the client's mean latency; the rest is the proxy, the network and the"
        + " driver):");
    servers.forEach((name, identity) -> {
      if (identity.kind() != ServerIdentity.Kind.FERRETDB_2) {
        lines.add("  " + name + " (" + identity.family() + "): not split, its statements are not DocumentDB's calls");
      }
    });
    for (ServerTimeSplit.Phase p : ServerTimeSplit.merged(phases)) {
      p.lines().forEach(l -> lines.add("  " + l));
    }
    failures.forEach(f -> lines.add("  " + f));
    return lines;
  }

  /** The figures for result.json: each target's phases, or why there are none. */
  public Object json() {
    if (absence != null) {
      return "needs pg_stat_statements: " + absence;
    }
    List<Object> list = new ArrayList<>();
    ServerTimeSplit.merged(phases).forEach(p -> list.add(p.json()));
    failures.forEach(list::add);
    return list;
  }

  /** The command names each operation's driver call sends (built-ins as their finds and writes). */
  private static Map<String, List<String>> commands(RunConfig config) {
    Map<String, List<String>> commands = new LinkedHashMap<>();
    for (String op : config.mix().names()) {
      var spec = config.workload() == null ? null : config.workload().mongo().get(op);
      commands.put(op, spec != null ? List.of(new NativeOperation(op, spec).commandName())
          : op.equals("find_update") ? List.of("find", "update") : List.of("find"));
    }
    return commands;
  }

  @Override
  public void close() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        // closing the watch's own idle connection: nothing measured depends on it
      }
    }
  }
}
