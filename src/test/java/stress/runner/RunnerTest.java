package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import stress.testing.TestPlan;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSource;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;
import stress.model.StatementMode;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.InterceptedConnection;
import stress.testing.TestDatabase;
import stress.model.OperationMix;

/** The runner as a library: phases, warm-up, stopping, failures. */
class RunnerTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "runner_docs", IdType.INTEGER);
  private static String url;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("runner");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
      }
      s.execute("INSERT INTO runner_docs SELECT i, jsonb_build_object('i', i) FROM generate_series(1, 1000) i");
    }
  }

  private static PhaseSpec phase(int threads, String pool, List<String> init) {
    ConnectionSpec spec = new ConnectionSpec(url, "postgres", null, Map.of(), init);
    return new PhaseSpec(Map.of("threads", Integer.toString(threads)), StatementMode.PREPARED, pool,
        new PoolSettings(threads, 0), threads, spec, Map.of());
  }

  private static RunPlan plan(List<PhaseSpec> phases, String op, Duration duration, Duration warmup) {
    OperationMix mix = OperationMix.parse(op);
    return TestPlan.of(phases, mix, TABLE).keys(1000).duration(duration).warmup(warmup).build();
  }

  private static Runner runner(RunPlan plan, RunListener listener) {
    return new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()), listener);
  }

  /**
   * Executions in flight at the deadline complete and are counted; they belong to the last interval, which
   * must not be a separate sliver of a few milliseconds with a meaningless rate.
   */
  @Test
  void theLastIntervalTakesTheExecutionsInFlightAtTheDeadline() throws Exception {
    List<IntervalStats> seen = new ArrayList<>();
    RunListener listener = new RunListener() {
      @Override
      public void interval(PhaseSpec phase, IntervalStats stats) {
        seen.add(stats);
      }
    };
    Runner.Result result = runner(plan(List.of(phase(4, "none", List.of())), "find_first", Duration.ofMillis(1000),
        Duration.ZERO), listener).run();
    List<IntervalStats> measured = result.phases().get(0).stats().intervals();
    assertEquals(measured, seen, "every measured interval was told to the listener, none added after the last");
    assertTrue(measured.get(measured.size() - 1).elapsedSeconds() >= 1.0, "the last interval reaches the deadline");
    assertEquals(result.phases().get(0).stats().total().count(), seen.stream().mapToLong(IntervalStats::count).sum());
  }

  /**
   * A phase that runs out of --ops ends with its last execution: its workers closing their connections afterwards
   * (here 2 s each) is neither measured time nor part of the last interval.
   */
  @Test
  void aPhaseOfOpsEndsWithItsLastExecutionNotWhenItsConnectionsAreClosed() throws Exception {
    long closeMillis = 2_000;
    RunPlan plan = TestPlan.of(List.of(phase(2, "none", List.of())), OperationMix.parse("find_first"), TABLE)
        .keys(1000).ops(20).build();
    Runner r = new Runner(plan, p -> new SlowToClose(ConnectionSources.open(p.poolKind(), p.connection(), p.pool()),
        closeMillis), new RunListener() {});
    long start = System.nanoTime();
    Runner.Result result = r.run();
    double wallSeconds = (System.nanoTime() - start) / 1e9;
    PhaseStats stats = result.phases().get(0).stats();
    assertEquals(20, stats.total().count());
    double closeSeconds = closeMillis / 1000.0;
    assertTrue(wallSeconds >= closeSeconds, "the connections took their time to close: " + wallSeconds + " s");
    // the closing came after the measured time, however long the lookups took: measured + closing fit in the run
    assertTrue(stats.durationSeconds() <= wallSeconds - closeSeconds,
        "20 lookups on 2 connections measured " + stats.durationSeconds() + " s of a run of " + wallSeconds + " s");
    IntervalStats last = stats.intervals().get(stats.intervals().size() - 1);
    assertTrue(last.elapsedSeconds() <= wallSeconds - closeSeconds,
        "the last interval ends with the last execution: " + last + " in a run of " + wallSeconds + " s");
  }

  /** A source whose connections take a while to close, like a server slow to see a client off. */
  private record SlowToClose(ConnectionSource source, long closeMillis) implements ConnectionSource {
    @Override
    public Connection connection() throws SQLException {
      return InterceptedConnection.before(source.connection(), "close", () -> Thread.sleep(closeMillis));
    }

    @Override
    public String kind() {
      return source.kind();
    }

    @Override
    public boolean heldPerWorker() {
      return source.heldPerWorker();
    }

    @Override
    public Map<String, String> describe() {
      return source.describe();
    }

    @Override
    public void close() {
      source.close();
    }
  }

  @Test
  void warmupIntervalsAreMarkedAndExcludedFromTheTotals() throws Exception {
    List<IntervalStats> seen = new ArrayList<>();
    RunListener listener = new RunListener() {
      @Override
      public void interval(PhaseSpec phase, IntervalStats stats) {
        seen.add(stats);
      }
    };
    Runner.Result result = runner(plan(List.of(phase(2, "none", List.of())), "find_first", Duration.ofSeconds(1),
        Duration.ofMillis(600)), listener).run();
    long warmupCount = seen.stream().filter(IntervalStats::warmup).mapToLong(IntervalStats::count).sum();
    long measuredCount = seen.stream().filter(i -> !i.warmup()).mapToLong(IntervalStats::count).sum();
    assertTrue(warmupCount > 0, "warm-up ran");
    long total = result.phases().get(0).stats().total().count();
    assertTrue(total >= measuredCount && total > 0, total + " vs measured intervals " + measuredCount);
    assertTrue(total < measuredCount + warmupCount, "warm-up executions are not in the total");
    // every find_first reads one row: rows and counts must land on the same side of the warm-up edge
    assertEquals(total, result.phases().get(0).stats().total().rows());
  }

  @Test
  void aStopReturnsPromptlyWithWhatWasMeasuredAndSkipsLaterPhases() throws Exception {
    AtomicLong succeeded = new AtomicLong();
    RunListener listener = new RunListener() {
      @Override
      public void interval(PhaseSpec phase, IntervalStats stats) {
        succeeded.addAndGet(stats.count());
      }
    };
    Runner r = runner(plan(List.of(phase(3, "hikari", List.of()), phase(3, "none", List.of())), "find_first",
        Duration.ofMinutes(5), Duration.ZERO), listener);
    AtomicReference<String> notStopped = new AtomicReference<>();
    Thread stopper = new Thread(() -> {
      // stops once the first phase has measured something, whenever that is on a busy machine
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      try {
        while (succeeded.get() == 0) {
          if (System.nanoTime() - deadline > 0) {
            notStopped.set("the first phase measured nothing within 60 s");
            break;
          }
          Thread.sleep(20);
        }
      } catch (InterruptedException e) {
        notStopped.set("interrupted");
      }
      r.requestStop();
    });
    stopper.start();
    Runner.Result result = r.run();
    stopper.join();
    assertEquals(null, notStopped.get());
    assertTrue(result.interrupted());
    assertEquals(1, result.phases().size(), "the second phase never started");
    assertTrue(result.phases().get(0).stats().total().count() > 0);
    // the phase ended at the stop, not at its planned five minutes (a bound no load reaches: the test would wait it out)
    double measured = result.phases().get(0).stats().durationSeconds();
    assertTrue(measured < Duration.ofMinutes(5).toSeconds(), "measured " + measured + " s");
  }

  /** Sleeps on the server longer than the statement timeout allows, so every execution fails with 57014. */
  private static final class TooSlow implements stress.ops.Operation {
    @Override
    public String name() {
      return "too_slow";
    }

    @Override
    public String description() {
      return "sleeps past the statement timeout";
    }

    @Override
    public Bound bind(stress.ops.OperationContext context) {
      // the timeout is set here rather than at connection start, where it could also hit the runner's own
      // short start-up queries on a busy machine
      stress.ops.sql.Sql shortTimeout = new stress.ops.sql.Sql("SET statement_timeout = 20");
      stress.ops.sql.Sql sleep = new stress.ops.sql.Sql("SELECT 1, pg_sleep(0.5)::text WHERE ? > 0");
      return session -> {
        session.sql().update(shortTimeout);
        return session.sql().queryRows(sleep, session.nextKey());
      };
    }
  }

  @Test
  void failuresAreCountedBySqlStateWithTheFirstMessageAndTheConnectionIsKept() throws Exception {
    OperationMix mix = OperationMix.parse("too_slow");
    RunPlan plan = TestPlan.of(List.of(phase(2, "none", List.of())), mix, TABLE).operations(List.of(new TooSlow())).keys(1000)
        .ops(20).build();
    PhaseOutcome phase = runner(plan, new RunListener() {}).run().phases().get(0);
    var total = phase.stats().total();
    assertEquals(0, total.count(), "nothing succeeds");
    assertEquals(20, total.errorCount(), "every execution failed: " + total.errorCount());
    assertEquals(1, total.errors().size());
    assertEquals("57014", total.errors().get(0).sqlState());
    assertTrue(total.errors().get(0).firstMessage().contains("statement timeout"), total.errors().toString());
    assertEquals(0, phase.stats().reconnects(), "a timeout does not break the connection");
    assertEquals(2, phase.distinctBackends());
  }

  @Test
  void aConnectionThatCannotBeOpenedStopsThePhaseWithTheReason() {
    PhaseSpec bad = new PhaseSpec(Map.of(), StatementMode.PREPARED, "none", new PoolSettings(2, 0), 2,
        new ConnectionSpec(TestDatabase.url("missing_db"), "postgres", null, Map.of(), List.of()), Map.of());
    SQLException e = assertThrows(SQLException.class,
        () -> runner(plan(List.of(bad), "find_first", Duration.ofSeconds(1), Duration.ZERO), new RunListener() {}).run());
    assertTrue(e.getMessage().startsWith("could not open 2 connections for phase"), e.getMessage());
    assertTrue(e.getMessage().contains("missing_db"), e.getMessage());
  }

  /**
   * Slots taken after the run's check (here a role's connection limit, which the server enforces with the same
   * SQLState 53300) still stop the phase before measuring, with the count that could be opened.
   */
  @Test
  void connectionsTheServerRefusesAtTheStartStopThePhaseWithOneLine() throws SQLException {
    String role = "limited_" + ProcessHandle.current().pid();
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + role + " LOGIN CONNECTION LIMIT 3"); // superusers have no limit
      s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + role);
    }
    try {
      ConnectionSpec spec = new ConnectionSpec(url, role, null, Map.of(), List.of());
      PhaseSpec five = new PhaseSpec(Map.of("threads", "5"), StatementMode.PREPARED, "none", new PoolSettings(5, 0), 5,
          spec, Map.of());
      SQLException e = assertThrows(SQLException.class,
          () -> runner(plan(List.of(five), "find_first", Duration.ofSeconds(30), Duration.ZERO), new RunListener() {})
              .run());
      assertEquals("53300", e.getSQLState(), e.getMessage());
      // PostgreSQL enforces a role's limit only approximately: sessions that start together may all be refused
      // when one slot is left (CREATE ROLE's documentation), so fewer than 3 may have got in, never more
      assertTrue(e.getMessage().matches(".*only [0-3] of 5 connections could be opened.*")
          && e.getMessage().contains("too many connections for role \"" + role + "\"")
          && e.getMessage().contains("raise the role's CONNECTION LIMIT")
          && !e.getMessage().contains("max_connections")
          && e.getMessage().contains("nothing was measured"), e.getMessage());
    } finally {
      try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
        s.execute("DROP OWNED BY " + role);
        s.execute("DROP ROLE " + role);
      }
    }
  }
}
