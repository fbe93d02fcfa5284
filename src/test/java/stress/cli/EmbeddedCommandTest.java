package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.connect.embedded.KeptEmbeddedServer;

/**
 * {@code stress embedded start|status|stop|reset}, and commands given no connection using the kept server while it
 * runs: tables made by one command are there for the next, as the README's tour needs.
 */
class EmbeddedCommandTest {
  @TempDir
  Path dir;
  private String before;
  private KeptEmbeddedServer kept;

  @BeforeEach
  void pointAtTemporaryDirectory() {
    before = System.getProperty(KeptEmbeddedServer.DIRECTORY_PROPERTY);
    System.setProperty(KeptEmbeddedServer.DIRECTORY_PROPERTY, dir.toString());
    kept = new KeptEmbeddedServer(dir);
  }

  @AfterEach
  void restore() {
    kept.reset();
    if (before == null) {
      System.clearProperty(KeptEmbeddedServer.DIRECTORY_PROPERTY);
    } else {
      System.setProperty(KeptEmbeddedServer.DIRECTORY_PROPERTY, before);
    }
  }

  @Test
  void theKeptServerKeepsTablesBetweenCommandsUntilReset() throws Exception {
    CliTester.Result status = CliTester.run("embedded", "status");
    assertEquals(3, status.exitCode(), "not running: 3, as pg_ctl status\n" + status.all());
    assertTrue(status.out().contains("not running and no data in " + dir), status.out());

    int port;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
      port = free.getLocalPort();
    }
    CliTester.Result start = CliTester.run("embedded", "start", "--port", Integer.toString(port));
    assertEquals(0, start.exitCode(), start.all());
    assertEquals(port, kept.running().orElseThrow(() -> new AssertionError(start.all())).port(), "the port asked for");
    assertTrue(start.out().contains("running on port " + port), start.out());
    assertTrue(CliTester.run("embedded", "start").out().contains("already running on port " + port));
    CliTester.Result elsewhere = CliTester.run("embedded", "start", "--port", Integer.toString(port == 65535 ? 1 : port + 1));
    assertEquals(1, elsewhere.exitCode(), elsewhere.all());
    assertTrue(elsewhere.out().contains("already running on port " + port + ", not "), elsewhere.out());
    assertEquals(0, CliTester.run("embedded", "status").exitCode(), "running: 0");

    // a command with no connection uses it, and its table stays for the next command
    CliTester.Result imported = CliTester.run("import", "datasets/sample-small", "--rejects",
        dir.resolve("rejects.jsonl").toString());
    assertEquals(0, imported.exitCode(), imported.all());
    assertTrue(imported.out().contains("using the kept embedded PostgreSQL on port " + port), imported.out());
    assertFalse(imported.out().contains("gone with it"), imported.out());
    long rows = count(port, "stress_check_in");
    assertTrue(rows > 0, "import filled stress_check_in");

    // run finds the table there and uses it as it is, without generating the default data set over it
    CliTester.Result run = CliTester.run("run", "--table", "stress_check_in", "--op", "find_first", "--threads", "2",
        "--duration", "1s", "--warmup", "0s");
    assertEquals(0, run.exitCode(), run.all());
    assertFalse(run.out().contains("generating the default data set"), run.out());
    assertEquals(rows, count(port, "stress_check_in"));

    // a name that finds no table is refused with the one that exists, never filled with the default data set
    java.util.List<String> tablesBefore = tables(port);
    for (String command : new String[] {"explain", "run", "analyze"}) {
      CliTester.Result otherCase = CliTester.run(command, "--table", "\"Stress_Check_In\"");
      assertEquals(1, otherCase.exitCode(), otherCase.all());
      assertFalse(otherCase.out().contains("generating the default data set"), otherCase.out());
      assertTrue(otherCase.err().strip().startsWith("stress: table Stress_Check_In does not exist, but"
          + " public.stress_check_in does: "), otherCase.err());
      assertTrue(otherCase.err().strip().endsWith("; use --table stress_check_in"), otherCase.err());
    }
    CliTester.Result namespace = CliTester.run("explain", "--table", "stress.check_in");
    assertEquals(1, namespace.exitCode(), namespace.all());
    assertEquals("stress: table stress.check_in: there is no schema stress; stress_check_in is the table import makes"
        + " from the MongoDB collection stress.check_in (a namespace is DATABASE.COLLECTION, a table's name joins them"
        + " with _); use --table stress_check_in", namespace.err().strip());
    assertEquals(tablesBefore, tables(port), "no table was made");

    CliTester.Result stop = CliTester.run("embedded", "stop");
    assertEquals(0, stop.exitCode(), stop.all());
    assertFalse(kept.running().isPresent(), stop.all());
    CliTester.Result stopped = CliTester.run("embedded", "status");
    assertTrue(stopped.out().contains("not running; data in"), stopped.out());
    assertEquals(3, stopped.exitCode());

