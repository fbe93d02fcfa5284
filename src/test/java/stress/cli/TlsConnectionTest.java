package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.connect.ConnectionOptions;
import stress.connect.ConnectionResolver;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.NativeCrypto;
import stress.connect.PhysicalConnections;
import stress.connect.eventloop.EventLoopConnection;
import stress.connect.eventloop.EventLoops;
import stress.model.PreferQueryMode;
import stress.testing.TestCertificates;

/**
 * A real TLS connection: an embedded PostgreSQL started with {@code ssl=on} and a self-signed certificate made here
 * ({@link TestCertificates}). The TLS options given in the URL or in PGSSLMODE and
 * PGSSLROOTCERT reach the driver (the server sees TLS; a wrong root certificate is refused under verify-full), and the
 * run header and JSON show them without the key passphrase.
 */
class TlsConnectionTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DriverSettings DRIVER = new DriverSettings(10, 0, 0, 5, PreferQueryMode.EXTENDED, null);

  @TempDir
  static Path dir;
  private static EmbeddedPostgres server;
  private static Path rootCert;
  private static Path otherCert;

  @BeforeAll
  static void startTlsServer() throws Exception {
    Path serverDir = Files.createDirectories(dir.resolve("server"));
    TestCertificates.Pem serverFiles = TestCertificates.selfSigned(serverDir, "server");
    rootCert = serverFiles.certificate();
    otherCert = TestCertificates.selfSigned(Files.createDirectories(dir.resolve("other")), "other").certificate();
    server = EmbeddedPostgres.builder()
        .setServerConfig("ssl", "on")
        .setServerConfig("ssl_cert_file", serverFiles.certificate().toString())
        .setServerConfig("ssl_key_file", serverFiles.key().toString())
        .start();
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  private static String url(String query) {
    return "jdbc:postgresql://localhost:" + server.getPort() + "/postgres" + query;
  }

  private static boolean sslInUse(ConnectionSpec spec) throws SQLException {
    try (Connection c = PhysicalConnections.open(spec); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  @Test
  void pgsslmodeAndPgsslrootcertReachTheDriver() throws Exception {
    Map<String, String> env = new HashMap<>(Map.of("PGSSLMODE", "verify-full", "PGSSLROOTCERT", rootCert.toString()));
    ConnectionResolver resolver = new ConnectionResolver(env, dir, "postgres");
    ConnectionSpec spec = resolver.resolve(new ConnectionOptions(url(""), null, null, "postgres", null, Map.of()),
        DRIVER).spec();
    assertTrue(sslInUse(spec), "the server sees a TLS connection");

    env.put("PGSSLROOTCERT", otherCert.toString());
    ConnectionSpec wrongRoot = new ConnectionResolver(env, dir, "postgres").resolve(new ConnectionOptions(url(""), null,
        null, "postgres", null, Map.of()), DRIVER).spec();
    SQLException refused = assertThrows(SQLException.class, () -> sslInUse(wrongRoot));
    assertTrue(String.valueOf(refused.getMessage()).toLowerCase().contains("ssl")
        || String.valueOf(refused.getCause()).toLowerCase().contains("certif"), String.valueOf(refused));

    ConnectionSpec plain = new ConnectionResolver(Map.of("PGSSLMODE", "disable"), dir, "postgres").resolve(
        new ConnectionOptions(url(""), null, null, "postgres", null, Map.of()), DRIVER).spec();
    assertFalse(sslInUse(plain), "sslmode=disable from the environment is obeyed too");
  }

  @Test
  void aRunOverTlsShowsItsTlsSettingsButNotThePassphrase() throws Exception {
    String secret = "Passphrase-" + System.nanoTime();
    String tlsUrl = url("?sslmode=verify-full&sslrootcert=" + rootCert + "&sslpassword=" + secret);
    CliTester.Result init = CliTester.run("--url", tlsUrl, "-U", "postgres", "init", "--docs", "100", "--table",
        "tls_docs", "--drop-existing");
    assertEquals(0, init.exitCode(), init.all());
    Path json = dir.resolve("tls-run.json");
    CliTester.Result run = CliTester.run("--url", tlsUrl, "-U", "postgres", "run", "--table", "tls_docs", "--duration",
        "300ms", "--warmup", "0", "--json", json.toString());
    assertEquals(0, run.exitCode(), run.all());
    assertTrue(run.out().contains("connection: tls sslmode=verify-full, sslrootcert=" + rootCert
        + ", sslpassword (set, not shown)"), run.out());
    String written = Files.readString(json);
    for (String text : List.of(init.all(), run.all(), written)) {
      assertFalse(text.contains(secret), "passphrase shown: " + text);
    }
    JsonNode root = JSON.readTree(written);
    assertTrue(root.toString().contains("sslmode=verify-full"), "the JSON's connection settings name the mode: "
        + written);
  }

  @Test
  void aChildProcessTakesPgsslmodeFromItsEnvironment() throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("PGSSLMODE", "verify-full");
    env.put("PGSSLROOTCERT", otherCert.toString());
    ChildJvm.Result refused = ChildJvm.run(dir, env, 120, "--url", url(""), "-U", "postgres", "detect");
    assertEquals(1, refused.exitCode(), "verified against the wrong root certificate: " + refused.all());
    assertTrue(refused.out().contains("connection: tls sslmode=verify-full, sslrootcert=" + otherCert), refused.all());
    assertEquals(1, refused.err().strip().lines().count(), "one line: " + refused.err());
  }

  /**
   * An import over verified TLS in a process of its own, as a user runs it: its TLS records are encrypted by the
   * native provider where it has a library for this platform (Linux on x86-64), which the connection report names,
   * and every document arrives; with {@code STRESS_NATIVE_CRYPTO=off} the JDK's ciphers do it, as the report says.
   */
  @Test
  void anImportOverTlsUsesNativeCiphersUnlessSwitchedOff() throws Exception {
    Path dump = dir.resolve("tls-dump");
    assertEquals(0, CliTester.run("generate", "--out", dump.toString(), "--docs", "500", "--db", "shop",
        "--collection", "orders", "--shape", "large").exitCode());
    String verified = url("?sslmode=verify-full&sslrootcert=" + rootCert);
    boolean nativeHere = System.getProperty("os.name").toLowerCase().startsWith("linux")
        && List.of("amd64", "x86_64").contains(System.getProperty("os.arch"));
    for (String choice : List.of("", "off")) {
      Map<String, String> env = new HashMap<>(Map.of(NativeCrypto.SWITCH, choice));
      ChildJvm.Result imported = ChildJvm.run(dir, env, 120, "--url", verified, "-U", "postgres", "import",
          dump.toString(), "--drop-existing");
      assertEquals(0, imported.exitCode(), imported.all());
      String expected = choice.equals("off") ? "ciphers: the JDK's (" + NativeCrypto.SWITCH + "=off)"
          : nativeHere ? "ciphers: native (AWS-LC" : "ciphers: the JDK's (native ciphers not available here";
      assertTrue(imported.out().contains("connection: tls sslmode=verify-full, sslrootcert=" + rootCert + "; "
          + expected), imported.all());
      try (Connection c = server.getPostgresDatabase().getConnection(); Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT data) FROM shop_orders")) {
        rs.next();
        assertEquals(500, rs.getLong(1), "every document arrived over TLS");
        assertEquals(500, rs.getLong(2));
      }
    }
  }

  /**
   * The event-loop client connects as pgjdbc would for the same URL: TLS under pgjdbc's default (prefer), none under
   * disable, verified under verify-full, and refused against the wrong root certificate.
   */
  @Test
  void theEventLoopClientUsesTlsAsPgjdbcWouldForTheSameUrl() throws Exception {
    assertEquals(Boolean.TRUE, eventLoopSsl(url("")));
    assertEquals(Boolean.FALSE, eventLoopSsl(url("?sslmode=disable")));
    assertEquals(Boolean.TRUE, eventLoopSsl(url("?sslmode=require")));
    assertEquals(Boolean.TRUE, eventLoopSsl(url("?sslmode=verify-full&sslrootcert=" + rootCert)));
    assertEquals(null, eventLoopSsl(url("?sslmode=verify-full&sslrootcert=" + otherCert)),
        "verified against the wrong root certificate");
  }

  /** Whether the server sees TLS on an event-loop connection to {@code url}; null when it did not open. */
  private static Boolean eventLoopSsl(String url) throws Exception {
    ConnectionSpec spec = new ConnectionSpec(url, "postgres", null, Map.of(), List.of());
    try (EventLoops loops = EventLoops.start(1)) {
      CompletableFuture<EventLoopConnection> opened = new CompletableFuture<>();
      EventLoopConnection.open(loops, spec, "SELECT $1::int", new EventLoopConnection.Opening() {
        @Override
        public void opened(EventLoopConnection connection) {
          opened.complete(connection);
        }

        @Override
        public void failed(String sqlState, String message) {
          opened.complete(null);
        }
      });
      EventLoopConnection c = opened.get(30, TimeUnit.SECONDS);
      if (c == null) {
        return null;
      }
      try (Connection j = server.getPostgresDatabase().getConnection(); Statement s = j.createStatement();
           ResultSet rs = s.executeQuery("SELECT ssl FROM pg_stat_ssl WHERE pid = " + c.backendPid())) {
        assertTrue(rs.next(), "the event-loop connection's backend " + c.backendPid());
        return rs.getBoolean(1);
      } finally {
        c.close();
      }
    }
  }
}
