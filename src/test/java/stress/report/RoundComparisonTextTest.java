package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.metrics.ClientUsage;

/** What the comparison of rounds says about the host beside the figures. */
class RoundComparisonTextTest {
  /** A client that spent {@code jitSeconds} of its 5 CPU seconds compiling. */
  private static ClientUsage client(double jitSeconds) {
    return new ClientUsage(10, 2, 5.0, 4.0, 1.0, 1000, 5000, 0.25, 0, 0, 0, jitSeconds, null, null, 0, 0, null, null,
        null);
  }

  private static RunResult run(double firstPhaseJit) {
    List<PhaseResult> phases = new ArrayList<>();
    String[][] schedule = {{"a", "b"}, {"b", "a"}};
    for (int r = 0; r < 2; r++) {
      for (String c : schedule[r]) {
        Map<String, String> combination = new LinkedHashMap<>();
        combination.put("mode", c);
        phases.add(new PhaseResult("mode=" + c, combination, Map.of(), Map.of(), Fixtures.oneOperation(1000, 100),
            List.of(), client(phases.isEmpty() ? firstPhaseJit : 0.01), r + 1));
      }
    }
    return new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), phases, false);
  }

  @Test
  void aRowWhoseRoundsSpreadIsNotCalledSteadyBesideASteadyBaseline() {
    // a held still over both rounds; b ran 3,318 ops/s in one round and 10,715 in the other
    int[][] counts = {{50_000, 33_180}, {50_000, 107_150}};
    List<PhaseResult> phases = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      for (int c = 0; c < 2; c++) {
        String mode = c == 0 ? "a" : "b";
        phases.add(new PhaseResult("mode=" + mode, Map.of("mode", mode), Map.of(), Map.of(),
            Fixtures.oneOperation(counts[r][c], 100), List.of(), null, r + 1));
      }
    }
    String text = RoundComparisonText.of(new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), phases, false));
    assertTrue(!text.contains("steady machine"), text);
    assertTrue(text.contains("unsteady rounds: mode=b's ops/s spread over 105% of its median between rounds"
        + " (3,318-10,715), the baseline's over 0%; only differences beyond x1.15 are called"), text);
  }

  @Test
  void aRoundWhoseClientWasStillCompilingIsNamed() {
    RunResult compiling = run(1.5);
    assertTrue(client(1.5).stillCompiling() && !client(0.01).stillCompiling(), "30% and 0.2% of the CPU compiling");
    assertEquals("client still compiling (its JIT over 10% of its CPU) in round 1 (phase 1): those figures include"
        + " compiling; a longer --warmup leaves that out", RoundComparisonText.compilingLine(compiling.phases()));
    String text = RoundComparisonText.of(compiling);
    int legend = text.indexOf("  verdict: ");
    int compilingAt = text.indexOf("  client still compiling");
    int steadiness = text.indexOf("steady machine");
    assertTrue(legend < compilingAt && compilingAt < steadiness, "after the legend, before the machine: " + text);
    assertNull(RoundComparisonText.compilingLine(run(0.01).phases()));
  }
}
