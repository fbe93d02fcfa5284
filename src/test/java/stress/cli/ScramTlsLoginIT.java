package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.ScramTlsServer;

/**
 * Every login path against a server as production runs it ({@link ScramTlsServer}: SCRAM passwords over TLS only),
 * each command in a process of its own as a user runs it, verifying the server (verify-full, its root certificate):
 * thread workers with every pool and statement mode, event loops, virtual threads (Java 21+), init, import, index and
 * explain; the password from PGPASSWORD, the password file and the URL. The password appears in nothing printed or
 * written, and the three usual mistakes (wrong password, missing root certificate, no TLS) end with one line.
 */
class ScramTlsLoginIT {
  private static final long TIMEOUT_SECONDS = 120;

  @TempDir
  static Path dir;
  private static ScramTlsServer server;

  @BeforeAll
  static void start() throws Exception {
    server = ScramTlsServer.start();
    ChildJvm.Result init = stress(withPassword(), "init", "--docs", "2000", "--table", "docs", "--drop-existing");
    assertEquals(0, init.exitCode(), init.all());
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  /** The environment of a user who keeps the password in PGPASSWORD; inherited PG* settings removed. */
  private static Map<String, String> withPassword() {
    Map<String, String> env = cleanEnvironment();
    env.put("PGPASSWORD", server.password());
    return env;
  }

  private static Map<String, String> cleanEnvironment() {
    Map<String, String> env = new HashMap<>();
    for (String name : List.of("PGPASSWORD", "PGPASSFILE", "PGSSLMODE", "PGSSLROOTCERT", "PGHOST", "PGUSER",
        "PGDATABASE", "PGPORT")) {
      env.put(name, null);
    }
    env.put("HOME", dir.toString()); // no ~/.pgpass or ~/.postgresql of the machine's user
    return env;
  }

  /** {@code stress --url <verified URL> -U USER args...} in its own JVM. */
  private static ChildJvm.Result stress(Map<String, String> env, String... args) throws Exception {
    return stressAt(server.verifiedUrl(), env, args);
  }

  private static ChildJvm.Result stressAt(String url, Map<String, String> env, String... args) throws Exception {
    List<String> line = new ArrayList<>(List.of("--url", url, "-U", ScramTlsServer.USER));
    line.addAll(List.of(args));
    ChildJvm.Result result = ChildJvm.run(dir, env, TIMEOUT_SECONDS, line.toArray(String[]::new));
    assertFalse(result.all().contains(server.password()), "the password was printed: " + result.all());
    return result;
  }

  /** Every file under {@code out} is free of the password. */
  private static void assertNoPasswordIn(Path out) throws Exception {
    try (Stream<Path> files = Files.walk(out)) {
      List<Path> written = files.filter(Files::isRegularFile).toList();
      assertFalse(written.isEmpty(), "nothing written under " + out);
      for (Path file : written) {
        String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        assertFalse(text.contains(server.password()), "the password is in " + file);
      }
    }
  }

  @Test
  void threadWorkersLogInWithEveryPoolAndStatementMode() throws Exception {
    Path out = dir.resolve("threads");
    ChildJvm.Result run = stress(withPassword(), "run", "--table", "docs", "--pool", "none,hikari,c3p0", "--mode",
        "prepared,plain", "--threads", "2", "--duration", "300ms", "--warmup", "0s", "--out", out.toString());
    assertEquals(0, run.exitCode(), run.all());
    assertTrue(run.out().contains("connection: tls sslmode=verify-full, sslrootcert=" + server.rootCertificate()),
        run.out());
    for (String pool : List.of("none", "hikari", "c3p0")) {
      assertTrue(run.out().contains(pool), "a phase of pool " + pool + ": " + run.out());
    }
    assertNoPasswordIn(out);
  }

  /** A run of several processes on this host: each instance logs in with the password its parent was given. */
  @Test
  void theInstancesOfARunOfSeveralLogInWithScram() throws Exception {
    Path out = dir.resolve("instances");
    ChildJvm.Result run = stress(withPassword(), "run", "--table", "docs", "--instances", "2", "--threads", "1",
        "--ops", "200", "--warmup", "0s", "--out", out.toString());
    assertEquals(0, run.exitCode(), run.all());
    com.fasterxml.jackson.databind.JsonNode total = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(out.resolve("result.json").toFile()).path("phases").get(0).path("stats").path("total");
    assertEquals(400, total.path("count").asLong() + total.path("errorCount").asLong(), "200 by each instance, merged");
    assertEquals(0, total.path("errorCount").asLong(), run.out());
    assertNoPasswordIn(out);
  }

  @Test
  void eventLoopWorkersLogInWithScram() throws Exception {
    Path out = dir.resolve("event-loops");
    ChildJvm.Result run = stress(withPassword(), "run", "--table", "docs", "--op", "find_first", "--event-loops", "1",
        "--threads", "4", "--mode", "prepared,plain", "--duration", "300ms", "--warmup", "0s", "--out",
        out.toString());
    assertEquals(0, run.exitCode(), run.all());
    assertNoPasswordIn(out);
  }

  @Test
  void virtualThreadWorkersLogInWithScram() throws Exception {
    assumeTrue(Runtime.version().feature() >= 21, "virtual threads need Java 21 or newer; this is Java "
        + Runtime.version().feature() + ": not tried");
    ChildJvm.Result run = stress(withPassword(), "run", "--table", "docs", "--virtual-threads", "--threads", "4",
        "--duration", "300ms", "--warmup", "0s");
    assertEquals(0, run.exitCode(), run.all());
  }

  @Test
  void importIndexAndExplainLogInWithScram() throws Exception {
    Path json = dir.resolve("import.json");
    ChildJvm.Result imported = stress(withPassword(), "import", Path.of("datasets", "sample-large").toAbsolutePath()
        .toString(), "--table", "orders", "--drop-existing", "--json", json.toString());
    assertEquals(0, imported.exitCode(), imported.all());
    assertFalse(Files.readString(json).contains(server.password()), "the password is in the import's result");
    try (Connection c = server.superuser(); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM orders")) {
      rs.next();
      assertEquals(500, rs.getLong(1), "every document of the dump arrived");
    }
    Path workload = dir.resolve("by-user.yaml");
    Files.writeString(workload, """
        operations:
          by_user:
            sql: SELECT _id, data FROM {table} WHERE data ->> 'u' = :u
            params:
              u: {sample: u, cap: 100}
        indexes:
          - {path: u}
        """);
    ChildJvm.Result index = stress(withPassword(), "index", "--workload", workload.toString(), "--table", "docs");
    assertEquals(0, index.exitCode(), index.all());
    ChildJvm.Result explain = stress(withPassword(), "explain", "--workload", workload.toString(), "--table", "docs");
    assertEquals(0, explain.exitCode(), explain.all());
    assertTrue(explain.out().contains("by_user"), explain.out());
  }

  @Test
  void thePasswordFileAndTheUrlGiveThePasswordToo() throws Exception {
    Path passFile = dir.resolve("pgpass");
    Files.writeString(passFile, "127.0.0.1:" + server.port() + ":" + ScramTlsServer.DATABASE + ":"
        + ScramTlsServer.USER + ":" + server.password() + "\n");
    Files.setPosixFilePermissions(passFile, PosixFilePermissions.fromString("rw-------"));
    Map<String, String> env = cleanEnvironment();
    env.put("PGPASSFILE", passFile.toString());
    ChildJvm.Result fromFile = stress(env, "run", "--table", "docs", "--threads", "2", "--duration", "200ms",
        "--warmup", "0s");
    assertEquals(0, fromFile.exitCode(), fromFile.all());
    ChildJvm.Result eventLoopsFromFile = stress(env, "run", "--table", "docs", "--op", "find_first", "--event-loops",
        "1", "--threads", "2", "--duration", "200ms", "--warmup", "0s");
    assertEquals(0, eventLoopsFromFile.exitCode(), eventLoopsFromFile.all());

    String inUrl = server.verifiedUrl() + "&password=" + URLEncoder.encode(server.password(), StandardCharsets.UTF_8);
    Path out = dir.resolve("url-password");
    ChildJvm.Result fromUrl = stressAt(inUrl, cleanEnvironment(), "run", "--table", "docs", "--threads", "2",
        "--duration", "200ms", "--warmup", "0s", "--out", out.toString());
    assertEquals(0, fromUrl.exitCode(), fromUrl.all());
    assertNoPasswordIn(out);
  }

  @Test
  void aWrongPasswordAMissingRootCertificateAndNoTlsEachEndWithOneLine() throws Exception {
    Map<String, String> wrong = cleanEnvironment();
    wrong.put("PGPASSWORD", "not-" + server.password());
    assertOneLine(stress(wrong, "run", "--table", "docs", "--duration", "200ms", "--warmup", "0s"),
        "password authentication failed for user \"" + ScramTlsServer.USER + "\"");
    assertOneLine(stress(wrong, "run", "--table", "docs", "--op", "find_first", "--event-loops", "1", "--duration",
        "200ms", "--warmup", "0s"), "password authentication failed for user \"" + ScramTlsServer.USER + "\"");

    Path absent = dir.resolve("absent-root.crt");
    String noRoot = server.url("127.0.0.1", "?sslmode=verify-full&sslrootcert=" + absent);
    assertOneLine(stressAt(noRoot, withPassword(), "run", "--table", "docs", "--duration", "200ms", "--warmup", "0s"),
        absent.toString());

    String noTls = server.url("127.0.0.1", "?sslmode=disable");
    assertOneLine(stressAt(noTls, withPassword(), "run", "--table", "docs", "--duration", "200ms", "--warmup", "0s"),
        "no encryption");
  }

  /** A refusal: a non-zero exit and one line on standard error that holds {@code expected}. */
  private static void assertOneLine(ChildJvm.Result refused, String expected) {
    assertNotEquals(0, refused.exitCode(), refused.all());
    List<String> lines = refused.err().strip().lines().toList();
    assertEquals(1, lines.size(), "one line: " + refused.err());
    assertTrue(lines.get(0).contains(expected), "the line names the cause (" + expected + "): " + refused.err());
  }
}
