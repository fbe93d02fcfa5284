package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoundScheduleTest {

  @Test
  void twoCombinationsAlternate() {
    assertEquals(List.of(List.of(0, 1), List.of(1, 0), List.of(0, 1), List.of(1, 0)), RoundSchedule.orders(2, 4, 42));
  }

  @Test
  void moreCombinationsAreShuffledFromTheSeedNeverStartingTwiceWithTheSame() {
    List<List<Integer>> orders = RoundSchedule.orders(4, 12, 42);
    assertEquals(List.of(0, 1, 2, 3), orders.get(0), "round 1 keeps the given order");
    Set<Integer> firsts = new HashSet<>();
    Set<List<Integer>> neighbours = new HashSet<>();
    for (int r = 0; r < orders.size(); r++) {
      assertEquals(Set.of(0, 1, 2, 3), new HashSet<>(orders.get(r)), "each round runs every combination once");
      if (r > 0) {
        assertNotEquals(orders.get(r - 1).get(0), orders.get(r).get(0));
      }
      firsts.add(orders.get(r).get(0));
      neighbours.add(orders.get(r).subList(0, 2));
    }
    assertEquals(4, firsts.size(), "every combination runs first in some round");
    assertTrue(neighbours.size() > 3, "the combinations do not always follow the same one: " + neighbours);
    assertEquals(orders, RoundSchedule.orders(4, 12, 42), "the seed gives the same schedule again");
  }

  @Test
  void interleavingNumbersTheRounds() {
    List<String> all = RoundSchedule.interleave(List.of("a", "b"), 3, 1, (c, r) -> c + r);
    assertEquals(List.of("a1", "b1", "b2", "a2", "a3", "b3"), all);
    assertEquals(List.of("a", "b"), RoundSchedule.interleave(List.of("a", "b"), 1, 1, (c, r) -> c + r),
        "one round leaves the phases as they are");
  }
}
