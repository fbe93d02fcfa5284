package stress.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.HttpURLConnection;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.model.StatementMode;
import stress.runner.PhaseProbe;
import stress.runner.PhaseSpec;
import stress.runner.WorkerProbe;

/** The registry, the probe's meters and the HTTP endpoint, without a database. */
class LiveMetricsTest {
  private static final String COUNT = "stress_operations_seconds_count";

  private static PhaseSpec phase(String url) {
    Map<String, String> combination = new LinkedHashMap<>();
    combination.put("mode", "plain");
    combination.put("pool", "none");
    combination.put("threads", "2");
    return new PhaseSpec(combination, StatementMode.PLAIN, "none", new PoolSettings(2, 0), 2,
        new ConnectionSpec(url, "postgres", null, Map.of(), List.of()), Map.of());
  }

  @Test
  void recordsByOperationOutcomeSqlStateAndStage() throws Exception {
    try (LiveMetrics live = LiveMetrics.start(0)) {
      PhaseProbe phase = live.probe().phase(phase("jdbc:postgresql://db1:6432,db2/bench"), List.of("find", "insert"));
      WorkerProbe w = phase.worker(0);
      w.started();
      w.success(0, 1_000_000, false);
      w.failure(1, 2_000_000, "40001", false);
      w.reconnect(false);
      w.success(0, 1_000_000, true);
      w.success(0, 3_000_000, true);
      w.failure(1, 1_000_000, null, true);
      w.failure(1, 1_000_000, "40001", true);
      String page = PrometheusText.get(live.url());

      Map<String, String> tags = Map.of("phase", "mode=plain pool=none threads=2", "mode", "plain", "pool", "none",
          "host", "db1:6432,db2:5432");
      assertEquals(1.0, count(page, tags, "find", "success", "", "warmup"), page);
      assertEquals(2.0, count(page, tags, "find", "success", "", "measure"), page);
      assertEquals(0.004, PrometheusText.sum(page, "stress_operations_seconds_sum",
          Map.of("op", "find", "stage", "measure")), 1e-9);
      assertEquals(1.0, count(page, tags, "insert", "error", "40001", "warmup"));
      assertEquals(1.0, count(page, tags, "insert", "error", "40001", "measure"));
      assertEquals(1.0, count(page, tags, "insert", "error", "unknown", "measure"), "no SQLState from the driver");
      assertEquals(0.0, count(page, tags, "insert", "success", "", "measure"));
      assertEquals(1.0, PrometheusText.sum(page, "stress_reconnects_total", Map.of("stage", "warmup")));
      assertEquals(0.0, PrometheusText.sum(page, "stress_reconnects_total", Map.of("stage", "measure")));
      assertEquals(1.0, PrometheusText.sum(page, "stress_threads_active", tags));
      assertTrue(PrometheusText.has(page, "stress_operations_seconds_bucket"), "histogram buckets for quantiles");
      w.stopped();
      phase.finished();
      assertEquals(0.0, PrometheusText.sum(live.scrape(), "stress_threads_active", tags));
    }
  }

  @Test
  void workersOfASpreadPhaseRecordUnderTheirOwnHost() throws Exception {
    try (LiveMetrics live = LiveMetrics.start(0)) {
      PhaseProbe phase = live.probe().phase(phase("jdbc:postgresql://unused:1/bench"), List.of("find"));
      WorkerProbe c1 = phase.worker(0, "c1:5432");
      WorkerProbe c2 = phase.worker(1, "c2:5432");
      WorkerProbe c1Again = phase.worker(2, "c1:5432");
      c1.started();
      c1.success(0, 1_000_000, true);
      c1Again.success(0, 1_000_000, true);
      c2.success(0, 1_000_000, true);
      c2.failure(0, 1_000_000, "57P01", true);
      c2.reconnect(true);
      String page = live.scrape();

      assertEquals(2.0, PrometheusText.sum(page, COUNT, Map.of("host", "c1:5432", "outcome", "success")), page);
      assertEquals(1.0, PrometheusText.sum(page, COUNT, Map.of("host", "c2:5432", "outcome", "success")), page);
      assertEquals(1.0, PrometheusText.sum(page, COUNT, Map.of("host", "c2:5432", "sqlstate", "57P01")), page);
      assertEquals(0.0, PrometheusText.sum(page, COUNT, Map.of("host", "c1:5432", "outcome", "error")), page);
      assertEquals(1.0, PrometheusText.sum(page, "stress_reconnects_total", Map.of("host", "c2:5432")));
      assertEquals(0.0, PrometheusText.sum(page, "stress_reconnects_total", Map.of("host", "c1:5432")));
      assertEquals(1.0, PrometheusText.sum(page, "stress_threads_active", Map.of("host", "c1:5432")));
      assertEquals(0.0, PrometheusText.sum(page, "stress_threads_active", Map.of("host", "c2:5432")));
      assertTrue(!page.contains("host=\"unused:1\""), "no meters under the phase's own connection: " + page);
      assertThrows(IllegalArgumentException.class, () -> phase.worker(3, " "));
    }
  }

  private static double count(String page, Map<String, String> tags, String op, String outcome, String sqlState,
                              String stage) {
    Map<String, String> labels = new LinkedHashMap<>(tags);
    labels.put("op", op);
    labels.put("outcome", outcome);
    labels.put("sqlstate", sqlState);
    labels.put("stage", stage);
    return PrometheusText.sum(page, COUNT, labels);
  }

  @Test
  void servesOnlyGetAndHeadOfMetrics() throws Exception {
    try (LiveMetrics live = LiveMetrics.start(0)) {
      URI url = live.url();
      assertEquals(200, status(url, "HEAD"));
      assertEquals(405, status(url, "POST"));
      assertEquals(404, status(url.resolve("/other"), "GET"));
    }
  }

  private static int status(URI url, String method) throws Exception {
    HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
    c.setRequestMethod(method);
    try {
      return c.getResponseCode();
    } finally {
      c.disconnect();
    }
  }

  @Test
  void aPortInUseOrOutOfRangeIsRefusedNamingIt() {
    try (LiveMetrics first = LiveMetrics.start(0)) {
      int port = first.url().getPort();
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LiveMetrics.start(port));
      assertTrue(e.getMessage().startsWith("--metrics-port " + port + ": cannot listen there"), e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LiveMetrics.start(65536));
    assertEquals("--metrics-port must be 0 (any free port) or 1 to 65535, got 65536", e.getMessage());
  }

  @Test
  void closingStopsServing() {
    LiveMetrics live = LiveMetrics.start(0);
    URI url = live.url();
    live.close();
    assertThrows(java.io.IOException.class, () -> PrometheusText.get(url));
  }
}
