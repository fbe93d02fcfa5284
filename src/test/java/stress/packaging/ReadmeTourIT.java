package stress.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.connect.embedded.KeptEmbeddedServer;

/**
 * Every command of the README's five-minute tour, read from the README and run in order with the packaged jar,
 * from the project directory, with no connection in the environment: steps 2 to 6 on the kept embedded server that
 * step 2 starts, step 3 importing the dump the project ships. Output files go to a temporary directory and long
 * figures are shortened (200,000 documents to 20,000, the 60 s and 80-thread runs to 2 s); everything else runs
 * exactly as written.
 */
class ReadmeTourIT {
  private static final long COMMAND_DEADLINE_SECONDS = 600;

  @TempDir
  Path temp;

  @Test
  void everyCommandOfTheTourWorksInOrder() throws Exception {
    List<String> commands = tourCommands(Files.readString(Path.of("README.md")));
    assertTrue(commands.stream().anyMatch(c -> c.contains(" embedded start")), commands.toString());
    assertTrue(commands.stream().anyMatch(c -> c.contains(" explain --workload")), commands.toString());
    Path keptDirectory = temp.resolve("kept");
    KeptEmbeddedServer kept = new KeptEmbeddedServer(keptDirectory);
    try {
      boolean keptStarted = false;
      for (String command : commands) {
        List<String> argv = argv(command);
        String out = run(argv, keptDirectory);
        assertFalse(out.contains("nothing to import"), "no line that reads as a failure: " + command + "\n" + out);
        if (command.contains(" embedded start")) {
          keptStarted = true;
          assertTrue(kept.running().isPresent(), out);
        } else if (keptStarted && !command.contains(" embedded ") && !argv.contains("--url")
            && !argv.contains("-h")) {
          assertTrue(out.contains("using the kept embedded PostgreSQL"), command + "\n" + out);
        }
        if (argv.contains("run") || argv.contains("--op")) {
          assertTrue(out.contains("errors: none"), command + "\n" + out);
        }
      }
      assertTrue(keptStarted, "the tour starts the kept server");
      assertTrue(Files.exists(temp.resolve("results").resolve("report.html")), "step 5 writes report.html");
      assertFalse(kept.running().isPresent(), "the tour ends by stopping the kept server");
      assertTrue(Files.exists(kept.dataDirectory()), "stop keeps the data");
    } finally {
      kept.reset();
    }
  }

  /** The commands of the tour's sh blocks, in order; a line joined by {@code &&} gives its parts after the build. */
  static List<String> tourCommands(String readme) {
    int start = readme.indexOf("## A five-minute tour");
    int end = readme.indexOf("\n## ", start + 1);
    assertTrue(start >= 0 && end > start, "the README has a tour section");
    List<String> commands = new ArrayList<>();
    boolean inShell = false;
    for (String line : readme.substring(start, end).split("\n")) {
      if (line.startsWith("```")) {
        inShell = !inShell && line.trim().equals("```sh");
        continue;
      }
      if (!inShell || line.isBlank()) {
        continue;
      }
      for (String part : line.split("&&")) {
        String command = part.trim();
        if (command.startsWith("mvn ")) {
          continue; // the package phase before this test built the jar
        }
        assertTrue(command.startsWith("java -jar target/stress.jar "), "a tour command: " + command);
        assertFalse(command.contains("'") || command.contains("\"") || command.contains("\\"),
            "this test splits commands on spaces: " + command);
        commands.add(command);
      }
    }
    return commands;
  }

  private List<String> argv(String command) {
    String given = command
        .replace("--docs 200000", "--docs 20000")
        .replace("--duration 60s --warmup 10s", "--duration 2s --warmup 1s")
        .replace("--rejects rejects.jsonl", "--rejects " + temp.resolve("rejects.jsonl"))
        .replace("--out results/", "--out " + temp.resolve("results"));
    assertFalse(given.contains("--url") || given.contains(" -h "), "the tour runs on the kept server: " + given);
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.addAll(Arrays.asList(given.substring("java ".length()).split(" +")));
    if (given.equals("java -jar target/stress.jar --op find_first --threads 80")) {
      argv.addAll(List.of("--duration", "2s", "--warmup", "1s")); // the set-up command, shortened
    }
    return argv;
  }

  private static String run(List<String> argv, Path keptDirectory) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true);
    Map<String, String> env = pb.environment();
    env.keySet().removeIf(k -> k.startsWith("PG"));
    env.put(KeptEmbeddedServer.DIRECTORY_VARIABLE, keptDirectory.toString());
    Process p = pb.start();
    p.getOutputStream().close();
    CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
      try {
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "(output unreadable: " + e + ")";
      }
    });
    if (!p.waitFor(COMMAND_DEADLINE_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("did not end within " + COMMAND_DEADLINE_SECONDS + " s: " + String.join(" ", argv)
          + "\n" + output.getNow("(no output yet)"));
    }
    String out = output.join();
    assertEquals(0, p.exitValue(), String.join(" ", argv) + "\n" + out);
    return out;
  }
}
