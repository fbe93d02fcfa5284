package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import stress.testing.TestPlan;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
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
import stress.ops.builtin.Operations;
import stress.model.StatementMode;
import stress.model.WorkerThreadPolicy;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;
import stress.model.OperationMix;

/**
 * Backends ended with pg_terminate_backend while the run uses them. What is deterministic:
 * <ul>
 *   <li>without a pool each worker holds its backend, so every terminated backend fails exactly one execution
 *   (its next one) and is reopened exactly once: errors = reconnects = terminated;</li>
 *   <li>a pool may notice a dead idle connection on its own (validation at checkout) and replace it silently,
 *   so each terminated backend fails at most one execution: 0 &lt;= errors &lt;= terminated. What is certain is
 *   that the pool replaces them: it is back to its size with new backends while the run goes on.</li>
 * </ul>
 * The event-loop client ({@code --event-loops}) holds one connection per worker as {@code none} does, and is held to
 * the same counts.
 */
class TerminatedBackendsTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "terminated_docs", IdType.INTEGER);
  private static final int THREADS = 4;
  private static final int TERMINATED = 2;
  /** How long the test waits for something the run must do, however busy the machine. */
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Set<String> CONNECTION_STATES = Set.of("57P01", "08006", "08003");
  private static String url;
  private static String database;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseWithDocuments("terminated", TABLE, 1000);
    database = TestDatabase.databaseName(url);
  }

  private record Killed(Set<Integer> before, Set<Integer> terminated, Set<Integer> after) {}

  @ParameterizedTest
  @ValueSource(strings = {"none", "hikari", "c3p0", "event-loop"})
  void terminatedBackendsAreReplacedAndCounted(String client) throws Exception {
    boolean eventLoop = client.equals("event-loop");
    String pool = eventLoop ? "none" : client;
    ConnectionSpec spec = new ConnectionSpec(url, "postgres", null,
        Map.of("ApplicationName", DriverSettings.APPLICATION_NAME), List.of());
    PhaseSpec phase = new PhaseSpec(Map.of("pool", pool), StatementMode.PREPARED, pool, new PoolSettings(THREADS, 0),
        THREADS, spec, Map.of());
    OperationMix mix = OperationMix.parse("find_first");
    // the run lasts until the backends were terminated and replaced (or that failed), not a fixed time: on a busy
    // machine opening the connections alone can take seconds
    RunPlan plan = TestPlan.of(List.of(phase), mix, TABLE).operations(List.of(Operations.byName("find_first"))).keys(1000)
        .duration(Duration.ofMinutes(5)).interval(Duration.ofMillis(500))
        .workerThreads(eventLoop ? WorkerThreadPolicy.eventLoop(2) : WorkerThreadPolicy.PLATFORM).build();

    AtomicLong succeeded = new AtomicLong();
    RunListener listener = new RunListener() {
      @Override
      public void interval(PhaseSpec p, IntervalStats stats) {
        succeeded.addAndGet(stats.count());
      }
    };
    Runner runner = new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()), listener);
    AtomicReference<Object> killed = new AtomicReference<>();
    Thread killer = new Thread(() -> {
      try {
        killed.set(terminateTwo(succeeded));
      } catch (Exception | AssertionError e) {
        killed.set(e);
      } finally {
        runner.requestStop();
      }
    });
    killer.start();
    Runner.Result result = runner.run();
    killer.join(WAIT.toMillis());
    if (!(killed.get() instanceof Killed k)) {
      throw new AssertionError("terminating backends failed: " + killed.get());
    }
    PhaseStats stats = result.phases().get(0).stats();
    long errors = stats.total().errorCount();
    for (ErrorStats e : stats.total().errors()) {
      assertTrue(CONNECTION_STATES.contains(e.sqlState()), e.toString());
      if (eventLoop) {
        // the server's FATAL reaches the event loop before the close does, and is what the failure reports
        assertEquals("57P01", e.sqlState(), e.toString());
      }
    }
    assertTrue(stats.total().count() > 0);
    if (pool.equals("none")) {
      assertEquals(TERMINATED, errors, "one failed execution per terminated backend: " + stats.total().errors());
      assertEquals(TERMINATED, stats.reconnects(), "one reconnect per terminated backend");
    } else {
      assertTrue(errors <= TERMINATED, errors + " errors for " + TERMINATED + " terminated backends");
    }
    // replaced: as many backends as before, none of the terminated ones, new ones in their place
    assertEquals(THREADS, k.after().size(), k.toString());
    assertTrue(k.after().stream().noneMatch(k.terminated()::contains), k.toString());
    Set<Integer> replacements = new HashSet<>(k.after());
    replacements.removeAll(k.before());
    assertEquals(TERMINATED, replacements.size(), k.toString());
  }

  /**
   * Waits for the run's backends and for lookups to succeed on them, terminates two, then waits until there are as
   * many again, none of them a terminated one.
   */
  private static Killed terminateTwo(AtomicLong succeeded) throws SQLException, InterruptedException {
    Set<Integer> before = awaitBackends(THREADS, Set.of());
    await("lookups succeeding on the run's connections", () -> succeeded.get() > 0);
    List<Integer> pids = new ArrayList<>(before);
    Set<Integer> terminated = new HashSet<>(pids.subList(0, TERMINATED));
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (int pid : terminated) {
        try (ResultSet rs = s.executeQuery("SELECT pg_terminate_backend(" + pid + ")")) {
          rs.next();
          assertTrue(rs.getBoolean(1), "terminated " + pid);
        }
      }
    }
    Set<Integer> after = awaitBackends(THREADS, terminated);
    return new Killed(before, terminated, after);
  }

  /** The run's backends once there are {@code count} of them and none of {@code gone}. */
  private static Set<Integer> awaitBackends(int count, Set<Integer> gone) throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    Set<Integer> pids = backends();
    while (pids.size() != count || pids.stream().anyMatch(gone::contains)) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("expected " + count + " backends without " + gone + " within " + WAIT.toSeconds()
            + " s, have " + pids);
      }
      Thread.sleep(20);
      pids = backends();
    }
    return pids;
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

  private static Set<Integer> backends() throws SQLException {
    Set<Integer> pids = new HashSet<>();
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT pid FROM pg_stat_activity WHERE application_name = '"
             + DriverSettings.APPLICATION_NAME + "' AND datname = '" + database + "'")) {
      while (rs.next()) {
        pids.add(rs.getInt(1));
      }
    }
    return pids;
  }
}
