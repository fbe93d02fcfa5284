package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.model.UsageException;

class WorkerThreadsTest {

  @Test
  void aPlatformWorkerIsADaemonAndAVirtualOneIsVirtualWhereTheJvmHasThem() throws Exception {
    assertTrue(WorkerThreads.create(false, "w", () -> { }).isDaemon(), "a platform worker never holds the JVM open");
    if (Runtime.version().feature() >= 21) {
      // Thread.isVirtual() is Java 21's; the project compiles for 17
      assertEquals(true, Thread.class.getMethod("isVirtual").invoke(WorkerThreads.create(true, "w", () -> { })));
    } else {
      assertThrows(UsageException.class, () -> WorkerThreads.create(true, "w", () -> { }));
    }
  }
}
