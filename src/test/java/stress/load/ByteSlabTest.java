package stress.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** ByteSlab packs sequences one after the other, and starts a new array only when the next one does not fit. */
class ByteSlabTest {
  @Test
  void packsSequencesIntoOneArrayUntilItIsFull() {
    ByteSlab slab = new ByteSlab(10);
    byte[] source = {9, 1, 2, 3, 4, 5, 6, 7, 8};

    int first = slab.add(source, 1, 4);
    byte[] array = slab.array();
    int second = slab.add(source, 5, 4);

    assertEquals(0, first);
    assertEquals(4, second);
    assertSame(array, slab.array());
    assertEquals(10, array.length);
    assertArrayEquals(new byte[] {1, 2, 3, 4}, Arrays.copyOfRange(array, first, first + 4));
    assertArrayEquals(new byte[] {5, 6, 7, 8}, Arrays.copyOfRange(array, second, second + 4));

    int third = slab.add(source, 0, 3); // 2 bytes left: a new array
    assertEquals(0, third);
    assertNotSame(array, slab.array());
    assertArrayEquals(new byte[] {9, 1, 2}, Arrays.copyOfRange(slab.array(), 0, 3));
    assertArrayEquals(new byte[] {5, 6, 7, 8}, Arrays.copyOfRange(array, 4, 8), "earlier bytes stay where they were");
  }

  @Test
  void aSequenceLongerThanAChunkGetsAnArrayOfItsOwnSize() {
    ByteSlab slab = new ByteSlab(4);
    byte[] source = new byte[100];
    Arrays.fill(source, (byte) 7);

    int at = slab.add(source, 0, 100);

    assertEquals(0, at);
    assertEquals(100, slab.array().length);
    assertArrayEquals(source, slab.array());
  }

  @Test
  void refusesAChunkSizeBelowOne() {
    assertThrows(IllegalArgumentException.class, () -> new ByteSlab(0));
  }
}
