package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

class OpsBudgetTest {
  @AutoClose
  private final WorkerThreadsForTests workers = new WorkerThreadsForTests();
  private final Stop stop = workers.stop;

  @Test
  void anUnlimitedBudgetLetsEveryExecutionStart() {
    OpsBudget budget = new OpsBudget();
    for (int i = 0; i < 1000; i++) {
      assertTrue(budget.take(stop));
    }
  }

  @Test
  void aLimitLetsExactlyThatManyStart() {
    OpsBudget budget = new OpsBudget();
    budget.limitTo(3);
    assertTrue(budget.take(stop));
    assertTrue(budget.take(stop));
    assertTrue(budget.take(stop));
    assertFalse(budget.take(stop));
    assertFalse(budget.take(stop));
  }

  @Test
  void aHeldBudgetKeepsWorkersWaitingUntilTheLimitIsSet() throws Exception {
    OpsBudget budget = new OpsBudget();
    budget.hold();
    Future<Boolean> first = workers.submit(() -> budget.take(stop));
    Future<Boolean> second = workers.submit(() -> budget.take(stop));
    waitForWaiting(budget, 2);
    assertThrowsTimeout(first);
    budget.limitTo(1);
    boolean a = first.get(10, TimeUnit.SECONDS);
    boolean b = second.get(10, TimeUnit.SECONDS);
    assertTrue(a ^ b, "exactly one of the two held workers gets the one execution: " + a + ", " + b);
    assertEquals(0, budget.waiting());
  }

  @Test
  void theStopReleasesAHeldWorkerWithoutAnExecution() throws Exception {
    OpsBudget budget = new OpsBudget();
    budget.hold();
    Future<Boolean> held = workers.submit(() -> budget.take(stop));
    waitForWaiting(budget, 1);
    stop.request();
    assertFalse(held.get(10, TimeUnit.SECONDS));
  }

  @Test
  void anEventLoopWorkerIsQueuedNotParkedAndResumedWhenTheLimitIsSet() {
    OpsBudget budget = new OpsBudget();
    assertEquals(OpsBudget.Take.GO, budget.takeOrQueue(() -> { }), "unlimited");
    budget.hold();
    int[] resumed = new int[1];
    assertEquals(OpsBudget.Take.HELD, budget.takeOrQueue(() -> resumed[0]++));
    assertEquals(OpsBudget.Take.HELD, budget.takeOrQueue(() -> resumed[0]++));
    assertEquals(2, budget.waiting(), "queued workers count as waiting, as parked ones do");
    assertEquals(0, resumed[0]);
    budget.limitTo(1);
    assertEquals(2, resumed[0], "releasing the hold runs every queued resume");
    assertEquals(0, budget.waiting());
    assertEquals(OpsBudget.Take.GO, budget.takeOrQueue(() -> { }));
    assertEquals(OpsBudget.Take.SPENT, budget.takeOrQueue(() -> { }));
  }

  @Test
  void atTheStopQueuedEventLoopWorkersAreResumedWhileTheBudgetStaysHeld() {
    OpsBudget budget = new OpsBudget();
    budget.hold();
    int[] resumed = new int[1];
    assertEquals(OpsBudget.Take.HELD, budget.takeOrQueue(() -> resumed[0]++));
    budget.resumeHeld();
    assertEquals(1, resumed[0]);
    assertEquals(0, budget.waiting());
    assertEquals(OpsBudget.Take.HELD, budget.takeOrQueue(() -> resumed[0]++), "still held: the worker sees the stop");
  }

  private static void waitForWaiting(OpsBudget budget, int workers) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (budget.waiting() < workers) {
      assertTrue(System.nanoTime() - deadline < 0, "workers waiting: " + budget.waiting() + " of " + workers);
      Thread.sleep(1);
    }
  }

  private static void assertThrowsTimeout(Future<Boolean> future) throws Exception {
    WorkerThreadsForTests.assertStillWaiting(future, 50, "a held worker started an execution before the limit was set");
  }
}
