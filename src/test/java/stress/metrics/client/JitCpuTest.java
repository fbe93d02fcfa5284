package stress.metrics.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JitCpuTest {
  @Test
  void findsThisJvmsCompilerThreadsWhichHaveCompiledSomething() {
    assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs /proc/self/task (Linux)");
    assumeTrue(ManagementFactory.getCompilationMXBean() != null
        && ManagementFactory.getCompilationMXBean().getTotalCompilationTime() > 0, "needs a JVM whose JIT has run");
    Map<String, Long> ticks = JitCpu.sample();
    assertNotNull(ticks);
    assertFalse(ticks.isEmpty(), "HotSpot's C1/C2 compiler threads");
    assertTrue(ticks.values().stream().mapToLong(Long::longValue).sum() > 0, "they compiled this JVM's code: " + ticks);
    assertEquals(0, JitCpu.ticksBetween(ticks, ticks));
    assertEquals(ticks.keySet(), JitCpu.sample().keySet(), "a second sample, which skips the threads known not to be"
        + " the JIT's, finds the same compiler threads");
  }

  @Test
  void readsTheThreadsNameEvenWithParenthesesInIt() {
    assertEquals("C2 CompilerThre", JitCpu.threadName("4711 (C2 CompilerThre) S 1 4242 4242 0 -1 4194624 0 0 0 0 3 1"));
    assertEquals("a (b) c", JitCpu.threadName("4712 (a (b) c) S 1 4242 4242 0 -1 4194624 0 0 0 0 3 1"));
  }

  @Test
  void countsThreadsThatStartedInBetweenInFullAndNeverBelowZero() {
    Map<String, Long> start = Map.of("101", 50L, "102", 7L, "103", 9L);
    // 101 spent 25 more; 102 ended (its ticks are gone); 104 started in between; 103 reads lower (a reused id)
    Map<String, Long> end = Map.of("101", 75L, "103", 2L, "104", 30L);
    assertEquals(55, JitCpu.ticksBetween(start, end));
  }
}
