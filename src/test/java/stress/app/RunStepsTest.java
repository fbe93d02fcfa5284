package stress.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.model.StatementMode;
import stress.runner.PhaseSpec;

/** The step a run is in, as its runner tells it, names a failure there. */
class RunStepsTest {
  private static final String RUN_URL = "jdbc:postgresql://127.0.0.1:5432/db";
  /** A phase through another road (a pooler, --via): its failure names that road, not the set-up's. */
  private static final String PHASE_URL = "jdbc:postgresql://127.0.0.1:6432/db";

  private static PhaseSpec phase() {
    Map<String, String> combination = new java.util.LinkedHashMap<>();
    combination.put("mode", "plain");
    combination.put("pool", "none");
    combination.put("threads", "2");
    return new PhaseSpec(combination, StatementMode.PLAIN, "none",
        new PoolSettings(2, 0), 2, new ConnectionSpec(PHASE_URL, "app", "secret", Map.of(), java.util.List.of()),
        Map.of());
  }

  /** What RunJob does with a failure, without a run of several instances: named, then thrown. */
  private static String named(RunSteps steps) {
    try {
      steps.named(null, () -> {
        throw new SQLException("boom", "08003");
      });
      throw new AssertionError("the failure was not thrown");
    } catch (SQLException e) {
      assertEquals("08003", e.getSQLState());
      return e.getMessage();
    } catch (Exception e) {
      throw new AssertionError("not an SQLException", e);
    }
  }

  @Test
  void eachStageOfARunNamesItsFailures() {
    RunSteps steps = new RunSteps(RUN_URL, null, 0, 0);
    assertEquals("set-up (on postgresql " + RUN_URL + "): boom", named(steps));
    PhaseSpec phase = phase();
    steps.phaseStarted(phase, 1, 4);
    assertEquals("phase 2/4 (mode=plain pool=none threads=2, starting, on postgresql " + PHASE_URL + "): boom",
        named(steps));
    steps.warmupStarted(phase);
    assertEquals("phase 2/4 (mode=plain pool=none threads=2, warm-up, on postgresql " + PHASE_URL + "): boom",
        named(steps));
    steps.measuringStarted(phase);
    assertEquals("phase 2/4 (mode=plain pool=none threads=2, measuring, on postgresql " + PHASE_URL + "): boom",
        named(steps));
    steps.phaseFinished(phase, null);
    assertEquals("phase 2/4 (mode=plain pool=none threads=2, ending, on postgresql " + PHASE_URL + "): boom",
        named(steps));
    steps.phasesEnded();
    assertEquals("results (on postgresql " + RUN_URL + "): boom", named(steps));
  }

  @Test
  void aPhaseIsNumberedWithinTheWholePlan() {
    RunSteps steps = new RunSteps(RUN_URL, null, 6, 12); // a later target's round of run --against
    steps.phaseStarted(phase(), 0, 1);
    assertEquals("phase 7/12 (mode=plain pool=none threads=2, starting, on postgresql " + PHASE_URL + "): boom",
        named(steps));
  }
}