    // started again, on the same data
    assertEquals(0, CliTester.run("embedded", "start").exitCode());
    assertEquals(rows, count(kept.running().orElseThrow().port(), "stress_check_in"));

    CliTester.Result reset = CliTester.run("embedded", "reset");
    assertEquals(0, reset.exitCode(), reset.all());
    assertTrue(reset.out().contains("stopped, and deleted its data"), reset.out());
    assertFalse(kept.running().isPresent());
    assertFalse(Files.exists(kept.dataDirectory()));
  }

  @Test
  void withoutTheKeptServerACommandStartsItsOwnAndSaysHowToKeepOne() {
    CliTester.Result r = CliTester.run("detect");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("so starting an embedded PostgreSQL for this run; it is stopped at exit"
        + " ('stress embedded start' keeps one, with its data, between commands)"), r.out());
    assertFalse(Files.exists(kept.dataDirectory()), "a command's own server leaves nothing in the kept directory");
  }

  /** --preload: the library loads at this start and the later ones, pg_stat_statements created where runs read it. */
  @Test
  void aPreloadedLibraryIsKeptForTheLaterStarts() throws Exception {
    CliTester.Result bad = CliTester.run("embedded", "start", "--preload", "pg_stat_statements;DROP");
    assertEquals(2, bad.exitCode(), bad.all());
    assertEquals("stress: --preload: 'pg_stat_statements;DROP' is not a library name (letters, digits and _, several"
        + " joined by commas, e.g. pg_stat_statements), nor none", bad.err().strip());
    CliTester.Result notStart = CliTester.run("embedded", "status", "--preload", "pg_stat_statements");
    assertEquals(2, notStart.exitCode(), notStart.all());

    CliTester.Result start = CliTester.run("embedded", "start", "--preload", "pg_stat_statements");
    assertEquals(0, start.exitCode(), start.all());
    assertTrue(start.out().contains("embedded: loads pg_stat_statements at this and every later start"
        + " (shared_preload_libraries, kept in its data directory); extension pg_stat_statements created in database"
        + " postgres"), start.out());
    int port = kept.running().orElseThrow().port();
    assertEquals("pg_stat_statements", query(port, "SELECT current_setting('shared_preload_libraries')"));
    assertEquals("1", query(port, "SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'"));
    // the view fails unless the library was loaded at the start
    assertEquals("t", query(port, "SELECT count(*) >= 0 FROM pg_stat_statements"));

    CliTester.Result other = CliTester.run("embedded", "start", "--preload", "none");
    assertEquals(1, other.exitCode(), other.all());
    assertTrue(other.out().contains("loading 'pg_stat_statements', not ''; a library loads when the server starts:"
        + " 'stress embedded stop' first"), other.out());

    assertEquals(0, CliTester.run("embedded", "stop").exitCode());
    CliTester.Result again = CliTester.run("embedded", "start");
    assertEquals(0, again.exitCode(), again.all());
    assertEquals("pg_stat_statements", query(kept.running().orElseThrow().port(),
        "SELECT current_setting('shared_preload_libraries')"), "kept for a start that names no library");
  }

  private static String query(int port, String sql) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/postgres", "postgres",
        null);
         Statement s = c.createStatement();
         ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void anUnknownActionIsOneLineNamingTheActions() {
    CliTester.Result r = CliTester.run("embedded", "restart");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains("restart") && r.err().contains("start, status, stop, reset"), r.err());
  }

  @Test
  void theDirectoryComesFromThePropertyTheVariableOrTheCache() {
    assertEquals(Path.of("/p"), KeptEmbeddedServer.defaultDirectory("/p", "/v", "/x", "/home/u"));
    assertEquals(Path.of("/v"), KeptEmbeddedServer.defaultDirectory(null, "/v", "/x", "/home/u"));
    assertEquals(Path.of("/x/stress/embedded"), KeptEmbeddedServer.defaultDirectory(null, "", "/x", "/home/u"));
    assertEquals(Path.of("/home/u/.cache/stress/embedded"), KeptEmbeddedServer.defaultDirectory(null, null, null,
        "/home/u"));
  }

  private static java.util.List<String> tables(int port) throws Exception {
    java.util.List<String> names = new java.util.ArrayList<>();
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:postgresql://localhost:" + port
        + "/postgres", "postgres", null);
         java.sql.ResultSet rs = c.createStatement().executeQuery("SELECT relname FROM pg_class WHERE relkind = 'r'"
             + " AND relnamespace = 'public'::regnamespace ORDER BY 1")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    return names;
  }

  private static long count(int port, String table) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/postgres", "postgres",
        null);
         Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
