package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapacityEntryTest {

  @Test
  void aSingleSearchIsTheEntryItselfUnderTheEmptyName() {
    Map<String, Object> capacity = Map.of("objectives", List.of("p99<=5ms"), "steps", List.of());
    CapacityEntry entry = CapacityEntry.of(result(capacity));
    assertFalse(entry.compared());
    assertEquals(List.of(""), new ArrayList<>(entry.searches().keySet()));
    assertSame(capacity, entry.searches().get(""));
    assertSame(capacity, entry.head());
    assertTrue(CapacitySteps.isSearch(result(capacity)));
  }

  @Test
  void capacitiesComparedGiveEachMapInTheOrderSearchedAndSkipWhatIsNotOne() {
    Map<String, Object> capacity = new LinkedHashMap<>();
    capacity.put("objectives", List.of("p99<=5ms"));
    capacity.put("compared", List.of(Map.of("combination", "table b"), "not a search", Map.of("combination",
        "table a")));
    CapacityEntry entry = CapacityEntry.of(result(capacity));
    assertTrue(entry.compared());
    assertEquals(List.of("table b", "table a"), new ArrayList<>(entry.searches().keySet()));
    assertSame(capacity, entry.head());
    assertTrue(CapacitySteps.isSearch(result(capacity)));
  }

  @Test
  void anEmptyComparisonOrNoEntryHoldsNoSearch() {
    RunResult empty = result(Map.of("compared", List.of("not a search")));
    assertTrue(CapacityEntry.of(empty).compared());
    assertTrue(CapacityEntry.of(empty).searches().isEmpty());
    assertFalse(CapacitySteps.isSearch(empty));
    RunResult none = new RunResult("test", Instant.EPOCH, Map.of("threads", 2), Map.of(), List.of(), false);
    assertNull(CapacityEntry.of(none));
    assertFalse(CapacitySteps.isSearch(none));
    assertFalse(CapacitySteps.isSearch(result("not a map")));
  }

  private static RunResult result(Object capacity) {
    return new RunResult("test", Instant.EPOCH, Map.of(CapacityEntry.KEY, capacity), Map.of(), List.of(), false);
  }
}
