package stress.metrics.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import stress.metrics.PacerLag;

/** The pacer's starts of several workers together: behind schedule, or woken late for a slot. */
class PacerLagRecorderTest {
  @Test
  void startsBehindScheduleAreCountedApartFromHowLateWaitingWorkersWoke() {
    PacerLagRecorder a = new PacerLagRecorder();
    PacerLagRecorder b = new PacerLagRecorder();
    for (int i = 0; i < 99; i++) {
      a.started(50_000, true); // woke 0.05 ms late
    }
    a.started(8_000_000, true); // once 8 ms late
    for (int i = 0; i < 100; i++) {
      b.started(30_000_000, false); // behind: how late does not say how the worker woke
    }
    PacerLag lag = PacerLagRecorder.merge(List.of(a, b));
    assertEquals(200, lag.starts());
    assertEquals(0.5, lag.behindShare());
    assertEquals(0.05, lag.wokeLateP99Ms(), 0.001);
    assertEquals(8.0, lag.wokeLateMaxMs(), 0.05); // within the histogram's two significant digits
    assertTrue(lag.text().startsWith("pacer: 50% of starts behind schedule, woke p99 0.05 ms late (max 8."),
        lag.text());
  }

  @Test
  void workersThatStartedNothingPacedGiveNoFigures() {
    assertNull(PacerLagRecorder.merge(List.of(new PacerLagRecorder(), new PacerLagRecorder())));
  }
}
