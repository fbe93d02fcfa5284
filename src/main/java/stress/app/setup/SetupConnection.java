package stress.app.setup;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import stress.config.Durations;
import stress.connect.ConnectionSpec;
import stress.connect.PhysicalConnections;
import stress.connect.SessionErrors;
import stress.server.ErrorClass;
import stress.server.FailedNode;
import stress.server.SqlStates;

/**
 * The connection a run's set-up reads through (the target, the table, its keys and samples, where new keys start),
 * which survives a node that is down for a while as a phase does. A read that fails because a node is unavailable (a
 * Citus worker the coordinator names, a Postgres-XL datanode, or the server itself: class 08, 57P01-57P03) is tried
 * again, 100 ms after the first failure and then at most every second, for up to {@code bound} (the run's
 * {@code --connect-timeout}), with one line naming the node when it starts and one when the node answers again. A
 * required read still failing then ends the run with one line naming the node; an optional one (advice, the explain)
 * is left out with one line saying what is missing, and the run measures without it; a step that writes is not tried
 * again ({@link #writeOnce}). Any other error is not an outage and is thrown at once. The first contact is not
 * retried: a server that does not answer it is said at once, as before every command.
 */
public final class SetupConnection implements AutoCloseable {
  /** A step of the set-up; it may be run again after a failure, so it must not leave half its work behind. */
  @FunctionalInterface
  public interface Step<T> {
    T run(Connection connection) throws SQLException;
  }

  /** A step that opens its own connections (the explain's dry runs). */
  @FunctionalInterface
  public interface OwnStep<T> {
    T run() throws SQLException;
  }

  private static final java.util.regex.Pattern SEVERITY = java.util.regex.Pattern.compile("^(ERROR|FATAL|PANIC): +");
  private static final long FIRST_WAIT_MILLIS = 100;
  private static final long LONGEST_WAIT_MILLIS = 1000;

  private final ConnectionSpec spec;
  private final Duration bound;
  private final String boundOption;
  private final PrintStream out;
  private Connection connection;
  /** A node whose wait ran out: later reads that fail on it do not wait again. */
  private String givenUp;
  /** How long {@link #givenUp} was waited for. */
  private String givenUpAfter;

  private SetupConnection(ConnectionSpec spec, Duration bound, String boundOption, PrintStream out,
                          Connection connection) {
    this.spec = spec;
    this.bound = bound;
    this.boundOption = boundOption;
    this.out = out;
    this.connection = connection;
  }

  /**
   * Opens the connection. The first contact is not retried: a server that does not answer it is more often a wrong
   * host or port than an outage, and is said at once.
   *
   * @param bound       how long a node may stay unavailable before a read gives up on it
   * @param boundOption the option that set the bound, named in the lines, e.g. {@code --connect-timeout}
   */
  public static SetupConnection open(ConnectionSpec spec, Duration bound, String boundOption, PrintStream out)
      throws SQLException {
    return new SetupConnection(spec, bound, boundOption, out, PhysicalConnections.open(spec));
  }

  /** The same, its connection opened by its first step (and retried like any): a step may find the server down. */
  static SetupConnection unopened(ConnectionSpec spec, Duration bound, String boundOption, PrintStream out) {
    return new SetupConnection(spec, bound, boundOption, out, null);
  }

  /** The set-up's connection as it is now, for a step that runs in one go; prefer {@link #read}. */
  public Connection connection() throws SQLException {
    if (connection == null || connection.isClosed()) {
      connection = PhysicalConnections.open(spec);
    }
    return connection;
  }

  /**
   * Runs a step that the run cannot do without, waiting out a node that is unavailable for up to the bound; then
   * fails with one line naming the node.
   *
   * @param what what the step reads, for the lines: {@code reading the table's keys}
   */
  public <T> T read(String what, Step<T> step) throws SQLException, InterruptedException {
    return attempt(what, () -> step.run(connection()), true, null, null);
  }

  /**
   * Runs a step the run can do without: after waiting out the bound, it is left out with one line saying that
   * {@code missing} is missing, and {@code without} is returned.
   */
  public <T> T readOrSkip(String what, String missing, Step<T> step, T without)
      throws SQLException, InterruptedException {
    return attempt(what, () -> step.run(connection()), false, missing, without);
  }

  /**
   * Runs a step that writes and may leave half its work behind (tables it creates one by one): it is not tried
   * again, and a node that is unavailable ends the run with one line naming it.
   */
  public <T> T writeOnce(String what, Step<T> step) throws SQLException {
    try {
      return step.run(connection());
    } catch (SQLException e) {
      String node = unavailableNode(e, server());
      if (node == null) {
        throw e;
      }
      throw new SQLException(node + " was unavailable while the run was " + what + " (not tried again: it may have"
          + " done part of it): " + firstLine(e) + "; nothing was measured", e.getSQLState(), e);
    }
  }

