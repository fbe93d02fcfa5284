package stress.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

class ReporterTurnTest {
  private static final long ON_TIME = 0;
  private static final long LATE = ReporterTurn.LATE_NANOS + 1;
  private static final long QUICK = TimeUnit.MILLISECONDS.toNanos(1);

  @AutoClose
  private final WorkerThreadsForTests workers = new WorkerThreadsForTests();
  private final Stop stop = workers.stop;

  @Test
  void turnsAreForWorkersThatOutnumberTheProcessorsAndAreNotPaced() {
    assertTrue(ReporterTurn.allowed(80, 2, false));
    assertFalse(ReporterTurn.allowed(2, 2, false));
    assertFalse(ReporterTurn.allowed(80, 2, true));
  }

  @Test
  void theReporterTakesATurnAtAPhasesFirstIntervalThenOnlyWhenLateOrSlow() {
    ReporterTurn turn = new ReporterTurn(true);
    assertTrue(turn.begin(ON_TIME), "first interval: the code is cold");
    turn.end(QUICK);
    assertFalse(turn.begin(ON_TIME), "on time and quick: nobody waits");
    turn.end(LATE);
    assertTrue(turn.begin(ON_TIME), "the last interval was slow");
    turn.end(QUICK);
    assertTrue(turn.begin(LATE), "woke late");
    turn.end(QUICK);
    assertFalse(turn.begin(ON_TIME));
    turn.end(QUICK);
  }

  @Test
  void withoutTurnsNobodyEverWaits() {
    ReporterTurn turn = new ReporterTurn(false);
    assertFalse(turn.begin(LATE));
    turn.awaitTurn(stop); // returns at once
    turn.end(LATE);
    assertFalse(turn.begin(LATE));
    turn.end(QUICK);
  }

  @Test
  void workersWaitDuringATurnAndGoOnWhenItEnds() throws Exception {
    ReporterTurn turn = new ReporterTurn(true);
    assertTrue(turn.begin(LATE));
    Future<?> first = workers.submit(() -> turn.awaitTurn(stop));
    Future<?> second = workers.submit(() -> turn.awaitTurn(stop));
    assertStillWaiting(first);
    assertStillWaiting(second);
    turn.end(QUICK);
    first.get(10, TimeUnit.SECONDS);
    second.get(10, TimeUnit.SECONDS);
  }

  @Test
  void theStopEndsAWorkersWait() throws Exception {
    ReporterTurn turn = new ReporterTurn(true);
    assertTrue(turn.begin(LATE));
    Future<?> waiting = workers.submit(() -> turn.awaitTurn(stop));
    assertStillWaiting(waiting);
    stop.request();
    waiting.get(10, TimeUnit.SECONDS); // a parked worker looks at the stop every 50 ms
  }

  private static void assertStillWaiting(Future<?> future) throws Exception {
    WorkerThreadsForTests.assertStillWaiting(future, 100, "a worker went on during the reporter's turn");
  }
}
