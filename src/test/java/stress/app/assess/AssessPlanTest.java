package stress.app.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plan fitted to --budget: the slow steps shrink from the last one back, then are skipped, and said. */
class AssessPlanTest {
  /** A step of a fixed estimate and minimum. */
  private record Fixed(String name, long estimate, long minimum) implements AssessStep {
    @Override
    public String title() {
      return name;
    }

    @Override
    public String skipReason(AssessContext context) {
      return null;
    }

    @Override
    public Duration estimate(AssessContext context) {
      return Duration.ofSeconds(estimate);
    }

    @Override
    public Duration minimum(AssessContext context) {
      return Duration.ofSeconds(minimum);
    }

    @Override
    public Object run(AssessContext context, Duration allowance) {
      return null;
    }

    @Override
    public String reproduce(AssessContext context) {
      return name;
    }
  }

  private static List<AssessPlan.Planned> fit(long budget, Fixed... steps) {
    List<AssessPlan.Planned> planned = new ArrayList<>();
    for (Fixed s : steps) {
      planned.add(new AssessPlan.Planned(s, null, s.estimate(null), s.estimate(null)));
    }
    return AssessPlan.fit(planned, null, Duration.ofSeconds(budget));
  }

  @Test
  void aPlanWithinTheBudgetIsKeptWhole() {
    List<AssessPlan.Planned> p = fit(100, new Fixed("a", 10, 10), new Fixed("b", 50, 5));
    assertEquals(Duration.ofSeconds(50), p.get(1).allowance());
    assertTrue(p.stream().noneMatch(AssessPlan.Planned::shrunk));
  }

  @Test
  void theLastSlowStepShrinksFirstAndOnlyByWhatIsOver() {
    List<AssessPlan.Planned> p = fit(100, new Fixed("a", 10, 10), new Fixed("checks", 60, 20),
        new Fixed("speed", 60, 20));
    assertEquals(Duration.ofSeconds(60), p.get(1).allowance(), "the earlier slow step keeps its estimate");
    assertEquals(Duration.ofSeconds(30), p.get(2).allowance(), "130 s asked of 100: the last gives 30 s");
    assertTrue(p.get(2).shrunk());
  }

  @Test
  void aStepThatCannotShrinkEnoughIsSkippedWithTheReason() {
    List<AssessPlan.Planned> p = fit(40, new Fixed("a", 30, 30), new Fixed("checks", 60, 20),
        new Fixed("speed", 60, 20));
    assertTrue(p.get(0).runs(), "a step that cannot shrink runs whole");
    long skipped = p.stream().filter(s -> !s.runs()).count();
    assertTrue(skipped >= 1, p.toString());
    AssessPlan.Planned last = p.get(2);
    assertTrue(!last.runs() && last.skipped().startsWith("over --budget 40 s"), last.skipped());
    Duration total = p.stream().filter(AssessPlan.Planned::runs).map(AssessPlan.Planned::allowance)
        .reduce(Duration.ZERO, Duration::plus);
    assertTrue(total.compareTo(Duration.ofSeconds(40)) <= 0 || p.stream().filter(AssessPlan.Planned::runs)
        .allMatch(s -> s.step().minimum(null).equals(s.step().estimate(null))), "what runs fits: " + total);
  }

  @Test
  void aStepThatCannotShrinkIsNeverSkipped() {
    List<AssessPlan.Planned> p = fit(5, new Fixed("a", 30, 30));
    assertTrue(p.get(0).runs());
    assertNull(p.get(0).skipped());
  }
}
