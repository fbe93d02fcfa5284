package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Operations measured although their answers differ between the targets ({@code run --against --measure-different})
 * are marked wherever the comparison shows their figures, and read back from result.json's settings.
 */
class AnswersDifferTest {
  private static RunResult run(Map<String, Object> settings, int rounds) {
    List<PhaseResult> phases = new ArrayList<>();
    for (int r = 1; r <= rounds; r++) {
      for (String target : List.of("postgresql", "mongodb")) {
        Map<String, String> combination = new LinkedHashMap<>();
        combination.put("target", target);
        phases.add(new PhaseResult("target=" + target, combination, Map.of(), Map.of(), Fixtures.twoOperations(
            target.equals("postgresql") ? 2 : 1), List.of(), null, rounds > 1 ? r : null));
      }
    }
    return new RunResult("test", Instant.EPOCH, settings, Map.of(), phases, false);
  }

  @Test
  void aMarkedOperationIsSaidAboveTheComparisonAndMarkedInItsRows() {
    String op = Fixtures.twoOperations(1).operations().get(0).name();
    Map<String, Object> settings = Map.of(AnswersDiffer.KEY, Map.of(op, op + ": different at draw 1 of 5: ..."));
    String rounds = RoundComparisonText.of(run(settings, 3));
    assertTrue(rounds.startsWith("\nanswers differ: " + op + " (measured with --measure-different: their figures, and"
        + " the totals of a mix that holds them, compare different answers)\ncomparison ("), rounds);
    assertTrue(rounds.lines().anyMatch(l -> l.contains(op + " (answers differ)")), rounds);
    String one = RoundComparisonText.of(run(settings, 1));
    assertTrue(one.startsWith("\nanswers differ: " + op + " (measured"), one);
  }

  @Test
  void nothingIsMarkedWithoutTheSetting() {
    String rounds = RoundComparisonText.of(run(Map.of(), 3));
    assertFalse(rounds.contains("answers differ"), rounds);
    assertEquals(Set.of(), AnswersDiffer.of(run(Map.of(), 1)));
  }

  @Test
  void theMarkedOperationsAreReadBackFromAResultFile() throws Exception {
    RunResult written = run(Map.of(AnswersDiffer.KEY, Map.of("b", "b: different", "a", "a: different")), 1);
    RunResult read = JsonReport.fromJson(JsonReport.toJson(written));
    assertEquals(Set.of("a", "b"), AnswersDiffer.of(read));
    assertEquals("a (answers differ)", AnswersDiffer.shown("a", AnswersDiffer.of(read)));
    assertEquals("c", AnswersDiffer.shown("c", AnswersDiffer.of(read)));
  }
}
