package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * A run started as users start it, {@code java -jar} without JVM options, runs in a child JVM
 * ({@link Relauncher}). Its exit code after a signal is the one the signal means, whichever of the two processes
 * the signal reached: a terminal's Ctrl-C reaches both, {@code kill -INT PID} only the launching one.
 */
class RelaunchSignalTest {
  private static String url;

  @BeforeAll
  static void database() {
    url = TestDatabase.newDatabaseUrl("relaunch_signal");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "1000").exitCode());
  }

  @Test
  void sigintToTheLaunchingProcessAloneExits130(@TempDir Path dir) throws Exception {
    assumeFalse(ChildJvm.sigintIgnored(), ChildJvm.SIGINT_IGNORED);
    Stopped stopped = stop(dir, "INT", false);
    assertEquals(130, stopped.exitCode(), "kill -INT of the java -jar process: 128 + 2\n" + stopped.out());
  }

  @Test
  void ctrlCReachingBothProcessesExits130(@TempDir Path dir) throws Exception {
    assumeFalse(ChildJvm.sigintIgnored(), ChildJvm.SIGINT_IGNORED);
    Stopped stopped = stop(dir, "INT", true);
    assertEquals(130, stopped.exitCode(), "Ctrl-C: 128 + 2\n" + stopped.out());
  }

  @Test
  void sigtermToTheLaunchingProcessExits143(@TempDir Path dir) throws Exception {
    Stopped stopped = stop(dir, "TERM", false);
    assertEquals(143, stopped.exitCode(), "SIGTERM: 128 + 15\n" + stopped.out());
  }

  @Test
  void theExitCodeIsTheLaunchersSignalOnlyWhenTheChildStoppedOnThePassedOnSigterm() {
    assertEquals(130, FirstSignal.exitCode(143, Optional.of(2)));
    assertEquals(143, FirstSignal.exitCode(143, Optional.of(15)));
    assertEquals(130, FirstSignal.exitCode(130, Optional.of(15)), "the child got its own Ctrl-C first");
    assertEquals(0, FirstSignal.exitCode(0, Optional.of(2)), "the run had ended already");
    assertEquals(1, FirstSignal.exitCode(1, Optional.of(2)));
    assertEquals(143, FirstSignal.exitCode(143, Optional.empty()), "the child alone was stopped");
  }

  /** What the launching process printed until it ended, and its exit code. */
  private record Stopped(int exitCode, String out) {}

  /**
   * Starts a run from a jar, waits for its third interval line, sends {@code signal} to the launching process (and
   * to its child when {@code toChildToo}) and reads everything until the launching process ends.
   */
  private static Stopped stop(Path dir, String signal, boolean toChildToo) throws Exception {
    Path jar = pathingJar(dir);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder builder = new ProcessBuilder(List.of(java, "-jar", jar.toString(), "--url", url, "-U", "postgres",
        "run", "--threads", "2", "--duration", "60s", "--warmup", "0", "--report-interval", "200ms"))
        .redirectErrorStream(true);
    // no option of the user's, so the jar starts the run again in a child JVM
    JvmDefaults.OPTION_VARIABLES.forEach(builder.environment()::remove);
    builder.environment().remove(JvmDefaults.SWITCH);
    Process p = builder.start();
    StringBuilder output = new StringBuilder();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      int intervals = 0;
      while ((line = r.readLine()) != null) {
        output.append(line).append('\n');
        if (line.startsWith("[ ") && ++intervals == 3) {
          List<ProcessHandle> children = p.children().collect(Collectors.toList());
          assertEquals(1, children.size(), "the run goes on in a child JVM\n" + output);
          assertTrue(children.get(0).info().commandLine().orElse("").contains(JvmDefaults.options(
              Runtime.version().feature()).get(0)), "the child has the load generator's options");
          kill(signal, p.pid());
          if (toChildToo) {
            kill(signal, children.get(0).pid());
          }
        }
      }
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the process ended");
    } finally {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
    assertTrue(output.toString().contains("interrupted: the figures above cover what ran until the stop"),
        output.toString());
    assertFalse(p.isAlive());
    return new Stopped(p.exitValue(), output.toString());
  }

  private static void kill(String signal, long pid) throws IOException, InterruptedException {
    assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor());
  }

  /** A jar holding only a manifest: {@link Main} as its main class, this test's class path as its class path. */
  private static Path pathingJar(Path dir) throws IOException {
    Manifest manifest = new Manifest();
    Attributes attributes = manifest.getMainAttributes();
    attributes.put(Attributes.Name.MANIFEST_VERSION, "1.0");
    attributes.put(Attributes.Name.MAIN_CLASS, Main.class.getName());
    List<String> entries = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      Path path = Path.of(entry).toAbsolutePath();
      entries.add(path.toUri().toString()); // a directory's URI ends with a slash, as the class path needs
    }
    attributes.put(Attributes.Name.CLASS_PATH, String.join(" ", entries));
    Path jar = dir.resolve("stress-run.jar");
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
      // the manifest is all
    }
    return jar;
  }
}
