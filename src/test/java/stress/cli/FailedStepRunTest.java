package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * A run that fails says in which step and on which server, in its one line. The failure comes from the run itself, no
 * timing involved: phase 1's operation takes the run's role its LOGIN (through a SECURITY DEFINER function), so phase
 * 2 cannot open its connections and the run ends there.
 */
class FailedStepRunTest {
  @TempDir
  Path dir;

  @Test
  void aPhaseThatCannotOpenItsConnectionsIsNamedWithItsNumberStageAndServer() throws Exception {
    String url = TestDatabase.newDatabaseUrl("failedstep");
    String role = TestDatabase.databaseName(url) + "_runner";
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "200");
    assertEquals(0, init.exitCode(), init.all());
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + role + " LOGIN PASSWORD 'never-printed-pw'");
      s.execute("GRANT SELECT ON check_in, check_in_copy TO " + role);
      s.execute("CREATE FUNCTION lock_out() RETURNS int LANGUAGE plpgsql SECURITY DEFINER AS $$ BEGIN"
          + " EXECUTE format('ALTER ROLE %I NOLOGIN', session_user); RETURN 1; END $$");
      s.execute("GRANT EXECUTE ON FUNCTION lock_out() TO " + role);
    }
    Path workload = dir.resolve("lock-out.yaml");
    Files.writeString(workload, """
        operations:
          lock_out:
            sql: SELECT lock_out()
        """);

    CliTester.Result r = CliTester.run("--url", url + "?password=never-printed-pw", "-U", role, "run", "--workload",
        workload.toString(), "--op", "lock_out", "--mode", "prepared,plain", "--threads", "2", "--ops", "20",
        "--warmup", "0");

    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.out().contains("phase 2/2: mode=plain"), "phase 1 ran and phase 2 began\n" + r.out());
    String error = r.err().strip();
    assertEquals(1, error.lines().count(), "one line: " + error);
    String expected = "stress: phase 2/2 (mode=plain pool=none threads=2, starting, on postgresql " + url + "): could"
        + " not open 2 connections for phase 'mode=plain pool=none threads=2': FATAL: role \"" + role + "\" is not"
        + " permitted to log in (SQLState 28000)";
    assertEquals(expected, error);
    assertFalse(r.all().contains("never-printed-pw"), r.all());
  }
}
