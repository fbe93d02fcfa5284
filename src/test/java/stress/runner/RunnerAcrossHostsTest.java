package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import stress.testing.TestPlan;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.metrics.HostStats;
import stress.metrics.IntervalHostStats;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;
import stress.model.StatementMode;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;
import stress.model.OperationMix;

/** Workers spread round-robin over hosts: here two spellings of the test server. */
class RunnerAcrossHostsTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "spread_docs", IdType.INTEGER);
  private static String database;

  @BeforeAll
  static void table() throws SQLException {
    String url = TestDatabase.newDatabaseUrl("spread");
    database = TestDatabase.databaseName(url);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
      }
      s.execute("INSERT INTO spread_docs SELECT i, jsonb_build_object('i', i) FROM generate_series(1, 500) i");
    }
  }

  private static RunPlan plan(int threads, String pool, long ops) {
    ConnectionSpec unused = new ConnectionSpec("jdbc:postgresql://unused:1/x", "postgres", null, Map.of(), List.of());
    PhaseSpec phase = new PhaseSpec(Map.of("threads", Integer.toString(threads)), StatementMode.PREPARED, pool,
        new PoolSettings(threads, 0), threads, unused, Map.of());
    OperationMix mix = OperationMix.parse("find_first");
    return TestPlan.of(List.of(phase), mix, TABLE).keys(500).ops(ops).build();
  }

  @Test
  void eachHostGetsItsOwnSourceSizedToItsThreadsAndTheHostsAddUp() throws Exception {
    List<String> hosts = List.of("127.0.0.1:" + TestDatabase.port(), "localhost:" + TestDatabase.port());
    List<String> opened = Collections.synchronizedList(new ArrayList<>());
    List<PhaseStats> totals = new ArrayList<>();
    List<List<HostStats>> heard = new ArrayList<>();
    HostSources sources = (phase, host, threadsOnHost) -> {
      opened.add(host + ":" + threadsOnHost);
      ConnectionSpec spec = new ConnectionSpec("jdbc:postgresql://" + hosts.get(host) + "/" + database, "postgres",
          null, Map.of(), List.of());
      return ConnectionSources.open(phase.poolKind(), spec, new PoolSettings(threadsOnHost, 0));
    };
    List<IntervalStats> intervals = Collections.synchronizedList(new ArrayList<>());
    RunListener listener = new RunListener() {
      @Override
      public void interval(PhaseSpec phase, IntervalStats stats) {
        intervals.add(stats);
      }

      @Override
      public void hostsFinished(PhaseSpec phase, PhaseStats total, List<HostStats> perHost) {
        totals.add(total);
        heard.add(perHost);
      }
    };

    Runner.Result result = Runner.acrossHosts(plan(5, "none", 500), hosts, sources, listener).run();

    assertEquals(List.of("0:3", "1:2"), opened);
    PhaseOutcome outcome = result.phases().get(0);
    assertEquals(500, outcome.stats().total().count());
    assertEquals(5, outcome.distinctBackends());
    assertEquals(hosts, outcome.hosts().stream().map(HostStats::host).toList());
    assertEquals(List.of(3, 2), outcome.hosts().stream().map(HostStats::threads).toList());
    assertEquals(500, outcome.hosts().stream().mapToLong(h -> h.stats().total().count()).sum());
    outcome.hosts().forEach(h -> assertTrue(h.stats().total().count() > 0, h.host()));
    assertEquals(String.join(",", hosts), outcome.source().get("hosts"));
    assertEquals(List.of(outcome.hosts()), heard);
    assertEquals(outcome.stats(), totals.get(0));
    assertTrue(!intervals.isEmpty());
    for (IntervalStats interval : intervals) {
      assertEquals(hosts, interval.hosts().stream().map(IntervalHostStats::host).toList());
      assertEquals(interval.count(), interval.hosts().stream().mapToLong(IntervalHostStats::count).sum());
    }
    for (int h = 0; h < hosts.size(); h++) {
      int host = h;
      assertEquals(outcome.hosts().get(h).stats().total().count(),
          intervals.stream().mapToLong(i -> i.hosts().get(host).count()).sum(), "a host's intervals add up to it");
    }
  }

  @Test
  void eachWorkersProbeIsToldItsHost() throws Exception {
    List<String> hosts = List.of("127.0.0.1:" + TestDatabase.port(), "localhost:" + TestDatabase.port());
    HostSources sources = (phase, host, threadsOnHost) -> ConnectionSources.open(phase.poolKind(),
        new ConnectionSpec("jdbc:postgresql://" + hosts.get(host) + "/" + database, "postgres", null, Map.of(),
            List.of()), new PoolSettings(threadsOnHost, 0));
    Map<Integer, String> told = Collections.synchronizedMap(new java.util.TreeMap<>());
    RunProbe probe = (phase, operations) -> new PhaseProbe() {
      @Override
      public WorkerProbe worker(int index) {
        throw new AssertionError("a spread run names each worker's host");
      }

      @Override
      public WorkerProbe worker(int index, String host) {
        told.put(index, host);
        return WorkerProbe.NONE;
      }
    };
    Runner.acrossHosts(plan(5, "none", 50), hosts, sources, new RunListener() {}, probe).run();
    assertEquals(Map.of(0, hosts.get(0), 1, hosts.get(1), 2, hosts.get(0), 3, hosts.get(1), 4, hosts.get(0)), told);
  }

  @Test
  void aRunOnOneSourceHasNoHostFigures() throws Exception {
    Runner.Result result = new Runner(plan(2, "none", 50), p -> ConnectionSources.open("none",
        new ConnectionSpec(TestDatabase.url(database), "postgres", null, Map.of(), List.of()), p.pool()),
        new RunListener() {}).run();
    assertEquals(List.of(), result.phases().get(0).hosts());
  }

  @Test
  void everyHostNeedsAThreadAndHostsMustDiffer() {
    HostSources never = (phase, host, threads) -> {
      throw new AssertionError("not opened");
    };
    var few = assertThrows(IllegalArgumentException.class,
        () -> Runner.acrossHosts(plan(1, "none", 10), List.of("a:1", "b:1"), never, new RunListener() {}));
    assertTrue(few.getMessage().contains("has 1 threads for 2 hosts"), few.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> Runner.acrossHosts(plan(2, "none", 10), List.of("a:1", "a:1"), never, new RunListener() {}));
    assertThrows(IllegalArgumentException.class,
        () -> Runner.acrossHosts(plan(2, "none", 10), List.of(), never, new RunListener() {}));
  }

  @Test
  void threadsAreDealtRoundRobin() {
    assertEquals(List.of(3, 3, 2), List.of(HostSources.threadsOn(0, 3, 8), HostSources.threadsOn(1, 3, 8),
        HostSources.threadsOn(2, 3, 8)));
    assertEquals(16, HostSources.threadsOn(2, 3, 48));
    assertThrows(IllegalArgumentException.class, () -> HostSources.threadsOn(3, 3, 8));
  }
}
