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

  /**
   * The jar carries the PostgreSQL binaries of the platform it was built on (where its README command runs), not four
   * x86_64 platforms, and no source maps.
   */
  @Test
  void theJarCarriesTheBuildHostsPostgreSqlOnlyAndNoSourceMaps() throws IOException {
    List<String> binaries = new java.util.ArrayList<>();
    List<String> maps = new java.util.ArrayList<>();
    try (java.util.jar.JarFile jar = new java.util.jar.JarFile(Path.of("target", "stress.jar").toFile())) {
      jar.stream().map(java.util.jar.JarEntry::getName).forEach(name -> {
        if (name.matches("postgres-.*\\.txz")) {
          binaries.add(name);
        } else if (name.endsWith(".map")) {
          maps.add(name);
        }
      });
    }
    String os = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT);
    String arch = System.getProperty("os.arch");
    String platform = (os.contains("mac") ? "darwin" : os.contains("win") ? "windows" : "linux") + "-"
        + (arch.equals("aarch64") || arch.equals("arm64") ? "arm_64" : "x86_64");
    if (System.getProperty("embedded.platform") == null && !Boolean.getBoolean("all.platforms")) {
      assertEquals(List.of("postgres-" + platform + ".txz"), binaries, "the build host's binaries, and only those");
    }
    assertEquals(List.of(), maps, "no source maps");
  }
}
