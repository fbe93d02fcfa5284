package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import stress.testing.TestPlan;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.config.Durations;
import stress.connect.ConnectionSources;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.PoolSettings;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;
import stress.model.StatementMode;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;
import stress.model.OperationMix;

/**
 * A long run with many threads must not leak: the process's resident memory (VmRSS) and the server sessions it
 * holds reach a plateau. Not part of the normal build: {@code mvn -o -Psoak verify} runs it for 10 minutes,
 * {@code -Dsoak.duration=1m} shortens it. The figures are sampled at every report interval; the last third of
 * the samples must not rise above the first third plus a margin.
 */
class RunnerSoak {
  private static final DocumentTable TABLE = new DocumentTable(null, "soak_docs", IdType.INTEGER);
  private static final int THREADS = Integer.getInteger("soak.threads", 200);
  private static final int ROWS = 10_000;
  /** Memory may still grow a little late in a run (JIT, heap sizing); a leak grows without bound. */
  private static final double RSS_MARGIN = 0.10;
  private static final long RSS_MARGIN_MIN_KB = 64 * 1024;

  private record Sample(double seconds, long rssKb, int sessions) {}

  @Test
  void memoryAndSessionsReachAPlateau() throws Exception {
    Duration duration = Durations.parse("soak.duration", System.getProperty("soak.duration", "10m"));
    String url = TestDatabase.newDatabaseUrl("soak");
    String database = TestDatabase.databaseName(url);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
      }
      s.execute("INSERT INTO soak_docs SELECT i, jsonb_build_object('i', i, 'pad', repeat('x', 200))"
          + " FROM generate_series(1, " + ROWS + ") i");
    }
    ConnectionSpec spec = new ConnectionSpec(url, "postgres", null,
        Map.of("ApplicationName", DriverSettings.APPLICATION_NAME), List.of());
    PhaseSpec phase = new PhaseSpec(Map.of("threads", Integer.toString(THREADS)), StatementMode.PREPARED, "none",
        new PoolSettings(THREADS, 0), THREADS, spec, Map.of());
    OperationMix mix = OperationMix.parse("find_first=70,find_update=20,find_in=10");
    Duration interval = Duration.ofMillis(Math.max(1000, duration.toMillis() / 60));
    RunPlan plan = TestPlan.of(List.of(phase), mix, TABLE).keys(ROWS).duration(duration).interval(interval).build();

    List<Sample> samples = new ArrayList<>();
    try (Connection monitor = TestDatabase.connect(url)) {
      RunListener sampler = new RunListener() {
        @Override
        public void interval(PhaseSpec p, IntervalStats stats) {
          samples.add(new Sample(stats.elapsedSeconds(), rssKb(), sessions(monitor, database)));
        }
      };
      Runner.Result result = new Runner(plan, p -> ConnectionSources.open(p.poolKind(), p.connection(), p.pool()),
          sampler).run();
      PhaseStats stats = result.phases().get(0).stats();
      assertEquals(0, stats.total().errorCount(), stats.total().errors().toString());
      assertTrue(stats.total().count() > 0);
    }

    assertTrue(samples.size() >= 6, "too few samples: " + samples);
    int third = samples.size() / 3;
    List<Sample> first = samples.subList(0, third);
    List<Sample> last = samples.subList(samples.size() - third, samples.size());
    long firstRss = first.stream().mapToLong(Sample::rssKb).max().orElseThrow();
    long lastRss = last.stream().mapToLong(Sample::rssKb).max().orElseThrow();
    long rssLimit = firstRss + Math.max(RSS_MARGIN_MIN_KB, Math.round(firstRss * RSS_MARGIN));
    int firstSessions = first.stream().mapToInt(Sample::sessions).max().orElseThrow();
    int lastSessions = last.stream().mapToInt(Sample::sessions).max().orElseThrow();
    System.out.println("soak: " + THREADS + " threads for " + Durations.format(duration) + "; VmRSS max first third "
        + firstRss / 1024 + " MB, last third " + lastRss / 1024 + " MB (limit " + rssLimit / 1024 + " MB); sessions "
        + firstSessions + " -> " + lastSessions + "; samples " + samples);
    assertEquals(THREADS, firstSessions, "every thread holds one session");
    assertTrue(lastSessions <= firstSessions, "sessions grew from " + firstSessions + " to " + lastSessions);
    assertTrue(lastRss <= rssLimit, "VmRSS grew from " + firstRss + " kB to " + lastRss + " kB, above " + rssLimit);
  }

  /** This JVM's resident set in kB, from /proc/self/status. */
  private static long rssKb() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("\\D+", ""));
        }
      }
      throw new IllegalStateException("no VmRSS in /proc/self/status");
    } catch (IOException e) {
      throw new IllegalStateException("cannot read /proc/self/status (the soak test needs Linux)", e);
    }
  }

  /** The run's sessions on the server. */
  private static int sessions(Connection monitor, String database) {
    try (Statement s = monitor.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name = '"
             + DriverSettings.APPLICATION_NAME + "' AND datname = '" + database + "'")) {
      rs.next();
      return rs.getInt(1);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot count sessions: " + e.getMessage(), e);
    }
  }
}
