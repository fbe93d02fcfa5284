package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.model.UsageException;

class WorkerThreadsTest {
  private static final int JAVA = Runtime.version().feature();

  @Test
  void theDefaultIsVirtualFromJava24OnWithTwoProcessorsOrMore() {
    assertFalse(WorkerThreads.virtualByDefault(17, 8));
    assertFalse(WorkerThreads.virtualByDefault(23, 8), "21 to 23: a wait inside synchronized holds the carrier");
    assertTrue(WorkerThreads.virtualByDefault(24, 2));
    assertTrue(WorkerThreads.virtualByDefault(25, 64));
    assertFalse(WorkerThreads.virtualByDefault(25, 1), "one processor: platform threads cost less");
    assertEquals(JAVA >= 24 && Runtime.getRuntime().availableProcessors() >= 2, WorkerThreads.virtual(null),
        "Java " + JAVA + ", this JVM's default");
    assertFalse(WorkerThreads.virtual(false), "no is platform threads on every Java");
  }

  @Test
  void yesIsVirtualWhereTheJvmHasThemAndRefusedWithTheRuleWhereNot() throws Exception {
    if (JAVA >= 21) {
      assertTrue(WorkerThreads.virtual(true));
      // Thread.isVirtual() is Java 21's; the project compiles for 17
      assertEquals(true, Thread.class.getMethod("isVirtual").invoke(WorkerThreads.create(true, "w", () -> { })));
    } else {
      UsageException e = assertThrows(UsageException.class, () -> WorkerThreads.virtual(true));
      assertEquals("--virtual-threads needs Java 21 or newer; this is Java " + JAVA, e.getMessage());
    }
    assertTrue(WorkerThreads.create(false, "w", () -> { }).isDaemon(), "a platform worker never holds the JVM open");
  }
}
