package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.connect.PasswordRole;
import stress.testing.TestDatabase;
import stress.testing.BsonFiles;
import stress.testing.Bytes;

/**
 * A real password (a role the test server asks a SCRAM password of), given each way the tool takes one: in the
 * URL, in PGPASSWORD, in a password file named by PGPASSFILE, and in the URL of a {@code --config} YAML file. After
 * init, a run and an import (with rejected documents) and failures shown with stack traces ({@code --verbose}),
 * the password is in no stdout, no stderr and no byte of any file the commands wrote (searched recursively).
 */
class PasswordLeakTest {
  private static final String PASSWORD = PasswordRole.PASSWORD;

  @TempDir
  Path dir;
  private String url;
  private Path dump;
  private Path out;

  @BeforeEach
  void setUp() throws Exception {
    PasswordRole.ensure();
    String db = TestDatabase.newDatabaseUrl("pw_leak");
    try (Connection c = TestDatabase.connect(db); Statement s = c.createStatement()) {
      s.execute("GRANT ALL ON SCHEMA public TO " + PasswordRole.NAME);
    }
    // the role's pg_hba lines are for TCP on 127.0.0.1 and ::1
    url = db.replace("localhost", "127.0.0.1");
    dump = dir.resolve("dump");
    assertEquals(0, CliTester.run("generate", "--out", dump.toString(), "--docs", "300", "--db", "shop",
        "--collection", "orders").exitCode());
    // documents the import rejects (no _id, a repeated _id), so the rejects file is written
    BsonFiles.write(dump.resolve("shop/odd.bson"), List.of("{\"_id\": 1, \"a\": 1}", "{\"a\": 2}",
        "{\"_id\": 1, \"a\": 3}"));
    out = Files.createDirectories(dir.resolve("out"));
  }

  @Test
  void passwordInTheUrl() throws Exception {
    String withPassword = url + "?password=" + PASSWORD;
    List<CliTester.Result> results = commands("--url", withPassword);
    assertTrue(results.get(1).out().contains("password: --url"), "the password was used: " + results.get(1).out());
    assertNoLeak(results.stream().map(CliTester.Result::all));
  }

  @Test
  void passwordInAConfigFile() throws Exception {
    Path config = dir.resolve("stress.yaml");
    Files.writeString(config, "url: " + url + "?password=" + PASSWORD + "\nuser: " + PasswordRole.NAME + "\n");
    List<CliTester.Result> results = commands("--config", config.toString());
    assertTrue(results.get(1).out().contains("password: --url"), "the password was used: " + results.get(1).out());
    assertNoLeak(results.stream().map(CliTester.Result::all));
  }

