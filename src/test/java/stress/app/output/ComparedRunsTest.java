package stress.app.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.report.Fixtures;
import stress.report.PhaseResult;
import stress.report.RoundComparisonText;
import stress.report.RunResult;

/**
 * A MongoDB target's rows carry its threads alone: PostgreSQL's statement mode and pool never reached it, so a table
 * of its phases (the one under its own run) must not read {@code plain  c3p0  2}; PostgreSQL's rows keep them.
 */
class ComparedRunsTest {
  private static List<PhaseResult> phases() {
    return List.of(phase(2), phase(4));
  }

  private static PhaseResult phase(int threads) {
    Map<String, String> combination = new LinkedHashMap<>();
    combination.put("mode", "plain");
    combination.put("pool", "c3p0");
    combination.put("threads", String.valueOf(threads));
    return new PhaseResult("mode=plain pool=c3p0 threads=" + threads, combination, Map.of(), Map.of(),
        Fixtures.oneOperation(100 * threads, 1000), List.of());
  }

  private static String table(List<PhaseResult> phases) {
    return RoundComparisonText.of(new RunResult("test", Instant.EPOCH, Map.of(), Map.of(), phases, false, List.of(),
        List.of(), List.of(), List.of()));
  }

  @Test
  void aMongoDbTargetsRowsCarryItsThreadsAlone() {
    List<PhaseResult> mongodb = ComparedRuns.asRunOn(phases(), true);
    assertEquals(List.of("threads=2", "threads=4"), mongodb.stream().map(PhaseResult::label).toList());
    assertEquals(Map.of("threads", "4"), mongodb.get(1).combination());
    String text = table(mongodb);
    assertFalse(text.contains("plain") || text.contains("c3p0"), text);
    assertTrue(text.lines().anyMatch(l -> l.matches(" +threads +ops/s .*")), text);
  }

  @Test
  void postgresqlsRowsKeepItsModeAndPool() {
    String text = table(ComparedRuns.asRunOn(phases(), false));
    assertTrue(text.lines().anyMatch(l -> l.matches(" +plain +c3p0 +2 .*")), text);
  }
}
