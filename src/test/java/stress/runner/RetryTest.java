package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import stress.testing.TestPlan;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import stress.metrics.IntervalStats;
import stress.metrics.OperationStats;
import stress.metrics.PhaseStats;
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

/**
 * --retries with a real serialization failure (40001) the server raises, provoked deterministically with two
 * sessions: the worker's repeatable-read transaction reads a row, another session updates that row and
 * commits, and the worker's own update of it then cannot be serialized. The conflict is provoked on every
 * odd attempt, so with one thread an execution's first attempt fails and its retry succeeds.
 */
class RetryTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "retry_docs", IdType.INTEGER);
  private static final int EXECUTIONS = 20;
  private static String url;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("retry");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
      }
      s.execute("INSERT INTO retry_docs VALUES (1, '{}')");
    }
  }

  /** Updates row 1 in a repeatable-read transaction; on odd attempts another session updates it first. */
  private static final class ConflictingUpdate implements Operation, AutoCloseable {
    private final boolean idempotent;
    private Connection other;
    private int attempts;

    ConflictingUpdate(boolean idempotent) {
      this.idempotent = idempotent;
    }

    @Override
    public String name() {
      return "conflicting_update";
    }

    @Override
    public String description() {
      return "an update that loses a race with another session on every odd attempt";
    }

    @Override
    public boolean readsExistingKeys() {
      return false;
    }

    @Override
    public boolean idempotent() {
      return idempotent;
    }

    @Override
    public Bound bind(OperationContext context) {
      Sql isolation = new Sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      Sql read = new Sql("SELECT _id, data FROM retry_docs WHERE _id = ?");
      Sql update = new Sql("UPDATE retry_docs SET data = jsonb_build_object('n', (data->>'n')::int + 1) WHERE _id = ?");
      return session -> {
        attempts++;
        session.sql().update(isolation);
        session.sql().queryRows(read, 1);
        if (attempts % 2 == 1) {
          try (Statement s = otherSession().createStatement()) {
            s.executeUpdate("UPDATE retry_docs SET data = '{\"n\": 0}' WHERE _id = 1");
          }
        }
        return session.sql().update(update, 1);
      };
    }

    private Connection otherSession() throws SQLException {
      if (other == null) {
        other = TestDatabase.connect(url);
      }
      return other;
    }

    @Override
    public void close() throws SQLException {
      if (other != null) {
        other.close();
      }
    }
  }

  private static PhaseStats run(Operation op, int retries) throws Exception {
    PhaseSpec phase = new PhaseSpec(Map.of(), StatementMode.PREPARED, "none", new PoolSettings(1, 0), 1,
        new ConnectionSpec(url, "postgres", null, Map.of(), List.of()), Map.of());
    RunPlan plan = TestPlan.of(List.of(phase), OperationMix.parse(op.name()), TABLE).operations(List.of(op)).ops(EXECUTIONS)
        .transaction(true).retries(retries).build();
    return new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()),
        new RunListener() {}).run().phases().get(0).stats();
  }

  @Test
  void aSerializationFailureIsRetriedAndCountedApartFromErrors() throws Exception {
    try (ConflictingUpdate op = new ConflictingUpdate(true)) {
      PhaseStats stats = run(op, 1);
      OperationStats total = stats.total();
      assertEquals(EXECUTIONS, total.count(), "every execution succeeded on its retry: " + total.errors());
      assertEquals(0, total.errorCount());
      assertEquals(EXECUTIONS, total.retries());
      assertEquals(EXECUTIONS, stats.operation("conflicting_update").retries());
      assertEquals(EXECUTIONS, stats.intervals().stream().mapToLong(IntervalStats::retries).sum(),
          "retries per interval add up");
      assertEquals(2 * EXECUTIONS, op.attempts);
    }
  }

  @Test
  void withoutRetriesEveryConflictIsAFailureWith40001() throws Exception {
    try (ConflictingUpdate op = new ConflictingUpdate(true)) {
      OperationStats total = run(op, 0).total();
      assertEquals(EXECUTIONS / 2, total.count());
      assertEquals(EXECUTIONS / 2, total.errorCount());
      assertEquals("40001", total.errors().get(0).sqlState());
      assertEquals(1, total.errors().size());
      assertEquals(0, total.retries());
    }
  }

  @Test
  void anOperationThatIsNotIdempotentIsNeverRetried() throws Exception {
    try (ConflictingUpdate op = new ConflictingUpdate(false)) {
      OperationStats total = run(op, 3).total();
      assertEquals(EXECUTIONS / 2, total.errorCount());
      assertEquals(0, total.retries());
      assertEquals(EXECUTIONS, op.attempts, "one attempt per execution");
    }
  }

  @Test
  void theBuiltInsSayWhichAreSafeToRepeat() {
    for (String name : List.of("find", "find_first", "find_in", "find_update", "find_insert", "find_delete")) {
      assertTrue(Operations.byName(name).idempotent(), name);
    }
    for (String name : List.of("insert", "insert_batch", "copy")) {
      assertFalse(Operations.byName(name).idempotent(), name);
    }
  }
}
