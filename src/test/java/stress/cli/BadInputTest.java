package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.connect.PasswordRole;
import stress.testing.TestDatabase;
import stress.testing.TestDumps;

/** Bad input: one line naming the thing and the rule, exit 2 for usage and 1 for runtime failures. */
class BadInputTest {

  private static void assertOneLineError(CliTester.Result r, int code, String expected) {
    assertEquals(code, r.exitCode(), r.all());
    String[] lines = r.err().strip().split("\n");
    assertTrue(lines[0].startsWith("stress: "), r.err());
    assertTrue(lines[0].contains(expected), "expected '" + expected + "' in: " + r.err());
    assertFalse(r.err().contains("\tat "), "no stack trace without --verbose: " + r.err());
  }

  private static String url() {
    return TestDatabase.url("postgres");
  }

  @Test
  void unknownOperationListsTheKnownOnes() {
    assertOneLineError(CliTester.run("--url", url(), "-U", "postgres", "run", "--op", "find_last"), 2,
        "unknown operation 'find_last'; known: find_first, find_in, find, find_update, find_insert, find_delete");
  }

  @Test
  void runOptionsBeforeACommandAreRefusedNotIgnored() {
    CliTester.Result r = CliTester.run("--url", url(), "--threads", "2", "--explain", "run");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains("--threads, --explain before 'run' would be ignored"), r.err());
    CliTester.Result init = CliTester.run("--url", url(), "--duration", "5s", "init");
    assertEquals(2, init.exitCode(), init.all());
    assertTrue(init.err().contains("--duration before 'init' would be ignored"), init.err());
  }

  @Test
  void virtualThreadsTakeYesOrNo() {
    assertOneLineError(CliTester.run("--url", url(), "run", "--virtual-threads=maybe"), 2,
        "--virtual-threads takes yes or no, got 'maybe'");
  }

  @Test
  void aPoolerConsoleIsTheDatabasePgbouncerOfOneHost() {
    CliTester.Result r = CliTester.run("--url", url(), "run", "--pooler-console",
        "jdbc:postgresql://h:6432/app?password=Secret-1");
    assertOneLineError(r, 2, "--pooler-console must be the JDBC URL of one host's database pgbouncer (PgBouncer's"
        + " admin console), e.g. jdbc:postgresql://HOST:6432/pgbouncer?user=NAME, got"
        + " jdbc:postgresql://h:6432/app?password=(not shown)");
    assertFalse(r.all().contains("Secret-1"), r.all());
  }

  @Test
  void badDuration() {
    assertOneLineError(CliTester.run("--url", url(), "run", "--duration", "ten"), 2,
        "--duration must be a duration like 60s, 500ms, 2m, 1h or 1m30s, got 'ten'");
  }

  @Test
  void threadsMustBePositive() {
    assertOneLineError(CliTester.run("--url", url(), "run", "--threads", "0"), 2, "--threads must be at least 1, got 0");
  }

  @Test
  void metricsPortOutOfRange() {
    assertOneLineError(CliTester.run("--url", url(), "run", "--metrics-port", "70000"), 2,
        "--metrics-port must be 0 (any free port) or 1 to 65535, got 70000");
  }

  @Test
  void metricsPortInUseFailsBeforeTheRun() throws Exception {
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0)) {
      int port = taken.getLocalPort();
      CliTester.Result r = CliTester.run("--url", url(), "-U", "postgres", "run", "--metrics-port",
          Integer.toString(port), "--duration", "1s");
      assertOneLineError(r, 2, "--metrics-port " + port + ": cannot listen there");
      assertFalse(r.out().contains("phase 1/"), r.out());
    }
  }

  @Test
  void rateIsANumberOrTheLogs() {
    assertOneLineError(CliTester.run("--url", url(), "run", "--rate", "fast"), 2,
        "--rate must be ops/s (a number) or log, got 'fast'");
    assertOneLineError(CliTester.run("--url", url(), "run", "--rate", "log"), 2,
        "--rate log needs --workload FILE with what MongoDB logged (workload --from-log)");
  }

  @Test
  void modeOutsideTheList() {
    assertOneLineError(CliTester.run("--url", url(), "run", "--mode", "prepared,fast"), 2,
        "--mode must be prepared or plain, got 'fast'");
  }

  @Test
  void poolOutsideTheList() {
    assertOneLineError(CliTester.run("--url", url(), "-U", "postgres", "run", "--pool", "dbcp"), 2,
        "unknown pool kind 'dbcp'; known: c3p0, hikari, none");
  }

  @Test
  void queryModeOutsideTheList() {
    assertOneLineError(CliTester.run("--url", url(), "run", "--query-mode", "fastest"), 2,
        "--query-mode must be one of");
  }

  @Test
  void severalProblemsAreReportedTogether() {
    CliTester.Result r = CliTester.run("--url", url(), "run", "--threads", "-1", "--warmup", "x", "--op", "a=0");
    assertOneLineError(r, 2, "--op weight of a must be at least 1, got 0");
    assertTrue(r.err().contains("--warmup must be a duration") && r.err().contains("--threads must be at least 1"),
        r.err());
  }

  @Test
  void unknownOptionIsAUsageErrorThatSuggestsTheNearestOption() {
    CliTester.Result r = CliTester.run("run", "--thread", "8");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals("stress: run: unknown option '--thread'; did you mean --threads?", r.err().lines().findFirst()
        .orElseThrow());
    assertEquals("stress: unknown option '--thread'; did you mean --threads?",
        CliTester.run("--thread", "8").err().lines().findFirst().orElseThrow());
    assertEquals("stress: import: unknown option '--batchmb'; did you mean --batch-mb?",
        CliTester.run("import", "x", "--batchmb", "8").err().lines().findFirst().orElseThrow());
    CliTester.Result far = CliTester.run("run", "--zzzzzz");
    assertEquals(2, far.exitCode(), far.all());
    assertEquals("stress: run: unknown option '--zzzzzz'; see 'stress help run' for the options",
        far.err().lines().findFirst().orElseThrow());
  }

  @Test
  void anUnknownCommandIsCalledOneAndTheCommandsAreListed() {
    CliTester.Result r = CliTester.run("rn", "--threads", "4");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals("stress: unknown command 'rn' (did you mean run?); the commands are run, init, import, assess,"
        + " generate, detect, explain, check, index, analyze, merge, workload, ops, report, embedded, help", r.err().lines().findFirst().orElseThrow());
    assertEquals("stress: unknown command 'frobnicate'; the commands are run, init, import, assess, generate, detect,"
        + " explain, check, index, analyze, merge, workload, ops, report, embedded, help",
        CliTester.run("frobnicate").err().lines().findFirst().orElseThrow());
    assertTrue(CliTester.run("hlep").err().startsWith("stress: unknown command 'hlep' (did you mean help?)"));
  }

  @Test
  void unreachableHostFailsWithinTheConnectTimeout() throws Exception {
    int freePort;
    try (ServerSocket s = new ServerSocket(0)) {
      freePort = s.getLocalPort();
    }
    CliTester.Result r = CliTester.run("-h", "127.0.0.1", "-p", Integer.toString(freePort), "-U", "postgres",
        "-d", "postgres", "run", "--connect-timeout", "2s");
    assertOneLineError(r, 1, "Connection to 127.0.0.1:" + freePort + " refused");
  }

  @Test
  void wrongPasswordIsARuntimeErrorThatNeverShowsThePassword() {
    PasswordRole.ensure();
    String wrong = "Wrong-" + System.nanoTime();
    String url = "jdbc:postgresql://127.0.0.1:" + TestDatabase.port() + "/postgres?password=" + wrong;
    CliTester.Result r = CliTester.run("--url", url, "-U", PasswordRole.NAME, "detect");
    assertOneLineError(r, 1, "password authentication failed for user \"" + PasswordRole.NAME + "\"");
    assertFalse(r.all().contains(wrong), r.all());
  }

  @Test
  void missingDatabaseIsARuntimeError() {
    assertOneLineError(CliTester.run("--url", TestDatabase.url("no_such_db"), "-U", "postgres", "detect"), 1,
        "database \"no_such_db\" does not exist (SQLState 3D000); check the database given with -d, PGDATABASE or the"
            + " --url path (without them: the user's name), or create it with createdb");
  }

  @Test
  void missingRoleSaysWhereTheUserComesFrom() {
    assertOneLineError(CliTester.run("--url", TestDatabase.url("postgres"), "-U", "no_such_role", "detect"), 1,
        "role \"no_such_role\" does not exist (SQLState 28000); check the user given with -U, PGUSER or ?user= in the"
            + " --url (without them: the OS user's name, as in libpq), or create the role with createuser");
  }

  @Test
  void aPasswordOnTheCommandLineIsRefusedNamingPgpasswordAndPgpassWithoutShowingIt() {
    String secret = "Secret-" + System.nanoTime();
    for (String[] args : new String[][] {{"run", "--password", secret}, {"run", "--password=" + secret},
        {"-W", secret, "detect"}, {"detect", "-W" + secret}}) {
      CliTester.Result r = CliTester.run(args);
      assertOneLineError(r, 2, "stress takes no password on the command line (it would show in process lists and shell"
          + " history): set PGPASSWORD or put a line host:port:database:user:password in ~/.pgpass");
      assertFalse(r.all().contains(secret), r.all());
    }
  }

  @Test
  void anUnknownHostIsNamedWithItsPort() {
    CliTester.Result r = CliTester.run("-h", "no-such-host.invalid", "-p", "5499", "-U", "postgres", "-d", "postgres",
        "detect");
    assertOneLineError(r, 1, "the host name no-such-host.invalid (port 5499) could not be resolved: check the host"
        + " given with -h, PGHOST or the --url, or give the server's IP address (SQLState 08001)");
    CliTester.Result url = CliTester.run("--url", "jdbc:postgresql://no-such-host.invalid/postgres", "-U", "postgres",
        "detect");
    assertOneLineError(url, 1, "the host name no-such-host.invalid (port 5432) could not be resolved");
  }

  /** PostgreSQL 15 and later grant CREATE on schema public to the database's owner only. */
  @Test
  void noCreateOnSchemaPublicSaysWhatToGrant(@TempDir Path rejects) throws Exception {
    String db = TestDatabase.newDatabaseUrl("badinput");
    String role = "stress_no_create_" + TestDatabase.databaseName(db).replaceAll("\\W", "_");
    try (java.sql.Connection c = TestDatabase.connect(db); java.sql.Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + role + " LOGIN");
      s.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC"); // already so on 15+, and makes older servers agree
    }
    CliTester.Result r = CliTester.run("--url", db, "-U", role, "init", "--docs", "10");
    assertOneLineError(r, 1, "ERROR: permission denied for schema public");
    String hint = "(SQLState 42501); since PostgreSQL 15 only the database's owner may create tables in schema public:"
        + " have the owner run GRANT CREATE ON SCHEMA public TO <user>, or give --schema NAME of a schema the user may"
        + " create in";
    assertOneLineError(r, 1, hint);
    CliTester.Result imported = CliTester.run("--url", db, "-U", role, "import",
        TestDumps.mongoTools("testdirs/db1/c4.bson").toString(), "--rejects", rejects.resolve("r.jsonl").toString());
    assertOneLineError(imported, 1, hint);
  }

  @Test
  void missingTablePointsToInitAndImport() {
    String db = TestDatabase.newDatabaseUrl("badinput");
    assertOneLineError(CliTester.run("--url", db, "-U", "postgres", "run", "--table", "nothing_here"), 1,
        "table nothing_here does not exist: create and fill it with 'stress init' (generated documents) or"
            + " 'stress import' (a mongodump)");
  }

  @Test
  void unknownSettingIsNamed() {
    String db = TestDatabase.newDatabaseUrl("badinput");
    assertEquals(0, CliTester.run("--url", db, "-U", "postgres", "init", "--docs", "100").exitCode());
    CliTester.Result r = CliTester.run("--url", db, "-U", "postgres", "run", "--set", "no_such_setting=1");
    assertOneLineError(r, 2, "no_such_setting");
  }

  @Test
  void serverLevelSettingIsRefusedWithItsCurrentValue() {
    String db = TestDatabase.newDatabaseUrl("badinput");
    assertEquals(0, CliTester.run("--url", db, "-U", "postgres", "init", "--docs", "100").exitCode());
    CliTester.Result r = CliTester.run("--url", db, "-U", "postgres", "run", "--set", "max_connections=10");
    assertOneLineError(r, 2, "max_connections");
    assertTrue(r.err().contains("300"), "names the current value: " + r.err());
  }

  @Test
  void verboseShowsTheStackTrace() {
    CliTester.Result r = CliTester.run("--url", url(), "-U", "postgres", "run", "--op", "nope", "--verbose");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("\tat "), r.err());
  }

  @Test
  void opsListsEveryOperationWithADescription() {
    CliTester.Result r = CliTester.run("ops");
    assertEquals(0, r.exitCode());
    for (String op : new String[] {"find_first", "find_in", "find", "find_update", "find_insert", "find_delete"}) {
      assertTrue(r.out().lines().anyMatch(l -> l.startsWith(op + " ")), op + " in: " + r.out());
    }
  }
}