  @Test
  void passwordInPgpasswordOfAChildProcess() throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("PGPASSWORD", PASSWORD);
    env.put("PGPASSFILE", dir.resolve("no-such-file").toString());
    List<ChildJvm.Result> results = childCommands(env);
    assertTrue(results.get(1).out().contains("password: PGPASSWORD"), results.get(1).all());
    assertNoLeak(results.stream().map(ChildJvm.Result::all));
  }

  @Test
  void passwordInAPasswordFileOfAChildProcess() throws Exception {
    Path pgpass = dir.resolve("pgpass");
    Files.writeString(pgpass, "# the test server\n127.0.0.1:" + TestDatabase.port() + ":*:" + PasswordRole.NAME + ":"
        + PASSWORD + "\n");
    Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
    Map<String, String> env = new HashMap<>();
    env.put("PGPASSWORD", null);
    env.put("PGPASSFILE", pgpass.toString());
    List<ChildJvm.Result> results = childCommands(env);
    assertTrue(results.get(1).out().contains("password: password file " + pgpass), results.get(1).all());
    assertNoLeak(results.stream().map(ChildJvm.Result::all));
  }

  /** init, run, import, then two failures with stack traces, in this JVM; each must succeed or fail as expected. */
  private List<CliTester.Result> commands(String... connection) {
    List<String> base = List.of(connection);
    List<String> user = base.contains("--config") ? List.of() : List.of("-U", PasswordRole.NAME);
    CliTester.Result init = CliTester.run(args(base, user, "init", "--docs", "200", "--table", "docs"));
    assertEquals(0, init.exitCode(), init.all());
    CliTester.Result run = CliTester.run(args(base, user, "run", "--table", "docs", "--duration", "500ms", "--warmup",
        "0", "--json", out.resolve("run.json").toString(), "--pool", "none,hikari,c3p0", "--threads", "2",
        "--out", out.resolve("results-" + System.nanoTime()).toString()));
    assertEquals(0, run.exitCode(), run.all());
    CliTester.Result load = CliTester.run(args(base, user, "import", dump.toString(), "--rejects",
        out.resolve("rejects/rejects.jsonl").toString()));
    assertEquals(3, load.exitCode(), "documents rejected: " + load.all());
    CliTester.Result missingTable = CliTester.run(args(base, user, "--verbose", "run", "--table", "nothing_here",
        "--duration", "200ms"));
    assertEquals(1, missingTable.exitCode(), missingTable.all());
    assertTrue(missingTable.err().contains("\tat "), "a stack trace was printed: " + missingTable.err());
    CliTester.Result existing = CliTester.run(args(base, user, "--verbose", "import", dump.toString(), "--rejects",
        out.resolve("rejects/again.jsonl").toString()));
    assertEquals(1, existing.exitCode(), existing.all());
    return List.of(init, run, load, missingTable, existing);
  }

  /** The same commands, each in its own JVM whose working directory is the output directory. */
  private List<ChildJvm.Result> childCommands(Map<String, String> env) throws Exception {
    List<String> base = List.of("--url", url, "-U", PasswordRole.NAME);
    ChildJvm.Result init = ChildJvm.run(out, env, 120, args(base, List.of(), "init", "--docs", "200", "--table", "docs"));
    assertEquals(0, init.exitCode(), init.all());
    ChildJvm.Result run = ChildJvm.run(out, env, 120, args(base, List.of(), "run", "--table", "docs", "--duration",
        "500ms", "--warmup", "0", "--json", "run.json", "--threads", "2", "--out", "results-" + System.nanoTime()));
    assertEquals(0, run.exitCode(), run.all());
    // no --rejects: the default file lands in the working directory
    ChildJvm.Result load = ChildJvm.run(out, env, 120, args(base, List.of(), "import", dump.toString()));
    assertEquals(3, load.exitCode(), "documents rejected: " + load.all());
    ChildJvm.Result failure = ChildJvm.run(out, env, 120, args(base, List.of(), "--verbose", "import",
        dump.toString(), "--rejects", "again.jsonl"));
    assertEquals(1, failure.exitCode(), failure.all());
    return List.of(init, run, load, failure);
  }

  private static String[] args(List<String> base, List<String> user, String... rest) {
    return Stream.of(base.stream(), user.stream(), Stream.of(rest)).flatMap(s -> s).toArray(String[]::new);
  }

  /** The password is in no printed text and in no file under the output directory; the files are really there. */
  private void assertNoLeak(Stream<String> printed) throws IOException {
    printed.forEach(text -> assertFalse(text.contains(PASSWORD), "password printed:\n" + text));
    List<Path> files;
    try (Stream<Path> walk = Files.walk(out)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().equals("run.json")), "run.json written: " + files);
    assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().endsWith(".jsonl")), "rejects written: " + files);
    for (String name : List.of("report.html", "summary.csv", "intervals.csv", "errors.csv", "1-find_first.hlog")) {
      assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().equals(name)), name + " written: " + files);
    }
    byte[] secret = PASSWORD.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    for (Path file : files) {
      byte[] content = Files.readAllBytes(file);
      assertTrue(content.length > 0, file + " is empty");
      assertFalse(Bytes.indexOf(content, secret) >= 0, "password stored in " + file);
    }
  }
}
