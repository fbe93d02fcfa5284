package stress.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WorkerThreadChoiceTest {
  private static final int JAVA = Runtime.version().feature();

  @Test
  void byDefaultPhasesOfMoreThanFourThreadsPerProcessorAreVirtualFromJava24On() {
    assertEquals(WorkerThreadPolicy.PLATFORM, WorkerThreadChoice.defaultPolicy(17, 8));
    assertEquals(WorkerThreadPolicy.PLATFORM, WorkerThreadChoice.defaultPolicy(23, 8),
        "21 to 23: a wait inside synchronized holds the carrier");
    assertEquals(WorkerThreadPolicy.PLATFORM, WorkerThreadChoice.defaultPolicy(25, 1),
        "one processor: platform threads cost less");
    WorkerThreadPolicy twoCores = WorkerThreadChoice.defaultPolicy(24, 2);
    assertFalse(twoCores.virtual(8), "4 threads per processor: platform threads cost less");
    assertTrue(twoCores.virtual(9));
    assertTrue(twoCores.virtual(80));
    assertEquals("virtual in phases of 9 threads or more, platform below", twoCores.describe());
    assertFalse(WorkerThreadChoice.defaultPolicy(25, 64).virtual(256));
    assertTrue(WorkerThreadChoice.defaultPolicy(25, 64).virtual(257));
    assertEquals(JAVA >= 24 && Runtime.getRuntime().availableProcessors() >= 2,
        WorkerThreadChoice.policy(null).virtual(Integer.MAX_VALUE - 1), "Java " + JAVA + ", this JVM's default");
    assertEquals(WorkerThreadPolicy.PLATFORM, WorkerThreadChoice.policy(false), "no is platform threads on every Java");
    assertEquals("platform", WorkerThreadPolicy.PLATFORM.describe());
  }

  @Test
  void yesIsVirtualWhereTheJvmHasThemAndRefusedWithTheRuleWhereNot() {
    if (JAVA >= 21) {
      assertEquals(WorkerThreadPolicy.VIRTUAL, WorkerThreadChoice.policy(true));
      assertEquals("virtual", WorkerThreadChoice.policy(true).describe());
    } else {
      UsageException e = assertThrows(UsageException.class, () -> WorkerThreadChoice.policy(true));
      assertEquals("--virtual-threads needs Java 21 or newer; this is Java " + JAVA, e.getMessage());
    }
  }
}
