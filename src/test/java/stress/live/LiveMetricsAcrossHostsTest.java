package stress.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import stress.testing.TestPlan;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.metrics.HostStats;
import stress.model.StatementMode;
import stress.runner.HostSources;
import stress.runner.PhaseOutcome;
import stress.runner.PhaseSpec;
import stress.runner.RunListener;
import stress.runner.RunPlan;
import stress.runner.Runner;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;
import stress.model.OperationMix;

/**
 * A run spread over two spellings of the embedded server (127.0.0.1 and localhost, same port) with live
 * metrics: each worker's meters carry its own host, and the per-host success counters match the per-host
 * summary.
 */
class LiveMetricsAcrossHostsTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "live_spread_docs", IdType.INTEGER);
  private static final String COUNT = "stress_operations_seconds_count";
  private static String database;

  @BeforeAll
  static void table() throws SQLException {
    String url = TestDatabase.newDatabaseUrl("livespread");
    database = TestDatabase.databaseName(url);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
      }
      s.execute("INSERT INTO live_spread_docs SELECT i, jsonb_build_object('i', i) FROM generate_series(1, 500) i");
    }
  }

  private static RunPlan plan(int threads, long ops) {
    ConnectionSpec unused = new ConnectionSpec("jdbc:postgresql://unused:1/x", "postgres", null, Map.of(), List.of());
    PhaseSpec phase = new PhaseSpec(Map.of("threads", Integer.toString(threads)), StatementMode.PREPARED, "none",
        new PoolSettings(threads, 0), threads, unused, Map.of());
    OperationMix mix = OperationMix.parse("find_first=70,find_update=30");
    return TestPlan.of(List.of(phase), mix, TABLE).keys(500).ops(ops).build();
  }

  @Test
  void eachWorkersMetersCarryItsHostAndTheHostsMatchTheSummary() throws Exception {
    List<String> hosts = List.of("127.0.0.1:" + TestDatabase.port(), "localhost:" + TestDatabase.port());
    HostSources sources = (phase, host, threadsOnHost) -> ConnectionSources.open(phase.poolKind(),
        new ConnectionSpec("jdbc:postgresql://" + hosts.get(host) + "/" + database, "postgres", null, Map.of(),
            List.of()), new PoolSettings(threadsOnHost, 0));
    try (LiveMetrics live = LiveMetrics.start(0)) {
      Runner.Result result = Runner.acrossHosts(plan(3, 600), hosts, sources, new RunListener() {}, live.probe())
          .run();
      String page = live.scrape();

      PhaseOutcome outcome = result.phases().get(0);
      assertEquals(600, outcome.stats().total().count());
      double sum = 0;
      for (HostStats host : outcome.hosts()) {
        for (String op : List.of("find_first", "find_update")) {
          long summary = host.stats().operation(op).count();
          double live_ = PrometheusText.sum(page, COUNT, Map.of("host", host.host(), "op", op, "outcome", "success",
              "stage", "measure"));
          assertEquals(summary, (long) live_, host.host() + " " + op + ": the host's counter is its summary count");
          sum += live_;
        }
        assertTrue(host.stats().total().count() > 0, host.host());
        assertEquals(0.0, PrometheusText.sum(page, "stress_threads_active", Map.of("host", host.host())),
            "every worker of " + host.host() + " has stopped");
      }
      assertEquals(600.0, sum, "the hosts' counters add up to the run's count");
      assertEquals(600.0, PrometheusText.sum(page, COUNT, Map.of("outcome", "success")),
          "no execution is counted under another host tag");
      assertEquals(0.0, PrometheusText.sum(page, COUNT, Map.of("host", "unused:1")),
          "the phase's own connection is not a host tag of a spread run");
    }
  }
}
