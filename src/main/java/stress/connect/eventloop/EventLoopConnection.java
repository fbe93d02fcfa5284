package stress.connect.eventloop;

import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.postgresql.core.Utils;
import stress.connect.ConnectionSpec;

/**
 * One connection of the event-loop client: one prepared statement executed with one parameter at a time, or plain
 * statements. Every callback runs on the connection's own event loop, so its owner never needs a lock.
 */
public final class EventLoopConnection {
  /** The end of one execution, on the connection's loop. */
  public interface Completion {
    void succeeded(int rows);

    /**
     * @param sqlState     the server's SQLSTATE, or null when the failure was the client's or the network's
     * @param sessionEnded the connection is gone (closed, reset, FATAL); a new one is needed
     */
    void failed(String sqlState, String message, boolean sessionEnded);
  }

  /** The end of an attempt to open a connection, on the loop it was opened on. */
  public interface Opening {
    void opened(EventLoopConnection connection);

    void failed(String sqlState, String message);
  }

  /** SQLState of a connection lost under a statement (connection_failure), as pgjdbc reports one. */
  private static final String CONNECTION_FAILURE = "08006";

  private final PgConnection connection;
  /** The prepared statement, or null for plain statements. */
  private final PreparedQuery<RowSet<Row>> query;
  /** The session's standard_conforming_strings, for escaping literals in plain statements. */
  private final boolean standardConformingStrings;
  private final Context context;
  private final Vertx vertx;
  private final Handler<AsyncResult<RowSet<Row>>> onResult = this::completed;
  /** The execution in flight's owner (one at a time). */
  private Completion pending;
  private volatile boolean closed;

  private EventLoopConnection(PgConnection connection, PreparedQuery<RowSet<Row>> query,
                              boolean standardConformingStrings, Context context, Vertx vertx) {
    this.connection = connection;
    this.query = query;
    this.standardConformingStrings = standardConformingStrings;
    this.context = context;
    this.vertx = vertx;
    connection.closeHandler(v -> closed = true);
  }

  /**
   * Opens a connection on one of the loops (from a loop's thread: on that loop), runs the spec's statements for a new
   * session (statement timeout, SETs) one after another, and prepares {@code sql} ({@code $1} its one parameter); with
   * {@code sql} null nothing is prepared (plain statements, {@link #executeText}) and the session's
   * standard_conforming_strings is read for {@link #escapeLiteral}.
   */
  public static void open(EventLoops loops, ConnectionSpec spec, String sql, Opening opening) {
    PgConnectOptions options = EventLoopOptions.of(spec);
    Vertx vertx = loops.vertx();
    Opening once = new OnceOpening(opening);
    PgConnection.connect(vertx, options).onComplete(connected -> {
      if (connected.failed()) {
        failOpening(connected.cause(), once);
        return;
      }
      PgConnection c = connected.result();
      Future<?> ready = Future.succeededFuture();
      for (String statement : spec.initStatements()) {
        ready = ready.compose(x -> c.query(statement).execute());
      }
      if (sql == null) {
        ready.compose(x -> c.query("SHOW standard_conforming_strings").execute()).onComplete(shown -> {
          if (shown.failed()) {
            c.close();
            failOpening(shown.cause(), once);
          } else {
            boolean standard = "on".equals(shown.result().iterator().next().getString(0));
            once.opened(new EventLoopConnection(c, null, standard, Vertx.currentContext(), vertx));
          }
        });
        return;
      }
      ready.compose(x -> c.prepare(sql)).onComplete(prepared -> {
        if (prepared.failed()) {
          c.close();
          failOpening(prepared.cause(), once);
        } else {
          once.opened(new EventLoopConnection(c, prepared.result().query(), true, Vertx.currentContext(), vertx));
        }
      });
    });
    // the connect timeout covers the TCP handshake only; a server that accepts and never answers is given as long
    // for the whole session set-up, as pgjdbc's loginTimeout does
    int timeoutMillis = options.getConnectTimeout();
    if (timeoutMillis > 0) {
      vertx.setTimer(timeoutMillis, id -> once.failed(null, "no session within the connect timeout ("
          + timeoutMillis + " ms): the server at " + options.getHost() + ":" + options.getPort() + " did not answer"));
    }
  }

  /** Passes on the first outcome of an opening only; a connection that opens after its time ran out is closed. */
  private static final class OnceOpening implements Opening {
    private final Opening target;
    private final AtomicBoolean settled = new AtomicBoolean();

    OnceOpening(Opening target) {
      this.target = target;
    }

    @Override
    public void opened(EventLoopConnection connection) {
      if (settled.compareAndSet(false, true)) {
        target.opened(connection);
      } else {
        connection.close();
      }
    }

    @Override
    public void failed(String sqlState, String message) {
      if (settled.compareAndSet(false, true)) {
        target.failed(sqlState, message);
      }
    }
  }

  /** The server process serving this connection. */
  public int backendPid() {
    return connection.processId();
  }

  /** Runs the prepared statement with {@code parameter}; {@code completion} hears of its end on this loop. */
  public void execute(Object parameter, Completion completion) {
    pending = completion;
    query.execute(Tuple.of(parameter), onResult);
  }

  /** Runs one plain statement (the simple query protocol, values written into its text). */
  public void executeText(String sql, Completion completion) {
    pending = completion;
    connection.query(sql).execute(onResult);
  }

  /** A string's contents escaped for between single quotes, by pgjdbc's escaping for this session's server. */
  public String escapeLiteral(String text) throws SQLException {
    return Utils.escapeLiteral(null, text, standardConformingStrings).toString();
  }

  private void completed(AsyncResult<RowSet<Row>> result) {
    Completion c = pending;
    pending = null;
    if (result.succeeded()) {
      c.succeeded(result.result().size());
      return;
    }
    Throwable cause = result.cause();
    if (cause instanceof PgException pg) {
      c.failed(pg.getSqlState(), pg.getMessage(), closed || "FATAL".equals(pg.getSeverity()));
    } else if (cause instanceof ClosedConnectionException) {
      // as pgjdbc reports a connection lost under a statement
      c.failed(CONNECTION_FAILURE, "the connection was closed under the statement: " + cause.getMessage(), true);
    } else {
      c.failed(null, String.valueOf(cause), closed);
    }
  }

  /** Runs {@code task} on this connection's loop later, not inside the current call. */
  public void runOnLoop(Runnable task) {
    context.runOnContext(v -> task.run());
  }

  /** Runs {@code task} on this connection's loop after {@code millis}. */
  public void runOnLoopAfter(long millis, Runnable task) {
    context.runOnContext(v -> vertx.setTimer(Math.max(1, millis), id -> task.run()));
  }

  /** Opens a new connection on this connection's loop (after its session ended), as {@link #open} does. */
  public void reopen(EventLoops loops, ConnectionSpec spec, String sql, Opening opening) {
    context.runOnContext(v -> open(loops, spec, sql, opening));
  }

  /** Closes the connection; safe from any thread and more than once. */
  public void close() {
    closed = true;
    connection.close();
  }

  private static void failOpening(Throwable cause, Opening opening) {
    if (cause instanceof PgException pg) {
      opening.failed(pg.getSqlState(), pg.getMessage());
    } else {
      opening.failed(null, String.valueOf(cause.getMessage() == null ? cause : cause.getMessage()));
    }
  }
}
