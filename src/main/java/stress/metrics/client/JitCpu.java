package stress.metrics.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
   * {@code JVMCI CompilerThread0}), as the kernel names them: cut to 15 characters.
   */
  private static final Pattern COMPILER = Pattern.compile("(C1|C2|JVMCI) Compiler.*");
  /**
   * Ids of live threads already seen not to be compiler threads, so that a sample reads only the compiler threads'
   * files and those of threads started since: a phase's workers are many, and reading each one's file at the start
   * of measuring took milliseconds (with 100 threads, 2-4 ms once compiled, 10-30 ms before).
   */
  private static final Set<String> OTHERS = ConcurrentHashMap.newKeySet();

  private JitCpu() {}

  /**
   * Clock ticks (user + system) of each compiler thread alive now, by thread id; null where there is no
   * {@code /proc/self/task} (not Linux).
   */
  static Map<String, Long> sample() {
    // File.list: one call for all names, where a DirectoryStream makes a Path per thread (a phase has many)
    String[] ids = TASKS.toFile().list();
    if (ids == null) {
      return null;
    }
    Map<String, Long> ticks = new HashMap<>();
    for (String id : ids) {
      if (OTHERS.contains(id)) {
        continue;
      }
      try {
        String stat = Files.readString(TASKS.resolve(id).resolve("stat"));
        if (COMPILER.matcher(threadName(stat)).matches()) {
          long[] userSystem = ClientMeter.parseStatTicks(stat);
          ticks.put(id, userSystem[0] + userSystem[1]);
        } else {
          OTHERS.add(id);
        }
      } catch (IOException | RuntimeException threadEnded) {
        // a thread that ended between the listing and the read has no figures left to count
      }
    }
    // an ended thread's id may be given to a new thread (a HashSet, as Set.of would throw on a repeated name)
    OTHERS.retainAll(new HashSet<>(Arrays.asList(ids)));
    return ticks;
  }

  /** The thread's name in a {@code /proc/PID/task/TID/stat} line: between the first '(' and the last ')'. */
  static String threadName(String stat) {
    return stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
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
