package stress.server.pooler;

import java.sql.SQLException;
import java.util.Map;
import stress.connect.ConnectionSpec;
import stress.connect.eventloop.SimpleQuerySession;

/**
 * PgBouncer's console held open for a run, read around each phase: {@code SHOW STATS} at its start and end (the
 * cumulative counters of the run's database) and {@code SHOW POOLS} whenever {@link #poll} is called (the run's
 * pool: waiting clients, server connections, the longest wait), giving one {@link PoolerFigures} per phase.
 * Not thread-safe on its own: callers serialise their calls.
 */
public final class PgBouncerWatch implements AutoCloseable {
  private final SimpleQuerySession console;
  private final String database;
  private final String user;
  private final Integer poolSize;
  private Counters start;
  private long maxWaitMicros;
  private int serverConnections;
  private int activeConnections;
  private int waitingClients;
  /** The clients of the pool ({@code cl_active + cl_waiting}) at the read that showed the most waiting. */
  private int clientsAtPeak;
  /** Reads of the pool while the phase ran. */
  private int samples;

  private PgBouncerWatch(SimpleQuerySession console, String database, String user, Integer poolSize) {
    this.console = console;
    this.database = database;
    this.user = user;
    this.poolSize = poolSize;
  }

  /** Opens {@code consoleSpec} once for the run; the pool watched is {@code database} and {@code user}'s. */
  public static PgBouncerWatch open(ConnectionSpec consoleSpec, String database, String user, Integer poolSize)
      throws SQLException {
    return new PgBouncerWatch(SimpleQuerySession.open(consoleSpec), database, user, poolSize);
  }

  /** A phase begins: its counters' start, and the pool's maxima start over. */
  public void begin() throws SQLException {
    start = counters();
    maxWaitMicros = 0;
    serverConnections = 0;
    activeConnections = 0;
    waitingClients = 0;
    clientsAtPeak = 0;
    samples = 0;
    read();
  }

  /** The pool now, while the phase runs: each figure's most seen kept. */
  public void poll() throws SQLException {
    read();
    samples++;
  }

  private void read() throws SQLException {
    int servers = 0;
    int active = 0;
    int waiting = 0;
    int clients = 0;
    long wait = 0;
    for (Map<String, String> row : PgBouncerConsole.rows(console, "SHOW POOLS",
        PgBouncerConsole.ofPool(database, user))) {
      servers += number(row, "sv_active") + number(row, "sv_idle") + number(row, "sv_used");
      active += number(row, "sv_active");
      waiting += number(row, "cl_waiting");
      clients += number(row, "cl_active") + number(row, "cl_waiting");
      wait = Math.max(wait, number(row, "maxwait") * 1_000_000L + number(row, "maxwait_us"));
    }
    serverConnections = Math.max(serverConnections, servers);
    activeConnections = Math.max(activeConnections, active);
    // the clients beside the most waiting, read at once: "967 of 1000 waiting" is one moment's
    if (waiting > waitingClients || waiting == waitingClients && clients > clientsAtPeak) {
      waitingClients = waiting;
      clientsAtPeak = clients;
    }
    maxWaitMicros = Math.max(maxWaitMicros, wait);
  }

  /** The phase ended: its figures since {@link #begin}. */
  public PoolerFigures end() throws SQLException {
    read();
    Counters end = counters();
    Long queryMicros = end.queryMicros() == null || start.queryMicros() == null ? null
        : end.queryMicros() - start.queryMicros();
    return new PoolerFigures(end.transactions() - start.transactions(), end.queries() - start.queries(),
        end.waitMicros() - start.waitMicros(), queryMicros, maxWaitMicros, serverConnections, activeConnections,
        poolSize, waitingClients, clientsAtPeak, samples);
  }

  /** {@code SHOW STATS}' cumulative counters of the run's database; {@code queryMicros} null where not a column. */
  private record Counters(long transactions, long queries, long waitMicros, Long queryMicros) {}

  private Counters counters() throws SQLException {
    long transactions = 0;
    long queries = 0;
    long wait = 0;
    Long query = null;
    for (Map<String, String> row : console.query("SHOW STATS")) {
      if (database.equals(row.get("database"))) {
        transactions += number(row, "total_xact_count");
        queries += number(row, "total_query_count");
        wait += number(row, "total_wait_time");
        if (row.containsKey("total_query_time")) {
          query = (query == null ? 0 : query) + number(row, "total_query_time");
        }
      }
    }
    return new Counters(transactions, queries, wait, query);
  }

  private static long number(Map<String, String> row, String column) {
    String value = row.get(column);
    try {
      return value == null ? 0 : Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      return 0; // a column this version writes otherwise counts as none
    }
  }

  @Override
  public void close() {
    console.close();
  }
}
