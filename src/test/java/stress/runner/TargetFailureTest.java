package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.metrics.ErrorStats;
import stress.metrics.Outage;
import stress.metrics.PhaseStats;
import stress.model.OperationMix;
import stress.model.StatementMode;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.TargetFailure;
import stress.server.dialect.PostgresDialect;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;
import stress.testing.TestPlan;

/**
 * An operation that reaches a server of its own (a MongoDB server through its driver) and fails there: counted under
 * its SQLState, an outage opened as on PostgreSQL, the worker's connection (which carried nothing) kept, and a server
 * that cannot be reached not hammered: the worker backs off as after a failed connection attempt.
 */
class TargetFailureTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "target_failure_docs", IdType.INTEGER);
  private static String url;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("target_failure");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
      }
    }
  }

  /** Succeeds {@code successes} times, then fails every time with {@code sqlState}, as a stopped server does. */
  private record StoppingServer(int successes, String sqlState, AtomicLong calls) implements Operation {
    @Override
    public String name() {
      return "sent_elsewhere";
    }

    @Override
    public String description() {
      return "a call to a server of its own that stops answering";
    }

    @Override
    public boolean readsExistingKeys() {
      return false;
    }

    @Override
    public Bound bind(OperationContext context) {
      return session -> {
        if (calls.incrementAndGet() <= successes) {
          return 1;
        }
        throw new TargetFailure("connection refused by 127.0.0.1:47017", sqlState, null);
      };
    }
  }

  private static Runner.Result run(Operation op, int threads) throws Exception {
    PhaseSpec phase = new PhaseSpec(Map.of(), StatementMode.PREPARED, "none", new PoolSettings(threads, 0), threads,
        new ConnectionSpec(url, "postgres", null, Map.of(), List.of()), Map.of());
    RunPlan plan = TestPlan.of(List.of(phase), OperationMix.parse(op.name()), TABLE).operations(List.of(op))
        .duration(Duration.ofSeconds(1)).warmup(Duration.ZERO).build();
    return new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()),
        new RunListener() {}).run();
  }

  @Test
  void aStoppedServerOpensAnOutageKeepsTheConnectionAndIsNotHammered() throws Exception {
    AtomicLong calls = new AtomicLong();
    Runner.Result result = run(new StoppingServer(5, TargetFailure.REFUSED, calls), 2);
    PhaseStats stats = result.phases().get(0).stats();
    assertEquals(5, stats.total().count());
    assertEquals(0, stats.reconnects(), "the workers' connections carried nothing and were kept");
    assertEquals(2, result.phases().get(0).distinctBackends(), "each worker kept its one connection");
    ErrorStats refused = stats.total().errors().get(0);
    assertEquals(TargetFailure.REFUSED, refused.sqlState());
    assertEquals("connection refused by 127.0.0.1:47017", refused.firstMessage());
    // backing off 100 ms, doubling up to 1 s: a few failures per worker in a second, not a spin of thousands
    assertTrue(stats.total().errorCount() >= 2 && stats.total().errorCount() <= 20, "failures: "
        + stats.total().errorCount());
    List<Outage> outages = stats.outages();
    assertEquals(1, outages.size(), outages.toString());
    assertTrue(outages.get(0).open(), "never recovered: " + outages);
    assertEquals(TargetFailure.REFUSED, outages.get(0).firstSqlState());
  }

  @Test
  void aTimeoutIsCountedAsOneWithoutBackingOff() throws Exception {
    AtomicLong calls = new AtomicLong();
    Runner.Result result = run(new StoppingServer(0, TargetFailure.TIMEOUT, calls), 1);
    PhaseStats stats = result.phases().get(0).stats();
    assertEquals(TargetFailure.TIMEOUT, stats.total().errors().get(0).sqlState());
    assertEquals(0, stats.reconnects());
    // a timeout took its own time already: no back-off after it (here it fails at once, so many failures)
    assertTrue(stats.total().errorCount() > 20, "failures: " + stats.total().errorCount());
  }
}
