package stress.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import stress.table.DocumentTable;
import stress.server.dialect.PostgresDialect;

/**
 * One real embedded PostgreSQL per test JVM, started on first use and stopped at JVM exit. Each caller
 * gets its own fresh database so test classes never see each other's tables.
 */
public final class TestDatabase {
  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static volatile EmbeddedPostgres server;

  private TestDatabase() {}

  /** The shared server, started on first use. */
  public static synchronized EmbeddedPostgres server() {
    if (server == null) {
      Path data;
      try {
        data = Files.createTempDirectory("stress-test-postgres");
        server = EmbeddedPostgres.builder()
            .setServerConfig("max_connections", "300")
            .setDataDirectory(data)
            .setCleanDataDirectory(false)
            .start();
      } catch (IOException e) {
        throw new UncheckedIOException("could not start the embedded PostgreSQL for tests", e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          server.close(); // stops the server; its data directory is left to removeLater
        } catch (IOException ignored) {
          // the JVM is exiting; nothing else to do
        }
        removeLater(data);
      }));
    }
    return server;
  }

  /**
   * Removes the stopped server's data directory in a process of its own that outlives this JVM: the databases of a
   * whole test run are hundreds of thousands of files, longer to delete than Surefire waits for a fork to exit (30 s,
   * after which it kills the fork and says so), and nothing needs to wait for them.
   */
  private static void removeLater(Path data) {
    try {
      new ProcessBuilder("rm", "-rf", data.toString()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    } catch (IOException e) {
      try (java.util.stream.Stream<Path> files = Files.walk(data)) { // no rm here: delete it now
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      } catch (IOException | UncheckedIOException ignored) {
        // the JVM is exiting; a temporary directory is left behind
      }
    }
  }

  /** Creates a new empty database and returns its JDBC URL (user postgres, no password). */
  public static String newDatabaseUrl(String prefix) {
    String name = (prefix + "_" + DATABASES.incrementAndGet() + "_" + ProcessHandle.current().pid()).toLowerCase();
    try (Connection c = server().getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE \"" + name + "\"");
    } catch (SQLException e) {
      throw new IllegalStateException("could not create test database " + name, e);
    }
    return url(name);
  }

  /**
   * Creates a new database holding {@code table}, made as the PostgreSQL dialect makes it, with {@code docs} documents
   * {@code {"i": i}} under the keys 1..docs; returns its JDBC URL.
   */
  public static String newDatabaseWithDocuments(String prefix, DocumentTable table, int docs) throws SQLException {
    String url = newDatabaseUrl(prefix);
    try (Connection c = connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(table)) {
        s.execute(ddl);
      }
      s.execute("INSERT INTO " + table.qualifiedName() + " SELECT i, jsonb_build_object('i', i)"
          + " FROM generate_series(1, " + docs + ") i");
    }
    return url;
  }

  /** The database a JDBC URL of {@link #url} names (the part after its last slash). */
  public static String databaseName(String url) {
    return url.substring(url.lastIndexOf('/') + 1);
  }

  /** JDBC URL of a database on the shared server. */
  public static String url(String database) {
    return "jdbc:postgresql://localhost:" + server().getPort() + "/" + database;
  }

  public static int port() {
    return server().getPort();
  }

  /** A connection as user postgres. */
  public static Connection connect(String url) throws SQLException {
    return DriverManager.getConnection(url, "postgres", null);
  }

  /** The first column of the first row of a query that returns a number, e.g. {@code SELECT count(*) ...}. */
  public static long count(String url, String sql, Object... parameters) throws SQLException {
    try (Connection c = connect(url); java.sql.PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        ps.setObject(i + 1, parameters[i]);
      }
      try (java.sql.ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }
}
