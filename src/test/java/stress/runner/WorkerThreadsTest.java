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
  void theDefaultIsVirtualFromJava24OnAndPlatformBefore() {
    assertEquals(JAVA >= 24, WorkerThreads.virtual(null), "Java " + JAVA);
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
