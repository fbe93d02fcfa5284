package stress.app.setup;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import stress.config.HostSpreading;
import stress.config.RunConfig;
import stress.connect.ConnectionOptions;
import stress.connect.ConnectionSource;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.PhysicalConnections;
import stress.connect.PoolSettings;
import stress.connect.ResolvedConnection;
import stress.load.LoadException;
import stress.model.UsageException;
import stress.runner.PhaseSpec;
import stress.table.DocumentTable;
import stress.load.TableSetup;
import stress.server.TargetDetector;
import stress.server.TargetInfo;
import stress.server.TargetKind;

/**
 * A run spread over several hosts (coordinators): worker thread {@code i} uses host {@code i mod n}, and each
 * host has its own connection source per phase, opened with that host's own connection (one-host URL, its own
 * password lookup). The pool of each host has {@code --pool-size} connections, or when that is not given as
 * many as the threads that use the host. Before the run every host is checked: same kind of server (Citus
 * coordinator and worker count as one kind: with synced metadata a worker coordinates too) and the table
 * present with the same {@code _id} type.
 */
public final class SpreadHosts {
  /** One host: its name for reports and its connection without session settings. */
  record Host(String name, ResolvedConnection connection, TargetInfo target, Optional<RunCapacity.Slots> slots) {}

  private final List<Host> hosts;
  private final RunConfig config;

  private SpreadHosts(List<Host> hosts, RunConfig config) {
    this.hosts = List.copyOf(hosts);
    this.config = config;
  }

  /** The connection options with {@code --hosts} in place of -h/-p; refused together with --url, -h or -p. */
  public static ConnectionOptions options(HostSpreading spreading, ConnectionOptions options) {
    if (spreading.hosts() == null) {
      return options;
    }
    if (options.url() != null || options.host() != null || options.port() != null) {
      throw new UsageException("--hosts '" + spreading.hosts() + "' cannot be combined with --url, -h or -p:"
          + " give the servers once (-d and -U still apply; --spread-hosts spreads a multi-host --url)");
    }
    return new ConnectionOptions(null, spreading.hosts().hostOption(), spreading.hosts().portOption(), options.user(),
        options.database(), options.driverProperties());
  }

  /**
   * Connects to every host and checks it against the first: the same kind of server, the table there with the
   * same {@code _id} type. Refuses with one line naming the option, the host and the rule.
   */
  public static SpreadHosts check(ChosenDatabase database, RunConfig config, DocumentTable table, boolean needCopyTable)
      throws SQLException {
    String option = config.hostSpreading().hosts() != null ? "--hosts" : "--spread-hosts";
    List<Host> hosts = new ArrayList<>();
    for (ResolvedConnection connection : database.eachHost()) {
      String name = connection.spec().servers().get(0);
      try (Connection c = PhysicalConnections.open(connection.spec())) {
        TargetInfo target = TargetDetector.detect(c);
        // the kind first: a server of another kind is the mistake to name, whatever tables it happens to have
        if (!hosts.isEmpty()) {
          requireSameKind(option, name, target.kind(), hosts.get(0).name(), hosts.get(0).target().kind());
        }
        DocumentTable there;
        try {
          there = TableSetup.existing(c, config.schema(), config.table(), needCopyTable);
        } catch (LoadException e) {
          throw new UsageException(option + ": on host " + name + ", " + e.getMessage());
        }
        if (there.idType() != table.idType()) {
          throw new UsageException(option + ": on host " + name + ", table " + there.displayName()
              + " has _id " + there.idType().sql() + " but " + table.idType().sql() + " elsewhere; every host must"
              + " serve the same table");
        }
        hosts.add(new Host(name, connection, target, RunCapacity.read(c)));
      } catch (SQLException e) {
        throw new SQLException(option + ": could not check host " + name + ": " + e.getMessage(), e.getSQLState(), e);
      }
    }
    int fewest = config.threads().stream().mapToInt(Integer::intValue).min().orElse(0);
    if (fewest < hosts.size()) {
      throw new UsageException("--threads " + fewest + " is fewer than the " + hosts.size() + " hosts of "
          + option + " " + names(hosts) + ": every host needs at least one thread");
    }
    return new SpreadHosts(hosts, config);
  }

  /** Refuses a host whose kind of server differs from the first host's, in one line naming both. */
  static void requireSameKind(String option, String host, TargetKind kind, String firstHost, TargetKind firstKind) {
    if (family(kind) != family(firstKind)) {
      throw new UsageException(option + ": host " + host + " is " + article(kind) + " but " + firstHost
          + " is " + article(firstKind) + "; every host of a spread run must be the same kind of server");
    }
  }

  /** Citus coordinators and workers are one kind here: with synced metadata a worker routes queries as well. */
  private static Object family(TargetKind kind) {
    return kind == TargetKind.CITUS_WORKER ? TargetKind.CITUS_COORDINATOR : kind;
  }

  private static String article(TargetKind kind) {
    String name = kind.displayName();
    if (kind == TargetKind.POSTGRESQL) {
      return "plain " + name;
    }
    return ("AEIOU".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name;
  }

  private static List<String> names(List<Host> hosts) {
    return hosts.stream().map(Host::name).toList();
  }

  /** Refuses phases that need more connections on a host than it has free ({@link RunCapacity#checkSlots}). */
  public void checkSlots(List<PhaseSpec> phases) {
    String option = config.hostSpreading().hosts() != null ? "--hosts" : "--spread-hosts";
    for (int h = 0; h < hosts.size(); h++) {
      int index = h;
      Host host = hosts.get(h);
      host.slots().ifPresent(slots -> RunCapacity.checkSlots(slots, phases, config.poolSize(), index, hosts.size(),
          "on host " + host.name() + " of " + option + ", "));
    }
  }

  /** The hosts' names, {@code host:port}, in the order threads are assigned. */
  public List<String> names() {
    return names(hosts);
  }

  /** The source of host {@code hostIndex} for one phase: its own server and password, the phase's settings. */
  public ConnectionSource open(PhaseSpec phase, int hostIndex, int threadsOnHost) {
    ConnectionSpec own = hosts.get(hostIndex).connection().spec();
    ConnectionSpec settings = phase.connection();
    ConnectionSpec spec = new ConnectionSpec(own.url(), own.user(), own.password(), settings.driverProperties(),
        settings.initStatements());
    PoolSettings pool = config.poolSize() == null
        ? new PoolSettings(threadsOnHost, phase.pool().c3p0MaxStatements()) : phase.pool();
    return ConnectionSources.open(phase.poolKind(), spec, pool);
  }

  /** For the header and the JSON settings: how the threads are spread, each host's kind and password source. */
  List<String> describe() {
    List<String> lines = new ArrayList<>();
    for (Host host : hosts) {
      lines.add(host.name() + " (" + host.target().kind().displayName() + ", password: "
          + host.connection().passwordSource() + ")");
    }
    return lines;
  }

  /** The pool size of each host, in words. */
  String poolSizeWords() {
    return (config.poolSize() == null ? "as many as the host's threads" : config.poolSize().toString())
        + " per host (each host has its own pool)";
  }

  /** What the header says about a multi-host connection that is not spread: pgjdbc picks the host. */
  static String notSpread(List<String> hosts) {
    return "pgjdbc picks one of " + String.join(",", hosts) + " for each connection (targetServerType,"
        + " loadBalanceHosts); give --spread-hosts to put thread i on host i mod " + hosts.size();
  }
}
