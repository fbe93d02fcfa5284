package stress.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The README's main command, shortened: the packaged jar starts the embedded PostgreSQL (no connection is
 * given), fills it, runs find_first, prints intervals and a summary, stops the server and exits 0.
 */
class ShadedJarIT {

  @Test
  void theJarRunsTheDefaultJobOnTheEmbeddedServer() throws IOException, InterruptedException {
    Path jar = Path.of("target", "stress.jar");
    assertTrue(Files.exists(jar), "package builds target/stress.jar");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(List.of(java, "-jar", jar.toString(), "--op", "find_first", "--threads",
        "4", "--duration", "2s", "--warmup", "1s")).redirectErrorStream(true);
    // nothing from the environment may point it at another server
    pb.environment().remove("PGHOST");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("connection: none given (--url, -h/--host or PGHOST), so starting an embedded PostgreSQL"),
        out);
    assertTrue(out.lines().anyMatch(l -> l.matches("\\[ \\d+s \\] thds: 4 ops/s: .*")), out);
    assertTrue(out.lines().anyMatch(l -> l.startsWith("find_first ")), out);
    assertTrue(out.contains("errors: none"), out);
  }
}
