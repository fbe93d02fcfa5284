package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.metrics.OperationStats;
import stress.report.JsonReport;
import stress.report.RunResult;
import stress.report.StrictCsv;
import stress.testing.TestDatabase;

/** A real process stopped by a signal in the middle of a run prints what it measured and exits non-zero. */
class SignalTest {

  @Test
  void sigtermMidRunPrintsThePartialSummaryAndExitsNonZero(@TempDir Path dir) throws Exception {
    Path results = dir.resolve("results");
    String url = TestDatabase.newDatabaseUrl("signal");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "1000").exitCode());
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "--url", url, "-U", "postgres", "run", "--threads", "2", "--duration", "60s", "--warmup", "0",
        "--report-interval", "200ms", "--out", results.toString())).redirectErrorStream(true).start();
    StringBuilder output = new StringBuilder();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      int intervals = 0;
      while ((line = r.readLine()) != null) {
        output.append(line).append('\n');
        if (line.startsWith("[ ") && ++intervals == 3) {
          p.toHandle().destroy(); // SIGTERM, handled like Ctrl-C; keeps our end of the pipe open
        }
      }
    }
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the process ended");
    String out = output.toString();
    assertEquals(143, p.exitValue(), "killed by SIGTERM: 128 + 15\n" + out);
    assertTrue(out.contains("interrupted: the figures above cover what ran until the stop"), out);
    assertTrue(out.lines().anyMatch(l -> l.startsWith("find_first ")), "the summary row is printed:\n" + out);

    // the partial result is written completely and says it was interrupted
    RunResult result = JsonReport.read(results.resolve("result.json"));
    assertTrue(result.interrupted(), out);
    OperationStats measured = result.phases().get(0).stats().operation("find_first");
    assertTrue(measured.count() > 0, out);
    List<List<String>> summary = StrictCsv.parse(Files.readString(results.resolve("summary.csv")));
    assertEquals(Long.toString(measured.count()), summary.get(1).get(summary.get(0).indexOf("count")));
    assertTrue(StrictCsv.parse(Files.readString(results.resolve("intervals.csv"))).size() > 1);
    assertTrue(Files.exists(results.resolve("errors.csv")));
    long logged = 0;
    HistogramLogReader reader = new HistogramLogReader(results.resolve("1-find_first.hlog").toFile());
    for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
      logged += ((Histogram) h).getTotalCount();
    }
    reader.close();
    assertEquals(measured.count(), logged, "the interval log holds every measured execution");
  }
}
