package stress.dump.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import stress.model.Shape;

class DumpPlanTest {

  private static DumpPlan plan(long docs, int collections) {
    return new DumpPlan(docs, Shape.SMALL, 1, "stress", "check_in", collections);
  }

  @Test
  void rangesAreContiguousBalancedAndNamedInKeyOrder() {
    assertEquals(List.of(new DumpPlan.CollectionRange("check_in", 1, 10)), plan(10, 1).ranges());
    assertEquals(List.of(new DumpPlan.CollectionRange("check_in_1", 1, 4), new DumpPlan.CollectionRange("check_in_2", 5, 7),
        new DumpPlan.CollectionRange("check_in_3", 8, 10)), plan(10, 3).ranges());
    List<DumpPlan.CollectionRange> twelve = plan(12, 12).ranges();
    assertEquals("check_in_01", twelve.get(0).name());
    assertEquals("check_in_12", twelve.get(11).name());
    assertEquals(new DumpPlan.CollectionRange("check_in_12", 12, 12), twelve.get(11));
  }

  @Test
  void hugeCountsSplitWithoutOverflow() {
    long docs = Long.MAX_VALUE - 1;
    List<DumpPlan.CollectionRange> ranges = plan(docs, 1000).ranges();
    assertEquals(1, ranges.get(0).firstId());
    assertEquals(docs, ranges.get(999).lastId());
    for (int i = 1; i < ranges.size(); i++) {
      assertEquals(ranges.get(i - 1).lastId() + 1, ranges.get(i).firstId());
    }
  }

  @Test
  void badValuesAreRefusedWithTheRule() {
    assertMessage("--docs must be at least 1, got 0", () -> plan(0, 1));
    assertMessage("--collections must be at least 1, got 0", () -> plan(5, 0));
    assertMessage("--collections 4 exceeds --docs 3: every collection must get at least one document", () -> plan(3, 4));
    assertMessage("--db 'a/b' must be 1 to 63 letters, digits, '_' or '-'",
        () -> new DumpPlan(1, Shape.SMALL, 1, "a/b", "c", 1));
    assertMessage("--collection '../x' must be 1 to 100 letters",
        () -> new DumpPlan(1, Shape.SMALL, 1, "db", "../x", 1));
    assertMessage("--collection 'system.js' must not start with 'system.'",
        () -> new DumpPlan(1, Shape.SMALL, 1, "db", "system.js", 1));
    assertMessage("--docs must be at least 1, got -1; --db '' must be",
        () -> new DumpPlan(-1, Shape.SMALL, 1, "", "c", 1));
  }

  private static void assertMessage(String start, Runnable action) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, action::run);
    assertEquals(start, e.getMessage().substring(0, Math.min(start.length(), e.getMessage().length())), e.getMessage());
  }
}
