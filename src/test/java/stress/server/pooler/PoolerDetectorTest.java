package stress.server.pooler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;

/** The console's URL made from the run's, the console's login properties, and what the pooler's line says. */
class PoolerDetectorTest {

  @Test
  void theConsoleIsTheSameHostAndParametersWithDatabasePgbouncer() {
    PoolerDetector.ConsoleUrl url = PoolerDetector.ConsoleUrl.of("jdbc:postgresql://10.0.0.5:6432/My%20Db?sslmode=require");
    assertEquals("jdbc:postgresql://10.0.0.5:6432/pgbouncer?sslmode=require", url.console());
    assertEquals("My Db", url.database("alice"));
  }

  @Test
  void aUrlWithoutDatabaseNamesTheUsersPool() {
    assertEquals("alice", PoolerDetector.ConsoleUrl.of("jdbc:postgresql://h:6432?ssl=true").database("alice"));
    assertEquals("jdbc:postgresql://h:6432/pgbouncer?ssl=true",
        PoolerDetector.ConsoleUrl.of("jdbc:postgresql://h:6432?ssl=true").console());
    assertEquals("jdbc:postgresql://h:6432/pgbouncer?x=a/b",
        PoolerDetector.ConsoleUrl.of("jdbc:postgresql://h:6432?x=a/b").console());
  }

  @Test
  void theConsoleLoginSendsNoStartupOptions() {
    ConnectionSpec spec = new ConnectionSpec("jdbc:postgresql://h:6432/db", "alice", "secret",
        Map.of("options", "-c jit=off", "currentSchema", "s", "sslmode", "require"), List.of());
    ConnectionSpec console = PoolerDetector.consoleSpec(spec, PoolerDetector.ConsoleUrl.of(spec.url()));
    assertEquals("jdbc:postgresql://h:6432/pgbouncer", console.url());
    assertFalse(console.driverProperties().containsKey("options"));
    assertFalse(console.driverProperties().containsKey("currentSchema"));
    assertEquals("require", console.driverProperties().get("sslmode"));
    assertEquals("alice", console.user());
    assertEquals("secret", console.password());
  }

  @Test
  void preparedStatementsAreKeptInSessionPoolingOrWithMaxPreparedStatements() {
    assertTrue(new PoolerInfo("PgBouncer", "1.18.0", "session", 5, 100, null, null, true).keepsPreparedStatements());
    assertFalse(new PoolerInfo("PgBouncer", "1.18.0", "transaction", 5, 100, null, null, true).keepsPreparedStatements());
    assertFalse(new PoolerInfo("PgBouncer", "1.25.2", "transaction", 5, 100, 0, null, true).keepsPreparedStatements());
    assertTrue(new PoolerInfo("PgBouncer", "1.25.2", "transaction", 5, 100, 200, null, true).keepsPreparedStatements());
    assertFalse(PoolerInfo.unreadable("PgBouncer", "its console refused alice").keepsPreparedStatements());
  }

  @Test
  void theLineNamesEveryFigureOrWhyItIsMissing() {
    assertEquals("PgBouncer 1.18.0, pool_mode transaction, pool size 20 for this database and user, max_client_conn"
        + " 100, max_prepared_statements not there (before 1.21: no prepared statements kept per server connection)",
        new PoolerInfo("PgBouncer", "1.18.0", "transaction", 20, 100, null, null, true).describe());
    assertEquals("PgBouncer 1.18.0, pool_mode session, pool size 5 for this database and user, max_client_conn and"
        + " max_prepared_statements unknown (SHOW CONFIG is for admin_users only)",
        new PoolerInfo("PgBouncer", "1.18.0", "session", 5, null, null, null, false).describe());
    assertEquals("PgBouncer (its console refused alice: add alice to stats_users)",
        PoolerInfo.unreadable("PgBouncer", "its console refused alice: add alice to stats_users").describe());
  }
}
