package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import stress.model.PreferQueryMode;
import stress.testing.TestDatabase;

/**
 * What every pool kind must do, run against the embedded PostgreSQL with a password-authenticated role.
 * Each kind extends this class and names itself; kind-specific tests go in the subclass.
 */
public abstract class ConnectionSourceContract {
  private static final AtomicInteger APP_NAMES = new AtomicInteger();
  private static final Duration GENEROUS = Duration.ofSeconds(60);

  /** A fresh database per test class, reached as {@link PasswordRole#NAME}. */
  protected static String url;

  /** The application_name the init statements set for this test: how the server's backends are found. */
  protected String applicationName;
  /** The spec under test: password role, two-second connect timeout, two init statements. */
  protected ConnectionSpec spec;
  private final List<ConnectionSource> opened = new ArrayList<>();

  /** The pool kind's name, as given to {@link ConnectionSources}. */
  protected abstract String kind();

  /** Whether the kind wants workers to keep one connection for the whole run. */
  protected abstract boolean expectedHeldPerWorker();

  @BeforeAll
  static void database() {
    PasswordRole.ensure();
    url = TestDatabase.newDatabaseUrl("connect");
  }

  @BeforeEach
  void newSpec() {
    applicationName = "stress_test_" + kind() + "_" + APP_NAMES.incrementAndGet();
    DriverSettings driver = new DriverSettings(2, 30, 10, 5, PreferQueryMode.EXTENDED, null);
    spec = new ConnectionSpec(url, PasswordRole.NAME, PasswordRole.PASSWORD, driver.toProperties(),
        List.of("SET work_mem = '7MB'", "SET application_name = '" + applicationName + "'"));
  }

  @AfterEach
  void closeSources() {
    opened.forEach(ConnectionSource::close);
  }

  /** Opens a source of this kind through the ServiceLoader lookup, closed after the test. */
  protected ConnectionSource open(ConnectionSpec s, PoolSettings pool) {
    ConnectionSource source = ConnectionSources.open(kind(), s, pool);
    opened.add(source);
    return source;
  }

