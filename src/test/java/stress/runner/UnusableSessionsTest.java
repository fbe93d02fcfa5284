package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.PoolSettings;
import stress.metrics.ErrorStats;
import stress.metrics.PhaseStats;
import stress.model.OperationMix;
import stress.model.StatementMode;
import stress.model.WorkerThreadPolicy;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.FailureReader;
import stress.testing.TestDatabase;
import stress.testing.TestPlan;

/**
 * Sessions that the server keeps open but that can no longer serve, as a Postgres-XL coordinator's sessions after a
 * datanode stopped and came back: every statement of such a session fails with XX000 "Could not begin transaction on
 * data node." while a new session works. Here each server session serves {@value #SERVED} lookups and then fails
 * every further one with that error (the document "table" is a view whose data column calls a function counting the
 * session's calls), so the failures come from a real server. Read as a Postgres-XL coordinator's failures, each such
 * session is replaced after its first failure (held: reopened, counted as a reconnect; pooled: dropped from the
 * pool); read as any other target's, the run keeps the sessions, as it must for a Citus coordinator's errors.
 */
class UnusableSessionsTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "stale_after", IdType.INTEGER);
  static final String MESSAGE = "Could not begin transaction on data node.";
  private static final int SERVED = 50;
  private static final int THREADS = 4;
  private static final long OPS = 4000;
  private static String url;

  @BeforeAll
  static void sessionsGoStale() throws SQLException {
    url = TestDatabase.newDatabaseUrl("unusable");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE stale_after_base (_id bigint PRIMARY KEY, data jsonb NOT NULL)");
      s.execute("INSERT INTO stale_after_base SELECT i, jsonb_build_object('i', i) FROM generate_series(1, 1000) i");
      s.execute("CREATE FUNCTION served(data jsonb) RETURNS jsonb VOLATILE LANGUAGE plpgsql AS $$"
          + " DECLARE n int := coalesce(nullif(current_setting('stale.calls', true), ''), '0')::int + 1; BEGIN"
          + " PERFORM set_config('stale.calls', n::text, false);"
          + " IF n > " + SERVED + " THEN RAISE EXCEPTION '" + MESSAGE + "' USING ERRCODE = 'XX000'; END IF;"
          + " RETURN data; END $$");
      s.execute("CREATE VIEW stale_after AS SELECT _id, served(data) AS data FROM stale_after_base");
    }
  }

  private static PhaseStats run(String pool, FailureReader reader, boolean eventLoop) throws Exception {
    ConnectionSpec spec = new ConnectionSpec(url, "postgres", null,
        Map.of("ApplicationName", DriverSettings.APPLICATION_NAME), List.of());
    PhaseSpec phase = new PhaseSpec(Map.of("pool", pool), StatementMode.PREPARED, pool, new PoolSettings(THREADS, 0),
        THREADS, spec, Map.of());
    RunPlan plan = TestPlan.of(List.of(phase), OperationMix.parse("find_first"), TABLE).keys(1000).ops(OPS)
        .failureReader(reader)
        .workerThreads(eventLoop ? WorkerThreadPolicy.eventLoop(1) : WorkerThreadPolicy.PLATFORM).build();
    Runner.Result result = new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()),
        new RunListener() {}).run();
    return result.phases().get(0).stats();
  }

  @ParameterizedTest(name = "pool {0}, event loops {1}")
  @CsvSource({"none, false", "hikari, false", "c3p0, false", "none, true"})
  void aPostgresXlSessionThatCannotServeIsReplacedAfterItsFirstFailure(String pool, boolean eventLoop)
      throws Exception {
    PhaseStats stats = run(pool, FailureReader.xlCoordinator(Map.of()), eventLoop);
    long ok = stats.total().count();
    long failed = stats.total().errorCount();
    assertEquals(OPS, ok + failed);
    // each session serves SERVED lookups, fails once and is replaced; at most one failure per SERVED + 1 executions
    // (and one more per worker for the session in use at the end)
    assertTrue(failed <= OPS / (SERVED + 1) + THREADS, failed + " failed, " + ok + " succeeded");
    assertTrue(failed >= OPS / (SERVED + 1) - THREADS, failed + " failed: sessions did go stale");
    for (ErrorStats e : stats.total().errors()) {
      assertEquals("XX000", e.sqlState());
      assertTrue(e.firstMessage().contains(MESSAGE), e.firstMessage());
    }
    if (pool.equals("none")) {
      // a session given up by the last executions is not opened again: the budget was spent
      assertTrue(stats.reconnects() <= failed && stats.reconnects() >= failed - THREADS,
          "each failed session was opened again once: " + stats.reconnects() + " reconnects, " + failed + " failed");
    } else {
      assertEquals(0, stats.reconnects(), "a pool replaces its connections itself");
    }
    assertTrue(stats.outages().stream().allMatch(o -> o.endSeconds() != null), "recovered: " + stats.outages());
  }

  @ParameterizedTest(name = "pool {0}")
  @CsvSource({"none", "hikari"})
  void elsewhereAnErrorOnALiveSessionKeepsIt(String pool) throws Exception {
    PhaseStats stats = run(pool, FailureReader.PLAIN, false);
    // kept sessions serve SERVED lookups each, then fail for good: never more successes than that, which a replaced
    // session would add (on a loaded machine a late worker may end before its session served them all)
    long ok = stats.total().count();
    assertTrue(ok <= THREADS * SERVED && ok >= SERVED, ok + " succeeded: each session served its lookups, then failed"
        + " for good");
    assertEquals(OPS, ok + stats.total().errorCount());
    assertEquals(0, stats.reconnects());
  }
}
