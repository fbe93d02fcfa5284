package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.model.UsageException;
import stress.model.WorkerThreadPolicy;

class WorkerThreadsTest {
  private static final int JAVA = Runtime.version().feature();

  @Test
  void byDefaultPhasesOfMoreThanFourThreadsPerProcessorAreVirtualFromJava24On() {
    assertEquals(WorkerThreadPolicy.PLATFORM, WorkerThreads.defaultPolicy(17, 8));
    assertEquals(WorkerThreadPolicy.PLATFORM, WorkerThreads.defaultPolicy(23, 8),
        "21 to 23: a wait inside synchronized holds the carrier");
    assertEquals(WorkerThreadPolicy.PLATFORM, WorkerThreads.defaultPolicy(25, 1),
        "one processor: platform threads cost less");
    WorkerThreadPolicy twoCores = WorkerThreads.defaultPolicy(24, 2);
    assertFalse(twoCores.virtual(8), "4 threads per processor: platform threads cost less");
    assertTrue(twoCores.virtual(9));
    assertTrue(twoCores.virtual(80));
    assertEquals("virtual in phases of 9 threads or more, platform below", twoCores.describe());
    assertFalse(WorkerThreads.defaultPolicy(25, 64).virtual(256));
    assertTrue(WorkerThreads.defaultPolicy(25, 64).virtual(257));
    assertEquals(JAVA >= 24 && Runtime.getRuntime().availableProcessors() >= 2,
        WorkerThreads.policy(null).virtual(Integer.MAX_VALUE - 1), "Java " + JAVA + ", this JVM's default");
    assertEquals(WorkerThreadPolicy.PLATFORM, WorkerThreads.policy(false), "no is platform threads on every Java");
    assertEquals("platform", WorkerThreadPolicy.PLATFORM.describe());
  }

  @Test
  void yesIsVirtualWhereTheJvmHasThemAndRefusedWithTheRuleWhereNot() throws Exception {
    if (JAVA >= 21) {
      assertEquals(WorkerThreadPolicy.VIRTUAL, WorkerThreads.policy(true));
      assertEquals("virtual", WorkerThreads.policy(true).describe());
      // Thread.isVirtual() is Java 21's; the project compiles for 17
      assertEquals(true, Thread.class.getMethod("isVirtual").invoke(WorkerThreads.create(true, "w", () -> { })));
    } else {
      UsageException e = assertThrows(UsageException.class, () -> WorkerThreads.policy(true));
      assertEquals("--virtual-threads needs Java 21 or newer; this is Java " + JAVA, e.getMessage());
    }
    assertTrue(WorkerThreads.create(false, "w", () -> { }).isDaemon(), "a platform worker never holds the JVM open");
  }
}
