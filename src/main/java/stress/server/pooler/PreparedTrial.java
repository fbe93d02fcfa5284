package stress.server.pooler;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import stress.connect.ConnectionSpec;

/**
 * A short trial of server-side prepared statements through a pooler before anything is measured: several connections
 * at once, each running two statements of different parameter counts more often than pgjdbc's prepareThreshold, so
 * that where the pooler hands one client's transactions to server connections other clients prepared on, the
 * failures a run would meet come now, once: 42P05 ({@code prepared statement "S_1" already exists}), 08P01
 * ({@code bind message supplies 1 parameters, but prepared statement "S_2" requires 2}) or 26000 (does not exist).
 */
public final class PreparedTrial {
  /** The SQLStates of prepared statements lost or mixed up between server connections. */
  static final Set<String> MIXED_UP = Set.of("42P05", "08P01", "26000");
  private static final int CONNECTIONS = 4;

  private PreparedTrial() {}

  /**
   * Runs the trial with the prepared phases' own connection settings; returns the first failure as
   * {@code SQLSTATE: message}, or empty when every execution answered rightly.
   *
   * @throws SQLException when the trial fails for another reason (no login, a server gone)
   */
  public static Optional<String> failure(ConnectionSpec prepared, int prepareThreshold)
      throws SQLException, InterruptedException {
    int executions = 2 * (prepareThreshold + 5);
    ExecutorService threads = Executors.newFixedThreadPool(CONNECTIONS);
    try {
      CountDownLatch ready = new CountDownLatch(CONNECTIONS);
      List<Future<Optional<String>>> results = new ArrayList<>();
      for (int i = 0; i < CONNECTIONS; i++) {
        results.add(threads.submit(() -> oneConnection(prepared, executions, ready)));
      }
      Optional<String> first = Optional.empty();
      for (Future<Optional<String>> result : results) {
        Optional<String> failure = outcome(result);
        first = first.isPresent() ? first : failure;
      }
      return first;
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * The one line a failed trial gives: the pooler, the cause and both fixes, the client's own for the worker kind
   * ({@code eventLoops}: vertx-pg-client, which pgjdbc's settings do not reach); {@code leftOut} when other
   * combinations are still measured, else the run measures nothing.
   */
  public static String line(PoolerInfo pooler, String failure, boolean leftOut, boolean eventLoops) {
    String named = pooler.product() + (pooler.version() == null ? "" : " " + pooler.version())
        + (pooler.poolMode() == null ? "" : " in " + pooler.poolMode() + " pooling");
    return "server-side prepared statements fail through " + named + " (" + failure + "): its server connections"
        + " serve many clients' transactions and keep no client's prepared statements; "
        + (leftOut ? "the prepared combinations are left out" : "only prepared combinations were asked, none is run")
        + ". Fixes: " + (eventLoops
        // the event loops prepare --mode prepared's statement once per connection, not through pgjdbc's threshold
        ? "--mode plain (the event loops then send each lookup as a plain statement, nothing prepared on the server)"
        : "--prepare-threshold 0 (pgjdbc then never prepares on the server)")
        + ", or PgBouncer 1.21 or later with max_prepared_statements above 0";
  }

  private static Optional<String> outcome(Future<Optional<String>> result) throws SQLException, InterruptedException {
    try {
      return result.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw sql;
      }
      throw new IllegalStateException("the prepared-statement trial failed: " + e.getCause(), e.getCause());
    }
  }

  /** One client: its connection opened, held until every client's is, then both statements in turn. */
  private static Optional<String> oneConnection(ConnectionSpec spec, int executions, CountDownLatch ready)
      throws SQLException, InterruptedException {
    try (Connection c = DriverManager.getConnection(spec.url(), spec.toDriverProperties());
         PreparedStatement one = c.prepareStatement("SELECT ?::int");
         PreparedStatement two = c.prepareStatement("SELECT ?::int + ?::int")) {
      c.setAutoCommit(true); // each execution its own transaction: the pooler may move it to another server connection
      ready.countDown();
      ready.await();
      for (int i = 0; i < executions; i++) {
        try {
          one.setInt(1, i);
          expect(one, i);
          two.setInt(1, i);
          two.setInt(2, 1);
          expect(two, i + 1);
        } catch (SQLException e) {
          if (MIXED_UP.contains(e.getSQLState())) {
            return Optional.of(e.getSQLState() + ": " + firstLine(e.getMessage()));
          }
          throw e;
        }
      }
      return Optional.empty();
    }
  }

  private static void expect(PreparedStatement statement, int expected) throws SQLException {
    try (ResultSet rs = statement.executeQuery()) {
      if (!rs.next() || rs.getInt(1) != expected) {
        // a statement bound to another client's text answers wrongly without an error
        throw new SQLException("a prepared statement answered another statement's result", "08P01");
      }
    }
  }

  private static String firstLine(String message) {
    String text = String.valueOf(message);
    int newline = text.indexOf('\n');
    return (newline < 0 ? text : text.substring(0, newline)).replaceFirst("^ERROR: +", "");
  }
}
