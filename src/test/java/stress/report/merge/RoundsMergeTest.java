package stress.report.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.report.Fixtures;
import stress.report.PhaseResult;
import stress.report.RoundComparison;
import stress.report.RunResult;

/** {@code stress merge} of a fleet run of rounds keeps each phase's round, so the merged result is compared too. */
class RoundsMergeTest {
  private static RunResult instance(int scale) {
    List<PhaseResult> phases = new ArrayList<>();
    String[][] schedule = {{"prepared", "plain"}, {"plain", "prepared"}, {"prepared", "plain"}};
    for (int r = 0; r < schedule.length; r++) {
      for (String mode : schedule[r]) {
        Map<String, String> combination = new LinkedHashMap<>();
        combination.put("mode", mode);
        int count = (mode.equals("prepared") ? 3000 : 1000) * scale;
        phases.add(new PhaseResult("mode=" + mode, combination, Map.of(), Map.of(),
            Fixtures.oneOperation(count, 100)).inRound(r + 1));
      }
    }
    return new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), phases, false);
  }

  @Test
  void mergedInstancesKeepTheirRounds() {
    RunResult merged = ResultMerger.merge(List.of("a.json", "b.json"), List.of(instance(1), instance(2)));
    assertEquals(List.of(1, 1, 2, 2, 3, 3), merged.phases().stream().map(PhaseResult::round).toList());
    assertEquals("mode=plain round=2", merged.phases().get(2).label());
    RoundComparison.Result rounds = merged.roundComparison();
    assertNotNull(rounds);
    RoundComparison.Figure ops = rounds.rows().get(1).figures().get(0);
    assertEquals(1.0 / 3, ops.vsBaseline().median(), 1e-3);
    assertEquals("slower", ops.vsBaseline().verdict());
  }
}
