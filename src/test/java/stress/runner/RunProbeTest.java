package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import stress.testing.TestPlan;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.builtin.Operations;
import stress.ops.sql.Sql;
import stress.model.StatementMode;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;
import stress.model.OperationMix;

/** The probe hooks see exactly what the run's own figures count, on the right side of the warm-up edge. */
class RunProbeTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "probe_docs", IdType.INTEGER);
  private static String url;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("probe");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
      }
      s.execute("INSERT INTO probe_docs SELECT i, jsonb_build_object('i', i) FROM generate_series(1, 500) i");
    }
  }

  /** Counts what it sees, warm-up apart as each call says. */
  private static class CountingProbe implements RunProbe {
    final AtomicLong warmupSuccesses = new AtomicLong();
    final AtomicLong measuredSuccesses = new AtomicLong();
    final Map<String, AtomicLong> failuresByState = new ConcurrentHashMap<>();
    final AtomicInteger started = new AtomicInteger();
    final AtomicInteger stopped = new AtomicInteger();
    final AtomicInteger finishedCalls = new AtomicInteger();

    @Override
    public PhaseProbe phase(PhaseSpec phase, List<String> operationNames) {
      WorkerProbe worker = new WorkerProbe() {
        @Override
        public void started() {
          started.incrementAndGet();
        }

        @Override
        public void stopped() {
          stopped.incrementAndGet();
        }

        @Override
        public void success(int opIndex, long latencyNanos, boolean measured) {
          assertTrue(latencyNanos >= 0);
          (measured ? measuredSuccesses : warmupSuccesses).incrementAndGet();
        }

        @Override
        public void failure(int opIndex, long latencyNanos, String sqlState, boolean measured) {
          failuresByState.computeIfAbsent(String.valueOf(sqlState), k -> new AtomicLong()).incrementAndGet();
        }
      };
      return new PhaseProbe() {
        @Override
        public WorkerProbe worker(int index) {
          return worker;
        }

        @Override
        public void finished() {
          finishedCalls.incrementAndGet();
        }
      };
    }
  }

  private static PhaseSpec phase(int threads, String pool, String database) {
    return new PhaseSpec(Map.of("threads", Integer.toString(threads)), StatementMode.PREPARED, pool,
        new PoolSettings(threads, 0), threads, new ConnectionSpec(database, "postgres", null, Map.of(), List.of()),
        Map.of());
  }

  private static Runner.Result run(PhaseSpec phase, Operation op, Duration warmup, RunProbe probe)
      throws Exception {
    RunPlan plan = TestPlan.of(List.of(phase), OperationMix.parse(op.name()), TABLE).operations(List.of(op)).keys(500)
        .duration(Duration.ofMillis(800)).warmup(warmup).build();
    return new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()),
        new RunListener() {}, probe).run();
  }

  @Test
  void withoutWarmupEverySuccessIsMeasuredAndCountedOnce() throws Exception {
    CountingProbe probe = new CountingProbe();
    Runner.Result result = run(phase(2, "none", url), Operations.byName("find_first"), Duration.ZERO, probe);
    long total = result.phases().get(0).stats().total().count();
    assertTrue(total > 0);
    assertEquals(total, probe.measuredSuccesses.get(), "the probe saw exactly the summary's executions");
    assertEquals(0, probe.warmupSuccesses.get(), "no execution is warm-up when there is none");
    assertEquals(2, probe.started.get());
    assertEquals(2, probe.stopped.get());
    assertEquals(1, probe.finishedCalls.get());
  }

  @Test
  void warmupAndMeasuredExecutionsAreSplitExactlyAsTheSummaryDoes() throws Exception {
    CountingProbe probe = new CountingProbe();
    int threads = 2;
    Runner.Result result = run(phase(threads, "hikari", url), Operations.byName("find_first"),
        Duration.ofMillis(500), probe);
    long total = result.phases().get(0).stats().total().count();
    assertTrue(probe.warmupSuccesses.get() > 0, "warm-up seen");
    // the workers never pause for the reset with 2 threads on 2 cores: the line falls between executions in flight,
    // and the recorder decides both sides. On a loaded machine the probe has seen more measured executions than the
    // summary counts (16 of 21,332 once at full load). Two causes are mended: an execution ending after the recorder
    // finished (a worker outliving the join's grace) was told to the probe as measured, and so were the executions
    // that ended before the reporter began the warm-up (the test above). The bound stays until runs at full load show
    // no other: the probe never sees fewer, and the excess stays a small fraction
    long measured = probe.measuredSuccesses.get();
    assertTrue(measured >= total && measured - total <= Math.max(threads, total / 200), "probe " + measured
        + " vs summary " + total);
  }

  @Test
  void executionsThatEndBeforeTheReporterBeginsTheWarmupAreWarmupForTheProbeToo() throws Exception {
    int threads = 2;
    long ops = 300;
    java.util.concurrent.CountDownLatch early = new java.util.concurrent.CountDownLatch(20);
    CountingProbe probe = new CountingProbe() {
      @Override
      public PhaseProbe phase(PhaseSpec phase, List<String> operationNames) {
        PhaseProbe counting = super.phase(phase, operationNames);
        return index -> new WorkerProbe() {
          @Override
          public void success(int opIndex, long latencyNanos, boolean measured) {
            counting.worker(index).success(opIndex, latencyNanos, measured);
            early.countDown();
          }
        };
      }
    };
    // The reporter is held right after it lets the workers go until they have finished 20 executions: those are
    // warm-up, on the probe's side as in the summary. They reached the probe as measured when the warm-up began
    // after the workers went (a reporter descheduled there on a loaded machine).
    PhaseStartGate slowReporter = new PhaseStartGate() {
      @Override
      public void awaitStart(PhaseSpec phase, int index, java.util.function.BooleanSupplier stopRequested) {}

      @Override
      public void started(int index, long epochNanos) {
        try {
          early.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }

      @Override
      public void ended(int index, long epochNanos) {}
    };
    RunPlan plan = TestPlan.of(List.of(phase(threads, "none", url)), OperationMix.parse("find_first"), TABLE)
        .operations(List.of(Operations.byName("find_first"))).keys(500).ops(ops).warmup(Duration.ofMillis(1)).build();
    Runner.Result result = new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()),
        new RunListener() {}, probe).startGate(slowReporter).run();
    assertEquals(ops, result.phases().get(0).stats().total().count(), "--ops counts exactly");
    assertTrue(probe.warmupSuccesses.get() >= 20, "the executions before the warm-up's end are warm-up");
    assertEquals(ops, probe.measuredSuccesses.get(), "the probe saw exactly the summary's measured executions");
  }

  /** Fails on the server at once with SQLState 22012 (division by zero). */
  private static final class DividesByZero implements Operation {
    @Override
    public String name() {
      return "divides_by_zero";
    }

    @Override
    public String description() {
      return "fails with 22012";
    }

    @Override
    public Bound bind(OperationContext context) {
      Sql failing = new Sql("SELECT 1 / 0 WHERE ? > 0");
      return session -> session.sql().queryRows(failing, session.nextKey());
    }
  }

  @Test
  void failuresArriveWithTheirSqlState() throws Exception {
    CountingProbe probe = new CountingProbe();
    Runner.Result result = run(phase(2, "none", url), new DividesByZero(), Duration.ZERO, probe);
    long errors = result.phases().get(0).stats().total().errorCount();
    assertTrue(errors > 0);
    assertEquals(Map.of("22012", errors), Map.of("22012", probe.failuresByState.get("22012").get()));
    assertEquals(1, probe.failuresByState.size(), probe.failuresByState.toString());
  }

  @Test
  void aPhaseThatCannotStartIsStillFinished() {
    CountingProbe probe = new CountingProbe();
    assertThrows(SQLException.class, () -> run(phase(2, "none", TestDatabase.url("missing_probe_db")),
        Operations.byName("find_first"), Duration.ZERO, probe));
    assertEquals(1, probe.finishedCalls.get());
    assertEquals(0, probe.started.get());
  }
}
