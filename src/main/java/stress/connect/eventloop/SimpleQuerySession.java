package stress.connect.eventloop;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import stress.connect.ConnectionSpec;

/**
 * One connection that sends nothing but the login and the simple queries it is given, for a server that takes no
 * more: PgBouncer's admin console refuses the {@code SET extra_float_digits} pgjdbc sends after logging in to a server
 * reporting a version below 9.0 (the console reports PgBouncer's own), and startup parameters it does not track.
 * The login sends only {@code application_name}, {@code client_encoding} and {@code DateStyle}, which PgBouncer
 * accepts everywhere; the server, user, password and TLS are read from the pgjdbc URL as the event loops read them.
 * Each call waits for its answer on the calling thread, at most the URL's connectTimeout (10 s by default). Client
 * certificates are not presented (as the event loops do not): such a login is refused with an SQLException.
 */
public final class SimpleQuerySession implements AutoCloseable {
  private final Vertx vertx;
  private final PgConnection connection;
  private final long timeoutMillis;

  private SimpleQuerySession(Vertx vertx, PgConnection connection, long timeoutMillis) {
    this.vertx = vertx;
    this.connection = connection;
    this.timeoutMillis = timeoutMillis;
  }

  /** Logs in as {@code spec} says; a refusal is an {@link SQLException} with the server's message and SQLState. */
  public static SimpleQuerySession open(ConnectionSpec spec) throws SQLException {
    PgConnectOptions options;
    try {
      options = EventLoopOptions.of(spec).connect();
    } catch (IllegalArgumentException e) { // said for --event-loops: here it is this login's
      throw new SQLException(String.valueOf(e.getMessage()).contains("client certificates")
          ? "this client presents no client certificate and uses no sslfactory (sslcert, sslkey, sslfactory,"
          + " sslpassword), and the login sets one" : e.getMessage(), "08001", e);
    }
    options.setProperties(new LinkedHashMap<>(Map.of("application_name",
        options.getProperties().getOrDefault("application_name", "stress"), "client_encoding", "UTF8",
        "DateStyle", "ISO")));
    EventLoopTls.settlePrefer(options);
    long timeout = Math.max(1_000, options.getConnectTimeout());
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1)
        .setInternalBlockingPoolSize(1));
    try {
      return new SimpleQuerySession(vertx, await(PgConnection.connect(vertx, options), timeout), timeout);
    } catch (SQLException | RuntimeException e) {
      vertx.close();
      throw e;
    }
  }

  /** The rows of {@code sql}, each a column name to its text (null for NULL), in the server's column order. */
  public List<Map<String, String>> query(String sql) throws SQLException {
    RowSet<Row> rows = await(connection.query(sql).execute(), timeoutMillis);
    List<Map<String, String>> result = new ArrayList<>();
    for (Row row : rows) {
      Map<String, String> values = new LinkedHashMap<>();
      for (int i = 0; i < row.size(); i++) {
        Object value = row.getValue(i);
        values.put(row.getColumnName(i), value == null ? null : value.toString());
      }
      result.add(values);
    }
    return result;
  }

  @Override
  public void close() {
    try {
      connection.close().toCompletionStage().toCompletableFuture().get(timeoutMillis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // the connection is gone with the event loop closed next
    } finally {
      vertx.close();
    }
  }

  /** {@code future}'s value; its failure as an SQLException keeping the server's message and SQLState. */
  private static <T> T await(Future<T> future, long timeoutMillis) throws SQLException {
    try {
      return future.toCompletionStage().toCompletableFuture().get(timeoutMillis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while waiting for the server", e);
    } catch (TimeoutException e) {
      throw new SQLException("no answer within " + timeoutMillis + " ms", "08006", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof PgException pg) {
        throw new SQLException(pg.getErrorMessage(), pg.getSqlState(), pg);
      }
      throw new SQLException(String.valueOf(cause.getMessage()), "08006", cause);
    }
  }
}