  /** Every message and the printed stack trace of an exception and its causes. */
  protected static String everythingPrinted(Throwable t) {
    StringWriter out = new StringWriter();
    t.printStackTrace(new PrintWriter(out));
    StringBuilder all = new StringBuilder(out.toString());
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append('\n').append(c).append('\n').append(c.getMessage());
      if (c instanceof SQLException sql && sql.getNextException() != null) {
        all.append('\n').append(everythingPrinted(sql.getNextException()));
      }
    }
    return all.toString();
  }

  private int backendsNamed(String name) throws SQLException {
    try (Connection c = TestDatabase.connect(url);
         PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE application_name = ?")) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  private record Session(int pid, String workMem, String applicationName, String user) {}

  private static Session session(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT pg_backend_pid(), current_setting('work_mem'),"
        + " current_setting('application_name'), current_user");
         ResultSet rs = ps.executeQuery()) {
      rs.next();
      return new Session(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4));
    }
  }

  @Test
  void kindAndHoldingAreAsDeclared() {
    ConnectionSource source = open(spec, new PoolSettings(1, 0));
    assertEquals(kind(), source.kind());
    assertEquals(expectedHeldPerWorker(), source.heldPerWorker());
    assertEquals(kind(), source.describe().get("kind"));
  }

  @Test
  void initStatementsAreInForceOnEveryPhysicalConnection() throws SQLException {
    int size = 3;
    ConnectionSource source = open(spec, new PoolSettings(size, 0));
    List<Connection> held = new ArrayList<>();
    Set<Integer> pids = new HashSet<>();
    try {
      for (int i = 0; i < size; i++) {
        Connection c = source.connection();
        held.add(c);
        Session s = session(c);
        pids.add(s.pid());
        assertEquals("7MB", s.workMem());
        assertEquals(applicationName, s.applicationName());
        assertEquals(PasswordRole.NAME, s.user());
      }
    } finally {
      for (Connection c : held) {
        c.close();
      }
    }
    assertEquals(size, pids.size(), "each held connection is its own backend");
  }

  @Test
  void nThreadsHoldingConnectionsSeeNDistinctBackends() throws Exception {
    int threads = 6;
    ConnectionSource source = open(spec, new PoolSettings(threads, 0));
    CyclicBarrier allHolding = new CyclicBarrier(threads);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Integer>> pids = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        pids.add(pool.submit(() -> {
          try (Connection c = source.connection()) {
            int pid = session(c).pid();
            allHolding.await(30, TimeUnit.SECONDS); // nobody gives a connection back before all hold one
            return pid;
          }
        }));
      }
      Set<Integer> distinct = new HashSet<>();
      for (Future<Integer> pid : pids) {
        distinct.add(pid.get(60, TimeUnit.SECONDS));
      }
      assertEquals(threads, distinct.size());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void descriptionsNeverShowThePassword() throws SQLException {
    ConnectionSource source = open(spec, new PoolSettings(2, 10));
    try (Connection c = source.connection()) {
      assertEquals(PasswordRole.NAME, session(c).user(), "the password was really used to log in");
    }
    for (String text : List.of(source.describe().toString(), source.toString(), spec.toString(),
        spec.describe().toString())) {
      assertFalse(text.contains(PasswordRole.PASSWORD), text);
    }
  }

  @Test
  void closeEndsEveryBackend() throws Exception {
    ConnectionSource source = open(spec, new PoolSettings(3, 0));
    List<Connection> held = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      held.add(source.connection());
    }
    if (!source.heldPerWorker()) {
      for (Connection c : held) {
        c.close(); // back to the pool: the backends stay until the pool is closed
      }
    }
    assertEquals(3, backendsNamed(applicationName));
    source.close();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    int left;
    while ((left = backendsNamed(applicationName)) > 0 && System.nanoTime() < deadline) {
      Thread.sleep(50); // a backend leaves pg_stat_activity a moment after its client hangs up
    }
    assertEquals(0, left);
  }

  @Test
  void wrongDatabaseIsAnSqlExceptionThatDoesNotShowThePassword() {
    String missing = "no_such_database_" + kind();
    ConnectionSpec wrong = new ConnectionSpec(url.substring(0, url.lastIndexOf('/') + 1) + missing, spec.user(),
        spec.password(), spec.driverProperties(), spec.initStatements());
    ConnectionSource source = open(wrong, new PoolSettings(1, 0));
    SQLException e = assertTimeoutPreemptively(GENEROUS, () -> assertThrows(SQLException.class, source::connection));
    String printed = everythingPrinted(e);
    assertFalse(printed.contains(PasswordRole.PASSWORD), printed);
    assertTrue(printed.contains(missing), "the cause names the database: " + printed);
  }

  @Test
  void wrongPasswordIsRefusedWithoutShowingEitherPassword() {
    String wrongPassword = "Wrong-" + PasswordRole.PASSWORD.substring(3);
    ConnectionSpec wrong = new ConnectionSpec(spec.url(), spec.user(), wrongPassword, spec.driverProperties(),
        spec.initStatements());
    ConnectionSource source = open(wrong, new PoolSettings(1, 0));
    SQLException e = assertTimeoutPreemptively(GENEROUS, () -> assertThrows(SQLException.class, source::connection));
    String printed = everythingPrinted(e);
    assertFalse(printed.contains(PasswordRole.PASSWORD.substring(3)), printed);
    assertTrue(printed.contains("password authentication failed"), printed);
  }

  @Test
  void failingInitStatementFailsTheCheckoutNamingTheStatement() {
    ConnectionSpec bad = spec.withInitStatements(List.of("SET work_mem = '7MB'", "SET no_such_setting_here = 1"));
    ConnectionSource source = open(bad, new PoolSettings(1, 0));
    SQLException e = assertTimeoutPreemptively(GENEROUS, () -> assertThrows(SQLException.class, source::connection));
    String printed = everythingPrinted(e);
    assertTrue(printed.contains("init statement failed: SET no_such_setting_here = 1"), printed);
  }

  private static int backendPid(Connection c) throws SQLException {
    try (java.sql.Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static void failWith(Connection c, String sql) {
    assertThrows(SQLException.class, () -> {
      try (java.sql.Statement s = c.createStatement()) {
        s.execute(sql);
      }
    });
  }

  /**
   * A pool keeps a connection after an error the server reported on a live session, even a class-08 one (what a
   * Citus coordinator sends for a stopped worker), and replaces it when the session ended (a FATAL).
   */
  @Test
  void aPoolKeepsAConnectionAfterAnErrorOnALiveSessionAndReplacesItWhenTheSessionEnded() throws Exception {
    assumeFalse(expectedHeldPerWorker(), "a source without a pool opens a connection per call");
    ConnectionSource source = open(spec, new PoolSettings(1, 0));
    int first;
    try (Connection c = source.connection()) {
      first = backendPid(c);
      failWith(c, "DO $$ BEGIN RAISE EXCEPTION 'connection to the remote node postgres@w2:5432 failed'"
          + " USING ERRCODE = '08006'; END $$");
    }
    try (Connection c = source.connection()) {
      assertEquals(first, backendPid(c), "the same backend: the session lives");
      failWith(c, "SELECT pg_terminate_backend(pg_backend_pid())");
    }
    try (Connection c = source.connection()) {
      assertNotEquals(first, backendPid(c), "the session ended: a new connection");
    }
  }
}
