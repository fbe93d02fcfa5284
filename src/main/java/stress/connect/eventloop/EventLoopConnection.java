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
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.postgresql.core.Utils;
import stress.connect.ConnectionSpec;
import stress.connect.ReadTimeout;

/**
 * One connection of the event-loop client: one prepared statement executed with one parameter at a time, or plain
 * statements. Every callback runs on the connection's own event loop, so its owner never needs a lock. An execution
 * that waits past the socket timeout for its reply closes the connection and fails, as pgjdbc's socketTimeout does.
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
  /** SQLState of a connection that could not be made (sqlclient_unable_to_establish_sqlconnection), as pgjdbc's. */
  static final String UNABLE_TO_CONNECT = "08001";
  /** How often a connection looks at its execution's age: a timeout is kept to within this (as WatchedSocket's). */
  private static final long WATCH_TICK_MILLIS = 200;

  private final PgConnection connection;
  /** The prepared statement, or null for plain statements. */
  private final PreparedQuery<RowSet<Row>> query;
  /** The session's standard_conforming_strings, for escaping literals in plain statements. */
  private final boolean standardConformingStrings;
  private final Context context;
  private final EventLoops loops;
  private final Vertx vertx;
  private final Handler<AsyncResult<RowSet<Row>>> onResult = this::completed;
  /** The socket timeout in milliseconds, 0 = none. */
  private final int socketTimeoutMillis;
  /** The periodic look at the execution's age, or -1 without a socket timeout. */
  private final long watch;
  /** The execution in flight's owner (one at a time). */
  private Completion pending;
  /** When the execution in flight was sent. */
  private long sentAt;
  /** The connection was closed because its execution's reply took longer than the socket timeout. */
  private boolean timedOut;
  /** The server's error that ended the session, if one came before the close. */
  private volatile PgException fatal;
  private volatile boolean closed;

  /** Created on {@code context}'s loop, which the watch's timer then runs on. */
  private EventLoopConnection(PgConnection connection, PreparedQuery<RowSet<Row>> query,
                              boolean standardConformingStrings, Context context, EventLoops loops,
                              int socketTimeoutMillis) {
    this.connection = connection;
    this.query = query;
    this.standardConformingStrings = standardConformingStrings;
    this.context = context;
    this.loops = loops;
    this.vertx = loops.vertx();
    this.socketTimeoutMillis = socketTimeoutMillis;
    this.watch = socketTimeoutMillis > 0
        ? vertx.setPeriodic(Math.min(WATCH_TICK_MILLIS, socketTimeoutMillis), id -> closeIfOverdue()) : -1;
    connection.closeHandler(v -> connectionClosed());
    // the server's FATAL (a terminated backend, a shutdown), or any 57P01, ends the session outside any one command:
    // it is kept for the execution that the close then fails, as pgjdbc reports it, instead of being logged
    connection.exceptionHandler(e -> {
      if (e instanceof PgException pg) {
        fatal = pg;
      }
    });
  }

  /**
   * Opens a connection on one of the loops (from a loop's thread: on that loop), runs the spec's statements for a new
   * session (statement timeout, SETs) one after another, and prepares {@code sql} ({@code $1} its one parameter); with
   * {@code sql} null nothing is prepared (plain statements, {@link #executeText}) and the session's
   * standard_conforming_strings is read for {@link #escapeLiteral}.
   */
  public static void open(EventLoops loops, ConnectionSpec spec, String sql, Opening opening) {
    EventLoops.Target target = loops.target(spec);
    PgConnectOptions options = target.options();
    int socketTimeoutMillis = target.socketTimeoutMillis();
    Vertx vertx = loops.vertx();
    OnceOpening once = new OnceOpening(opening, loops);
    loops.connect(target).onComplete(connected -> {
      if (connected.failed()) {
        failOpening(connected.cause(), once);
        return;
      }
      PgConnection c = connected.result();
      if (!once.settingUp(c)) {
        return;
      }
      Future<?> ready = Future.succeededFuture();
      for (String statement : spec.initStatements()) {
        ready = ready.compose(x -> c.query(statement).execute());
      }
      if (sql == null) {
        ready.compose(x -> c.query("SHOW standard_conforming_strings").execute()).onComplete(shown -> {
          if (shown.failed()) {
            loops.close(c);
            failOpening(shown.cause(), once);
          } else {
            boolean standard = "on".equals(shown.result().iterator().next().getString(0));
            once.opened(new EventLoopConnection(c, null, standard, Vertx.currentContext(), loops,
                socketTimeoutMillis));
          }
        });
        return;
      }
      ready.compose(x -> c.prepare(sql)).onComplete(prepared -> {
        if (prepared.failed()) {
          loops.close(c);
          failOpening(prepared.cause(), once);
        } else {
          once.opened(new EventLoopConnection(c, prepared.result().query(), true, Vertx.currentContext(), loops,
              socketTimeoutMillis));
        }
      });
    });
    // the connect timeout covers the TCP handshake only; a server that accepts and never answers is given as long
    // for the whole session set-up, as pgjdbc's loginTimeout does, and the half-made session is closed
    int timeoutMillis = options.getConnectTimeout();
    if (timeoutMillis > 0) {
      vertx.setTimer(timeoutMillis, id -> once.giveUp("no session within the connect timeout ("
          + timeoutMillis + " ms): the server at " + options.getHost() + ":" + options.getPort() + " did not answer"));
    }
  }

  /** The server process serving this connection. */
  public int backendPid() {
    return connection.processId();
  }

  /** Runs the prepared statement with {@code parameter}; {@code completion} hears of its end on this loop. */
  public void execute(Object parameter, Completion completion) {
    pending = completion;
    sentAt = System.nanoTime();
    query.execute(Tuple.of(parameter), onResult);
  }

  /** Runs one plain statement (the simple query protocol, values written into its text). */
  public void executeText(String sql, Completion completion) {
    pending = completion;
    sentAt = System.nanoTime();
    connection.query(sql).execute(onResult);
  }

  /** A string's contents escaped for between single quotes, by pgjdbc's escaping for this session's server. */
  public String escapeLiteral(String text) throws SQLException {
    return Utils.escapeLiteral(null, text, standardConformingStrings).toString();
  }

  private void completed(AsyncResult<RowSet<Row>> result) {
    Completion c = pending;
    if (c == null) {
      return; // it failed already, when its connection closed
    }
    pending = null;
    if (result.succeeded()) {
      c.succeeded(result.result().size());
      return;
    }
    Throwable cause = result.cause();
    if (!timedOut && fatal == null && cause instanceof PgException pg) {
      c.failed(pg.getSqlState(), message(pg), closed || "FATAL".equals(pg.getSeverity()));
    } else {
      failClosed(c, cause);
    }
  }

  /**
   * The server's error as pgjdbc words it: its message, then its context ("Where: while executing command on
   * w2:5432" when Citus relays a worker's error), which names the node the failure came from.
   */
  static String message(PgException e) {
    return e.getWhere() == null ? e.getMessage() : e.getMessage() + "\n  Where: " + e.getWhere();
  }

  /** On the loop, as the connection closed: an execution still in flight fails (see {@link #failClosed}). */
  private void connectionClosed() {
    closed = true;
    Completion c = pending;
    if (c != null) {
      pending = null;
      failClosed(c, null);
    }
  }

  /**
   * Fails an execution whose connection closed under it: by the socket timeout, after the server's error that ended
   * the session, or lost. vertx-pg-client may close a connection without ending the execution in flight: it takes
   * any 57P01 for the end of the session, and Citus relays a stopping worker's 57P01 as the statement's ERROR.
   */
  private void failClosed(Completion c, Throwable cause) {
    if (timedOut) {
      c.failed(CONNECTION_FAILURE, ReadTimeout.message(socketTimeoutMillis) + "; the connection was closed", true);
    } else if (fatal != null) {
      c.failed(fatal.getSqlState(), message(fatal), true);
    } else if (cause == null || cause instanceof ClosedConnectionException) {
      // as pgjdbc reports a connection lost under a statement
      c.failed(CONNECTION_FAILURE, "the connection was closed under the statement"
          + (cause == null ? "" : ": " + cause.getMessage()), true);
    } else {
      c.failed(null, String.valueOf(cause), closed);
    }
  }

  /** On the loop: the execution in flight waited past the socket timeout, so the connection is closed under it. */
  private void closeIfOverdue() {
    long waited = System.nanoTime() - sentAt;
    if (pending != null && !timedOut && waited > TimeUnit.MILLISECONDS.toNanos(socketTimeoutMillis)) {
      timedOut = true;
      closed = true;
      vertx.cancelTimer(watch);
      VertxInternals.closeSocketAtOnce(connection);
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

  /** Closes the connection, after the execution in flight if there is one; safe from any thread and more than once. */
  public void close() {
    closed = true;
    if (watch >= 0) {
      vertx.cancelTimer(watch);
    }
    loops.close(connection);
  }

  /** Closes the connection at once, failing the execution in flight (one that outlived the phase's end). */
  public void closeNow() {
    closed = true;
    VertxInternals.closeSocketAtOnce(connection);
    close();
  }

  private static void failOpening(Throwable cause, Opening opening) {
    if (cause instanceof PgException pg) {
      opening.failed(pg.getSqlState(), message(pg));
    } else if (cause instanceof ConnectException || cause instanceof UnknownHostException) {
      // no server to talk to (refused, unreachable, no such host): pgjdbc's SQLState for the same failure
      opening.failed(UNABLE_TO_CONNECT, cause.getMessage() == null ? cause.toString() : cause.getMessage());
    } else {
      opening.failed(null, String.valueOf(cause.getMessage() == null ? cause : cause.getMessage()));
    }
  }
}
