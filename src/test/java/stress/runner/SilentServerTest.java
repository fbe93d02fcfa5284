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
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.PoolSettings;
import stress.metrics.ErrorStats;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;
import stress.model.OperationMix;
import stress.model.StatementMode;
import stress.model.WorkerThreadPolicy;
import stress.ops.builtin.Operations;
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
  /** How long the test waits for something the run must do, however busy the machine. */
  private static final Duration WAIT = Duration.ofSeconds(60);
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
    // the run lasts until every worker's lookup failed and its connection was replaced (or waiting for that failed),
    // not a fixed time: on a busy machine the connections alone can take seconds to open
    RunPlan plan = TestPlan.of(List.of(phase), OperationMix.parse("find_first"), TABLE)
        .operations(List.of(Operations.byName("find_first"))).keys(1000)
        .duration(Duration.ofMinutes(5)).interval(Duration.ofMillis(500))
        .workerThreads(eventLoop ? WorkerThreadPolicy.eventLoop(1) : WorkerThreadPolicy.PLATFORM).build();

    AtomicLong succeeded = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    AtomicLong reconnected = new AtomicLong();
    RunListener listener = new RunListener() {
      @Override
      public void interval(PhaseSpec p, IntervalStats stats) {
        succeeded.addAndGet(stats.count());
        failed.addAndGet(stats.errorCount());
        reconnected.addAndGet(stats.reconnects());
      }
    };
    Runner runner = new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()), listener);
    CountDownLatch runEnded = new CountDownLatch(1);
    AtomicReference<Throwable> lockFailure = new AtomicReference<>();
    Thread locker = new Thread(() -> {
      try {
        holdLockWhileRunning(runEnded, () -> succeeded.get() > 0,
            () -> failed.get() >= THREADS && reconnected.get() >= THREADS, runner::requestStop);
      } catch (Exception | AssertionError e) {
        lockFailure.set(e);
      } finally {
        runner.requestStop();
      }
    });
    locker.start();
    Runner.Result result;
    try {
      result = runner.run();
    } finally {
      runEnded.countDown();
      locker.join(WAIT.toMillis());
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

  /**
   * Once the run's connections are open and {@code working}, takes the table's lock and holds it until
   * {@code failedAndReplaced}, then stops the run and holds the lock until it ended.
   */
  private static void holdLockWhileRunning(CountDownLatch runEnded, BooleanSupplier working,
                                           BooleanSupplier failedAndReplaced, Runnable stop)
      throws SQLException, InterruptedException {
    await("the run's " + THREADS + " connections", () -> backends() >= THREADS);
    await("lookups succeeding before the lock", working::getAsBoolean);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      s.execute("LOCK TABLE silent_docs IN ACCESS EXCLUSIVE MODE");
      await(THREADS + " lookups failing on the socket timeout and their connections replaced",
          failedAndReplaced::getAsBoolean);
      stop.run();
      runEnded.await(WAIT.toSeconds(), TimeUnit.SECONDS);
      c.rollback();
    }
  }

  private interface Condition {
    boolean holds() throws SQLException;
  }

  private static void await(String what, Condition condition) throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!condition.holds()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("waited " + WAIT.toSeconds() + " s for " + what);
      }
      Thread.sleep(20);
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
