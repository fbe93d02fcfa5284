package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import stress.testing.TestPlan;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import stress.ops.Operations;
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
    RunPlan plan = TestPlan.of(List.of(phase), mix, TABLE).operations(List.of(Operations.byName("find_first"))).keys(1000)
        .duration(Duration.ofSeconds(5)).interval(Duration.ofMillis(500))
        .workerThreads(eventLoop ? WorkerThreadPolicy.eventLoop(2) : WorkerThreadPolicy.PLATFORM).build();

    AtomicReference<Object> killed = new AtomicReference<>();
    Thread killer = new Thread(() -> {
      try {
        killed.set(terminateTwo());
      } catch (Exception | AssertionError e) {
        killed.set(e);
      }
    });
    killer.start();
    Runner.Result result = new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()),
        new RunListener() {}).run();
    killer.join(30_000);
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

  /** Waits for the run's backends, terminates two, then waits until there are as many again. */
  private static Killed terminateTwo() throws SQLException, InterruptedException {
    Set<Integer> before = awaitBackends(THREADS, Set.of());
    Thread.sleep(500);
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
    long deadline = System.nanoTime() + Duration.ofSeconds(4).toNanos();
    Set<Integer> pids = Set.of();
    while (System.nanoTime() < deadline) {
      pids = backends();
      if (pids.size() == count && pids.stream().noneMatch(gone::contains)) {
        return pids;
      }
      Thread.sleep(20);
    }
    assertFalse(true, "expected " + count + " backends without " + gone + ", have " + pids);
    return pids;
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
