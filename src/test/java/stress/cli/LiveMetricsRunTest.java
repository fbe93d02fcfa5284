package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import stress.app.Commands;
import stress.connect.ConnectionOptions;
import stress.live.PrometheusText;
import stress.testing.TestDatabase;

/**
 * Real runs with {@code --metrics-port 0} on the embedded PostgreSQL, through the CLI's own parsing and
 * {@link Commands#run}: the endpoint is scraped over HTTP while the run lasts and once more just before it closes,
 * and its counters are held against the run's own summary.
 */
class LiveMetricsRunTest {
  private static final Pattern LIVE_URL = Pattern.compile("live metrics: (http://\\S+)");
  private static final String COUNT = "stress_operations_seconds_count";

  @TempDir
  static Path dir;
  private static String url;

  @BeforeAll
  static void data() {
    url = TestDatabase.newDatabaseUrl("live");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "2000");
    assertEquals(0, r.exitCode(), r.all());
  }

  @Test
  void successCountersEqualTheSummaryAndHikariMetersAreServed() throws Exception {
    Path json = dir.resolve("hikari.json");
    LiveRun run = LiveRun.start("--op", "find_first=70,find_update=30", "--threads", "3", "--pool", "hikari",
        "--warmup", "0", "--duration", "5s", "--report-interval", "1s", "--metrics-port", "0",
        "--json", json.toString());
    URI endpoint = run.awaitUrl();
    // every worker is in its loop once all three have started: the gauge must get there while the run lasts
    String during = run.scrapeUntil(endpoint, page -> measured(page, "find_first", "success") > 0
        && PrometheusText.has(page, "hikaricp_connections_active")
        && PrometheusText.sum(page, "stress_threads_active", Map.of("pool", "hikari")) == 3.0);
    assertEquals(3.0, PrometheusText.sum(during, "hikaricp_connections_max", Map.of("pool", "stress")), during);

    assertEquals(0, run.exitCode(), run.output());
    String last = run.lastScrape();
    assertNotNull(last, "the hook scraped before the endpoint closed");
    for (String op : List.of("find_first", "find_update")) {
      long summary = summaryCount(json, op);
      assertTrue(summary > 0, op);
      assertEquals(summary, (long) measured(last, op, "success"), op + ": the measured counter is the summary's count");
      assertEquals(0.0, PrometheusText.sum(last, COUNT, Map.of("op", op, "stage", "warmup")), "no warm-up asked for");
    }
    assertEquals(0.0, PrometheusText.sum(last, COUNT, Map.of("outcome", "error")));
    String phase = "mode=prepared pool=hikari threads=3";
    String host = "localhost:" + TestDatabase.server().getPort();
    assertEquals(summaryCount(json, "find_first"), (long) PrometheusText.sum(last, COUNT,
        Map.of("op", "find_first", "phase", phase, "mode", "prepared", "pool", "hikari", "host", host,
            "outcome", "success", "sqlstate", "")), "tagged with the phase, its settings and the server");
    assertEquals(0.0, PrometheusText.sum(last, "stress_threads_active", Map.of()), "every worker has stopped");
    // the client's own cost: in the summary, in the JSON and in the live metrics, the same per-operation figure
    assertTrue(run.output().contains("client: CPU "), run.output());
    JsonNode client = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("client");
    assertNotNull(client, "the phase's client figures are in the JSON");
    assertTrue(client.get("cpuSeconds").asDouble() > 0, client.toString());
    assertEquals(Runtime.getRuntime().availableProcessors(), client.get("cores").asInt());
    assertEquals(summaryCount(json, "find_first") + summaryCount(json, "find_update"),
        client.get("operations").asLong(), "every execution, nothing failed");
    assertEquals(client.get("cpuMicrosPerOperation").asDouble() / 1e6, PrometheusText.sum(last,
        "stress_client_phase_cpu_per_operation_seconds", Map.of("phase", phase)), 1e-12);
    assertTrue(PrometheusText.sum(last, "stress_client_cpu_seconds_total", Map.of()) >= client.get("cpuSeconds")
        .asDouble(), "the process total covers the phase");
    if (client.has("host")) { // Linux: the host's CPUs, shared with the embedded server
      assertTrue(client.get("host").get("serverOnThisHost").asBoolean(), client.toString());
      assertEquals(client.get("host").get("cpuShare").asDouble(), PrometheusText.sum(last,
          "stress_client_phase_host_cpu_share", Map.of("phase", phase, "server_on_this_host", "true")), 1e-12);
    }
    if (client.has("jitSeconds")) { // Linux: the JIT compiler threads' CPU
      assertEquals(client.get("jitSeconds").asDouble() / client.get("cpuSeconds").asDouble(), PrometheusText.sum(last,
          "stress_client_phase_jit_share", Map.of("phase", phase)), 1e-9);
    }
    assertTrue(run.output().contains("live metrics: " + endpoint), run.output());
    assertThrows(IOException.class, () -> PrometheusText.get(endpoint), "closed once the summary is printed");
  }

  @Test
  void warmupIsTaggedApartAndC3p0FiguresAreServed() throws Exception {
    Path json = dir.resolve("c3p0.json");
    int threads = 2;
    long ops = 4_000;
    // --ops, not --duration: at the end of the warm-up the run lets every execution in flight finish before it
    // starts measuring, so each execution is on one side of the line for the recorder and the endpoint alike, and
    // the measured count is exactly --ops however slow the machine is
    LiveRun run = LiveRun.start("--op", "find_first", "--threads", Integer.toString(threads), "--pool", "c3p0",
        "--warmup", "1s", "--ops", Long.toString(ops), "--report-interval", "1s", "--metrics-port", "0",
        "--json", json.toString());
    URI endpoint = run.awaitUrl();
    // the warm-up lasts at least a second whatever the load, and the pool's gauges are there from its start
    String during = run.scrapeUntil(endpoint, page -> PrometheusText.has(page, "c3p0_connections_busy")
        && PrometheusText.sum(page, COUNT, Map.of("op", "find_first")) > 0);
    assertEquals(threads, PrometheusText.sum(during, "c3p0_connections", Map.of("pool", "stress")), during);

    assertEquals(0, run.exitCode(), run.output());
    String last = run.lastScrape();
    double warmup = PrometheusText.sum(last, COUNT, Map.of("op", "find_first", "stage", "warmup"));
    assertTrue(warmup > 0, "warm-up executions are counted apart:\n" + last);
    assertEquals(ops, summaryCount(json, "find_first"), run.output());
    assertEquals(ops, (long) measured(last, "find_first", "success"), "the endpoint's measured count is the summary's");
    assertTrue(!PrometheusText.has(last, "c3p0_connections_busy"), "the pool's gauges go with the pool");
  }

  private static double measured(String page, String op, String outcome) {
    return PrometheusText.sum(page, COUNT, Map.of("op", op, "outcome", outcome, "stage", "measure"));
  }

  private static long summaryCount(Path json, String op) throws IOException {
    JsonNode phases = new ObjectMapper().readTree(Files.readString(json)).get("phases");
    assertEquals(1, phases.size());
    for (JsonNode o : phases.get(0).get("stats").get("operations")) {
      if (o.get("name").asText().equals(op)) {
        return o.get("count").asLong();
      }
    }
    throw new AssertionError("no operation " + op + " in " + json);
  }

  /**
   * A run in a background thread, printing into a buffer, scraped once more by the close hook. The phases last
   * a few seconds so that the polling sees them even on a busy machine.
   */
  private static final class LiveRun {
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private final AtomicReference<String> lastScrape = new AtomicReference<>();
    private CompletableFuture<Commands.Outcome> outcome;

    static LiveRun start(String... runOptions) {
      RunArgs args = new RunArgs();
      new CommandLine(args).parseArgs(runOptions);
      LiveRun run = new LiveRun();
      PrintStream out = new PrintStream(run.buffer, true, StandardCharsets.UTF_8);
      ConnectionOptions connection = new ConnectionOptions(url, null, null, "postgres", null, Map.of());
      run.outcome = CompletableFuture.supplyAsync(() -> {
        try {
          return Commands.run(args.toConfig(), connection, out, endpoint -> run.scrapeLast(endpoint));
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      return run;
    }

    private void scrapeLast(URI endpoint) {
      try {
        lastScrape.set(PrometheusText.get(endpoint));
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException("last scrape of " + endpoint + " failed", e);
      }
    }

    String output() {
      return buffer.toString(StandardCharsets.UTF_8);
    }

    URI awaitUrl() throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (System.nanoTime() < deadline && !outcome.isDone()) {
        Matcher m = LIVE_URL.matcher(output());
        if (m.find()) {
          return URI.create(m.group(1));
        }
        Thread.sleep(20);
      }
      throw new AssertionError("no live metrics URL printed:\n" + output());
    }

    /** Scrapes over HTTP while the run lasts until a page passes the test. */
    String scrapeUntil(URI endpoint, Predicate<String> ready) throws IOException, InterruptedException {
      List<String> pages = new ArrayList<>();
      while (!outcome.isDone()) {
        String page;
        try {
          page = PrometheusText.get(endpoint);
        } catch (IOException e) {
          if (outcome.isDone()) {
            break; // the run closed the endpoint between the check and the request
          }
          throw e;
        }
        if (ready.test(page)) {
          return page;
        }
        pages.add(page);
        Thread.sleep(50);
      }
      throw new AssertionError("the run ended before the page was ready; last page:\n"
          + (pages.isEmpty() ? "(none)" : pages.get(pages.size() - 1)) + "\noutput:\n" + output());
    }

    int exitCode() throws Exception {
      return outcome.get(2, TimeUnit.MINUTES).exitCode().code();
    }

    String lastScrape() {
      return lastScrape.get();
    }
  }
}