  /** {@link #readOrSkip} for a step that opens its own connections. */
  public <T> T runOrSkip(String what, String missing, OwnStep<T> step, T without)
      throws SQLException, InterruptedException {
    return attempt(what, step, false, missing, without);
  }

  private <T> T attempt(String what, OwnStep<T> step, boolean required, String missing, T without)
      throws SQLException, InterruptedException {
    long first = 0;
    long wait = FIRST_WAIT_MILLIS;
    String announced = null;
    while (true) {
      SQLException failure;
      try {
        T value = step.run();
        if (announced != null) {
          out.println("set-up: " + announced + " answers again after " + seconds(System.nanoTime() - first)
              + "; the run goes on");
        }
        return value;
      } catch (SQLException e) {
        failure = e;
      }
      String node = unavailableNode(failure, server());
      if (node == null) {
        throw failure;
      }
      settle(failure);
      long now = System.nanoTime();
      if (announced == null) {
        first = now;
      }
      boolean again = node.equals(givenUp);
      if (again || now - first >= bound.toNanos()) {
        if (!again) {
          givenUp = node;
          givenUpAfter = seconds(now - first);
        }
        String cause = node + " was unavailable for " + givenUpAfter + (again ? " earlier in the set-up" : "") + " ("
            + boundOption + " " + Durations.format(bound) + ") while the run was " + what + ": " + firstLine(failure);
        if (required) {
          throw new SQLException(cause + "; nothing was measured", failure.getSQLState(), failure);
        }
        out.println("set-up: " + cause + "; measuring without " + missing);
        return without;
      }
      if (!node.equals(announced)) {
        out.println("set-up: " + node + " unavailable while " + what + " (" + state(failure) + firstLine(failure)
            + "); trying again for up to " + Durations.format(bound) + " (" + boundOption + ")");
        announced = node;
      }
      // a down node is not asked again at once, one that is back is seen within a second, the last try is at the bound
      long left = Math.max(1, (first + bound.toNanos() - now) / 1_000_000);
      Thread.sleep(Math.min(wait, left));
      wait = Math.min(wait * 2, LONGEST_WAIT_MILLIS);
    }
  }

  /**
   * The node a failure says is unavailable: the one a Citus or Postgres-XL coordinator names in a connection failure
   * ({@code 127.0.0.1:9702}, a datanode's name), else {@code server} when the failure is about the connection to it
   * (class 08, the server shutting down or starting); null when the failure is not an outage (a missing table, a
   * syntax error, an error a worker relayed about the data), which no waiting mends.
   */
  static String unavailableNode(SQLException failure, String server) {
    ErrorClass kind = SqlStates.classify(failure);
    String state = failure.getSQLState();
    String named = FailedNode.of(failure.getMessage());
    // a Postgres-XL coordinator: no datanode connection from its pooler; Citus: a node it could not connect to
    boolean nodeFailed = "53000".equals(state) || "XX000".equals(state);
    if (named != null && (kind == ErrorClass.CONNECTION || nodeFailed)) {
      return named;
    }
    if (named == null && "53000".equals(state) && failure.getMessage() != null
        && failure.getMessage().contains("Failed to get pooled connections")) {
      return "a datanode";
    }
    return kind == ErrorClass.CONNECTION ? server : null;
  }

  /** The server of the URL, as {@code host:port} (the first of several). */
  private String server() {
    return spec.servers().get(0);
  }

  /** Leaves the connection fit for the next try: its transaction rolled back, or closed when its session ended. */
  private void settle(SQLException failure) {
    try {
      if (connection == null || connection.isClosed()) {
        return;
      }
      if (SessionErrors.ended(failure)) {
        connection.close();
      } else if (!connection.getAutoCommit()) {
        connection.rollback();
      }
    } catch (SQLException e) {
      closeQuietly(); // a connection that cannot even roll back is opened again
    }
  }

  private void closeQuietly() {
    try {
      connection.close();
    } catch (SQLException ignored) {
      // it is being replaced; its own failure says nothing more
    }
  }

  private static String state(SQLException e) {
    return e.getSQLState() == null ? "" : e.getSQLState() + " ";
  }

  /** A failure's message on one line: Citus adds libpq's hint on a line of its own. */
  private static String firstLine(SQLException e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
    int newline = message.indexOf('\n');
    String line = (newline < 0 ? message : message.substring(0, newline)).strip();
    return SEVERITY.matcher(line).replaceFirst(""); // pgjdbc's "ERROR: " prefix: the SQLState says as much
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
  }

  @Override
  public void close() throws SQLException {
    if (connection != null) {
      connection.close();
    }
  }
}
