package stress.ops;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import stress.model.StatementMode;
import stress.keys.KeyChooser;
import stress.ops.sql.PlainSqlExecutor;
import stress.ops.sql.SentStatement;
import stress.ops.sql.Sql;
import stress.ops.sql.SqlExecutor;
import stress.ops.sql.UnfinishedExecution;

/**
 * Runs one execution of an operation as a dry run and returns the statements it sent, with their values:
 * the operation's own code decides the SQL and the keys, so what is explained is what a run sends. Reads run
 * for real (as plain SQL) because later statements use what they return; writes are recorded but never sent,
 * and the whole execution runs in a transaction that is rolled back, so nothing it does to the data stays.
 */
public final class StatementRecorder {
  private StatementRecorder() {}

  /**
   * @param bound      the operation bound to its table
   * @param connection where the reads run; left in the autocommit state it came in
   * @param keys       existing keys to choose from
   * @param random     the random source of the dry run
   * @param fetchSize  rows per round trip for streamed reads
   * @return the statements in the order the operation sent them
   * @throws UnfinishedExecution when a statement failed, with the statements sent until then
   */
  public static List<SentStatement> record(Operation.Bound bound, Connection connection, KeyChooser keys,
                                           SplittableRandom random, int fetchSize) throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    Recording recording = new Recording(new PlainSqlExecutor(connection, fetchSize));
    connection.setAutoCommit(false);
    try (OperationSession session = new OperationSession(StatementMode.PLAIN, false, keys, random, fetchSize)) {
      session.attach(connection, recording);
      bound.execute(session);
    } catch (SQLException | RuntimeException e) {
      try {
        undo(connection, autoCommit);
      } catch (SQLException suppressed) {
        e.addSuppressed(suppressed);
      }
      if (e instanceof SQLException sql) {
        throw new UnfinishedExecution(sql, recording.sent);
      }
      throw e;
    }
    undo(connection, autoCommit);
    return List.copyOf(recording.sent);
  }

  private static void undo(Connection connection, boolean autoCommit) throws SQLException {
    connection.rollback();
    connection.setAutoCommit(autoCommit);
  }

  /** Passes reads on and records them; records writes without sending them. */
  private static final class Recording implements SqlExecutor {
    private final SqlExecutor reads;
    private final List<SentStatement> sent = new ArrayList<>();

    Recording(SqlExecutor reads) {
      this.reads = reads;
    }

    private void note(Sql sql, Object[] params, boolean writes) {
      sent.add(new SentStatement(sql, Arrays.asList(params), writes));
    }

    @Override
    public String queryDocument(Sql sql, Object... params) throws SQLException {
      note(sql, params, false);
      return reads.queryDocument(sql, params);
    }

    @Override
    public long queryRows(Sql sql, Object... params) throws SQLException {
      note(sql, params, false);
      return reads.queryRows(sql, params);
    }

    @Override
    public long streamRows(Sql sql, Object... params) throws SQLException {
      note(sql, params, false);
      return reads.streamRows(sql, params);
    }

    /** Not sent: reports the one row a write by key would affect, so the operation carries on as in a run. */
    @Override
    public int update(Sql sql, Object... params) {
      note(sql, params, true);
      return 1;
    }

    @Override
    public void close() {
      reads.close();
    }
  }
}
