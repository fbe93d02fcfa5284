package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import stress.testing.TestPlan;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.PoolSettings;
import stress.metrics.DegradedWindow;
import stress.metrics.ErrorStats;
import stress.metrics.IntervalStats;
import stress.metrics.Outage;
import stress.metrics.PhaseStats;
import stress.model.StatementMode;
import stress.report.TextReport;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;
import stress.model.OperationMix;

/**
 * Half of the keys fail the way a Citus coordinator reports a stopped worker: an ErrorResponse with SQLState 08006
 * naming the remote node, on a connection that stays usable. The document "table" is a view whose data column
 * calls a function raising that error for even keys, so the failures come from the server, not from a stub.
 * The run must keep its connections (no reconnect), never go without a success for longer than a pause of the
 * machine explains, and report one degraded window naming the node.
 */
class PartialFailuresTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "half_down", IdType.INTEGER);
  private static final String NODE_MESSAGE =
      "connection to the remote node postgres@w2:5432 failed with the following error: Connection refused";
  private static final int THREADS = 4;
  /** Executions per run: the run ends after these, however long they take on a busy machine. */
  private static final long OPS = 2000;
  /**
   * The most failures one window without a success may count. Each execution fails with probability 1/2, so a
   * longer streak (chance 2^-30 per window) means the target was out, not that the machine paused the workers.
   */
  private static final long MOST_FAILURES_WITHOUT_A_SUCCESS = 30;
  private static String url;

  @BeforeAll
  static void halfTheKeysFail() throws SQLException {
    url = TestDatabase.newDatabaseUrl("partial");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE half_down_base (_id bigint PRIMARY KEY, data jsonb NOT NULL)");
      s.execute("INSERT INTO half_down_base SELECT i, jsonb_build_object('i', i) FROM generate_series(1, 1000) i");
      s.execute("CREATE FUNCTION remote_node_down(id bigint) RETURNS jsonb LANGUAGE plpgsql AS $$ BEGIN "
          + "RAISE EXCEPTION '" + NODE_MESSAGE + "' USING ERRCODE = '08006'; END $$");
      s.execute("CREATE VIEW half_down AS SELECT _id, CASE WHEN _id % 2 = 0 THEN remote_node_down(_id) ELSE data END"
          + " AS data FROM half_down_base");
    }
  }

  private static PhaseStats run(String pool, boolean transaction) throws Exception {
    ConnectionSpec spec = new ConnectionSpec(url, "postgres", null,
        Map.of("ApplicationName", DriverSettings.APPLICATION_NAME), List.of());
    PhaseSpec phase = new PhaseSpec(Map.of("pool", pool), StatementMode.PREPARED, pool, new PoolSettings(THREADS, 0),
        THREADS, spec, Map.of());
    RunPlan plan = TestPlan.of(List.of(phase), OperationMix.parse("find_first"), TABLE).keys(1000)
        .ops(OPS).interval(Duration.ofMillis(500)).transaction(transaction).build();
    Runner.Result result = new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()),
        new RunListener() {}).run();
    return result.phases().get(0).stats();
  }

  @Test
  void anErrorReportedOnALiveConnectionKeepsItAndTheRunIsDegradedNotOut() throws Exception {
    PhaseStats stats = run("none", false);
    assertHalfFailed(stats);
    assertEquals(0, stats.reconnects(), "no connection broke, none was reopened");
    String summary = TextReport.summary("half down", stats);
    assertTrue(summary.contains("reconnects: 0 ") && summary.contains("degraded: 0.000 s -> ")
        && summary.contains("nodes: w2:5432=" + stats.degraded().get(0).failed() + ")")
        && summary.contains("outage") == !stats.outages().isEmpty(),
        summary);
  }

  @Test
  void insideATransactionTheFailedOneIsRolledBackAndTheConnectionKept() throws Exception {
    PhaseStats stats = run("none", true);
    assertHalfFailed(stats);
    assertEquals(0, stats.reconnects(), "no connection broke, none was reopened");
  }

  private static void assertHalfFailed(PhaseStats stats) {
    long ok = stats.total().count();
    long failed = stats.total().errorCount();
    assertEquals(OPS, ok + failed, ok + " succeeded, " + failed + " failed");
    for (ErrorStats e : stats.total().errors()) {
      assertEquals("08006", e.sqlState(), e.toString());
    }
    double share = (double) failed / (ok + failed);
    assertTrue(share > 0.35 && share < 0.65, "about half failed: " + share);
    // Something succeeded all the time. An outage is timed (100 ms without a success), so a busy machine pausing
    // the workers can open one; what the run must never show is a streak of failures with no success in between.
    for (Outage o : stats.outages()) {
      assertTrue(o.failed() <= MOST_FAILURES_WITHOUT_A_SUCCESS,
          "something succeeded all the time: " + stats.outages());
    }
    assertEquals(1, stats.degraded().size(), stats.degraded().toString());
    DegradedWindow w = stats.degraded().get(0);
    assertEquals(0.0, w.startSeconds());
    // The window is the run of intervals with failures and successes from the start. The run ends after a count,
    // so its last interval may be a sliver of a few executions, all of one kind: it lies outside the window.
    List<IntervalStats> intervals = stats.intervals();
    int inside = 0;
    while (inside < intervals.size() && DegradedWindow.degraded(intervals.get(inside))) {
      inside++;
    }
    assertTrue(inside >= intervals.size() - 1, "every interval but a last sliver is degraded: " + intervals);
    long tail = inside == intervals.size() ? 0
        : intervals.get(inside).count() + intervals.get(inside).errorCount();
    assertTrue(tail < THREADS * 2, "an interval outside the window is the run's last sliver: " + intervals);
    assertEquals(intervals.get(inside - 1).elapsedSeconds(), w.endSeconds(), "the degraded intervals: " + w);
    long failedInside = intervals.stream().limit(inside).mapToLong(IntervalStats::errorCount).sum();
    assertEquals(failedInside, w.failed());
    assertEquals(ok + failed - tail, w.executions());
    assertEquals(Map.of("08006", failedInside), w.errorsBySqlState());
    assertEquals(Map.of("w2:5432", failedInside), w.failedNodes());
    for (IntervalStats i : stats.intervals()) {
      assertEquals(i.errorCount(), i.failedNodes().getOrDefault("w2:5432", 0L), "every failure names the node");
    }
  }
}
