package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.PoolSettings;
import stress.metrics.ErrorStats;
import stress.metrics.PhaseStats;
import stress.model.OperationMix;
import stress.model.StatementMode;
import stress.model.WorkerThreadPolicy;
import stress.ops.Operations;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;
import stress.testing.TestPlan;

/**
 * A server that stops answering in the middle of a run: another session takes the table's ACCESS EXCLUSIVE lock, so
 * every lookup waits without a reply. With a socket timeout of 1 s each client, a thread per connection (pgjdbc) and
 * the event loops alike, closes the connection under the waiting lookup, counts it as a failed execution with
 * SQLState 08006 and opens a new connection, rather than leaving the lookups in flight and the run silent. Plain
 * statements, so that a new connection opens while the lock is held (preparing the lookup would wait on it).
 */
class SilentServerTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "silent_docs", IdType.INTEGER);
  private static final int THREADS = 3;
  private static String url;
  private static String database;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseWithDocuments("silent", TABLE, 1000);
    database = TestDatabase.databaseName(url);
  }

  @ParameterizedTest
  @ValueSource(strings = {"thread-per-connection", "event-loop"})
  void lookupsWithoutAReplyFailAfterTheSocketTimeoutAndTheirConnectionsAreReplaced(String client) throws Exception {
    boolean eventLoop = client.equals("event-loop");
    ConnectionSpec spec = new ConnectionSpec(url, "postgres", null,
        Map.of("ApplicationName", DriverSettings.APPLICATION_NAME, "socketTimeout", "1"), List.of());
    PhaseSpec phase = new PhaseSpec(Map.of("client", client), StatementMode.PLAIN, "none", new PoolSettings(THREADS, 0),
        THREADS, spec, Map.of());
    RunPlan plan = TestPlan.of(List.of(phase), OperationMix.parse("find_first"), TABLE)
        .operations(List.of(Operations.byName("find_first"))).keys(1000)
        .duration(Duration.ofSeconds(4)).interval(Duration.ofMillis(500))
        .workerThreads(eventLoop ? WorkerThreadPolicy.eventLoop(1) : WorkerThreadPolicy.PLATFORM).build();

    CountDownLatch runEnded = new CountDownLatch(1);
    AtomicReference<Throwable> lockFailure = new AtomicReference<>();
    Thread locker = new Thread(() -> {
      try {
        holdLockWhileRunning(runEnded);
      } catch (Exception | AssertionError e) {
        lockFailure.set(e);
      }
    });
    locker.start();
    Runner.Result result;
    try {
      result = new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()),
          new RunListener() {}).run();
    } finally {
      runEnded.countDown();
      locker.join(30_000);
    }
    if (lockFailure.get() != null) {
      throw new AssertionError("holding the lock failed", lockFailure.get());
    }

    PhaseStats stats = result.phases().get(0).stats();
    assertTrue(stats.total().count() > 0, "lookups succeeded before the lock");
    assertTrue(stats.total().errorCount() >= THREADS,
        "each worker's lookup in flight when the server went silent failed: " + stats.total().errors());
    for (ErrorStats e : stats.total().errors()) {
      assertEquals("08006", e.sqlState(), e.toString());
      if (eventLoop) {
        assertEquals("read timed out: no reply from the server within the socket timeout of 1 s; the connection was"
            + " closed", e.firstMessage());
      }
    }
    assertTrue(stats.reconnects() >= THREADS, "each worker opened a new connection: " + stats.reconnects());
  }

  /** Once the run's connections are open and working, takes the table's lock and holds it until the run ended. */
  private static void holdLockWhileRunning(CountDownLatch runEnded) throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (backends() < THREADS) {
      assertTrue(System.nanoTime() < deadline, "the run's " + THREADS + " connections did not appear");
      Thread.sleep(20);
    }
    Thread.sleep(500);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      s.execute("LOCK TABLE silent_docs IN ACCESS EXCLUSIVE MODE");
      runEnded.await(60, TimeUnit.SECONDS);
      c.rollback();
    }
  }

  private static int backends() throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name = '"
             + DriverSettings.APPLICATION_NAME + "' AND datname = '" + database + "'")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
