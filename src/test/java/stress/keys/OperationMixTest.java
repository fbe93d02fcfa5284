package stress.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import stress.model.OperationMix;

class OperationMixTest {

  @Test
  void weightsAreKeyedByNameAndChosenInProportion() {
    OperationMix mix = OperationMix.parse("find_first=80, find_update=20");
    assertEquals(List.of("find_first", "find_update"), mix.names());
    assertEquals(80, mix.weight(0));
    assertEquals(20, mix.weight(1));
    int[] counts = new int[2];
    SplittableRandom r = new SplittableRandom(1);
    for (int i = 0; i < 100_000; i++) {
      counts[mix.next(r)]++;
    }
    assertEquals(0.8, counts[0] / 100_000.0, 0.01);
    assertEquals("find_first=80,find_update=20", mix.toString());
  }

  @Test
  void aLoneNameIsTheWholeMix() {
    OperationMix mix = OperationMix.parse("find_first");
    assertEquals(List.of("find_first"), mix.names());
    assertEquals(0, mix.next(new SplittableRandom(3)));
    assertEquals("find_first", mix.toString());
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> OperationMix.parse("a=0,b=x,a=3,=4"));
    String m = e.getMessage();
    assertTrue(m.startsWith("--op "), m);
    assertTrue(m.contains("weight of a must be at least 1, got 0"), m);
    assertTrue(m.contains("weight of b must be a whole number, got 'x'"), m);
    assertTrue(m.contains("empty operation name"), m);
  }

  @Test
  void duplicateNamesAreRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> OperationMix.parse("find_first=1,find_first=2"));
    assertTrue(e.getMessage().contains("find_first is named twice"), e.getMessage());
  }
}
