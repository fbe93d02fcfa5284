package stress.cluster;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * Where cluster tests find their cluster: {@code STRESS_CITUS_URL} / {@code STRESS_XL_URL} (a JDBC URL with
 * user=... in it, or PGUSER), or for Citus a Testcontainers citusdata/citus container when Docker runs.
 * When neither is there the test is skipped, and the reason is printed so nobody mistakes a skip for a pass.
 */
final class ClusterUrls {
  private static GenericContainer<?> citus;

  private ClusterUrls() {}

  /** A JDBC URL of a Citus coordinator, or the test is skipped with the reason. */
  static synchronized String citus() {
    String url = System.getenv("STRESS_CITUS_URL");
    if (url != null && !url.isBlank()) {
      return url;
    }
    if (citus == null) {
      boolean docker;
      try {
        docker = DockerClientFactory.instance().isDockerAvailable();
      } catch (RuntimeException e) {
        docker = false;
      }
      skipWith(docker, "Citus tests SKIPPED: no Docker engine for Testcontainers and STRESS_CITUS_URL is not set");
      citus = new GenericContainer<>(DockerImageName.parse("citusdata/citus:13.0"))
          .withEnv("POSTGRES_HOST_AUTH_METHOD", "trust")
          .withExposedPorts(5432)
          .waitingFor(Wait.forLogMessage(".*database system is ready to accept connections.*", 2));
      citus.start();
    }
    return "jdbc:postgresql://" + citus.getHost() + ":" + citus.getMappedPort(5432) + "/postgres?user=postgres";
  }

  /**
   * A JDBC URL of a PgBouncer in front of the Citus coordinator {@link #citus()} names ({@code STRESS_CITUS_POOLER_URL},
   * its console readable by the URL's user), or the test is skipped with the reason.
   */
  static String citusPooler() {
    String url = System.getenv("STRESS_CITUS_POOLER_URL");
    skipWith(url != null && !url.isBlank(), "Citus-through-a-pooler tests SKIPPED: STRESS_CITUS_POOLER_URL is not set");
    return url;
  }

  /** A JDBC URL of a Postgres-XL coordinator, or the test is skipped with the reason. */
  static String postgresXl() {
    String url = System.getenv("STRESS_XL_URL");
    skipWith(url != null && !url.isBlank(), "Postgres-XL tests SKIPPED: STRESS_XL_URL is not set");
    return url;
  }

  /** Drops a document table and its copy table: the clusters are shared by the cluster tests, which leave none behind. */
  /** Runs the command line on the cluster at {@code url}, checks its exit code, and gives what it printed. */
  static String cli(String url, int expected, String... args) {
    java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of("--url", url));
    all.addAll(java.util.List.of(args));
    stress.cli.CliTester.Result r = stress.cli.CliTester.run(all.toArray(String[]::new));
    org.junit.jupiter.api.Assertions.assertEquals(expected, r.exitCode(), r.all());
    return r.all();
  }

  static void dropDocumentTables(String url, String table) throws SQLException {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      // quoted: an imported table keeps its collection's case
      s.execute("DROP TABLE IF EXISTS \"" + table + "\", \"" + table + "_copy\"");
    }
  }

  private static void skipWith(boolean available, String reason) {
    if (!available) {
      System.out.println(reason);
    }
    assumeTrue(available, reason);
  }
}
