package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/** A real process stopped by a signal in the middle of a run prints what it measured and exits non-zero. */
class SignalTest {

  @Test
  void sigtermMidRunPrintsThePartialSummaryAndExitsNonZero() throws Exception {
    String url = TestDatabase.newDatabaseUrl("signal");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "1000").exitCode());
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "--url", url, "-U", "postgres", "run", "--threads", "2", "--duration", "60s", "--warmup", "0",
        "--report-interval", "200ms")).redirectErrorStream(true).start();
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
  }
}
