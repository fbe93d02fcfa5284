package stress.metrics;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * CPU time of the JVM's JIT compiler threads, from {@code /proc/self/task}. The management beans do not tell it:
 * compiler threads are not Java threads to {@code ThreadMXBean}, and {@code CompilationMXBean} adds up the elapsed
 * time of compilations, which on busy cores counts every wait for a CPU as compiling. A run whose JIT still
 * compiles while measuring has not warmed up: part of its executions ran on code not yet optimised, and the
 * client's CPU figures include the compiling.
 */
final class JitCpu {
  private static final Path TASKS = Path.of("/proc/self/task");
  /**
   * HotSpot's compiler threads ({@code C1 CompilerThread0}, {@code C2 CompilerThread1}, Graal's
   * {@code JVMCI CompilerThread0}), as {@code comm} shows them: cut to 15 characters.
   */
  private static final Pattern COMPILER = Pattern.compile("(C1|C2|JVMCI) Compiler.*");

  private JitCpu() {}

  /**
   * Clock ticks (user + system) of each compiler thread alive now, by thread id; null where there is no
   * {@code /proc/self/task} (not Linux).
   */
  static Map<String, Long> sample() {
    if (!Files.isDirectory(TASKS)) {
      return null;
    }
    Map<String, Long> ticks = new HashMap<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        try {
          if (COMPILER.matcher(Files.readString(task.resolve("comm")).strip()).matches()) {
            long[] userSystem = ClientMeter.parseStatTicks(Files.readString(task.resolve("stat")));
            ticks.put(task.getFileName().toString(), userSystem[0] + userSystem[1]);
          }
        } catch (IOException | RuntimeException threadEnded) {
          // a thread that ended between the listing and the read has no figures left to count
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return ticks;
  }

  /**
   * The ticks the compiler threads spent between two samples: each thread alive at the end counts from its start
   * figure (0 when it started in between). A compiler thread that ended in between (the JVM stops idle ones) took
   * its ticks with it, so this is at least what the JIT spent.
   */
  static long ticksBetween(Map<String, Long> start, Map<String, Long> end) {
    long sum = 0;
    for (Map.Entry<String, Long> thread : end.entrySet()) {
      sum += Math.max(0, thread.getValue() - start.getOrDefault(thread.getKey(), 0L));
    }
    return sum;
  }
}
