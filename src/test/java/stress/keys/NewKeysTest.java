package stress.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import stress.model.Instance;
import stress.table.IdType;

class NewKeysTest {

  private static List<Long> take(NewKeyStream stream, int n) {
    List<Long> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      keys.add(stream.next());
    }
    return keys;
  }

  @Test
  void oneInstanceStartsRightAboveTheLargestKey() {
    NewKeys keys = new NewKeys("t", IdType.INTEGER, Instance.SOLE, 3000);
    assertEquals(List.of(3001L, 3002L, 3003L), take(keys.stream(3), 3));
    assertEquals(List.of(3004L, 3005L), take(keys.stream(2), 2), "a second stream gets the next block");
    assertEquals(Integer.MAX_VALUE - 3005L, keys.remaining());
  }

  @Test
  void anEmptyTableStartsAtOne() {
    assertEquals(1, new NewKeys("t", IdType.BIGINT, Instance.SOLE, 0).first());
    assertEquals(1, new NewKeys("t", IdType.BIGINT, Instance.parse("1/3"), 0).first());
    assertEquals(2, new NewKeys("t", IdType.BIGINT, Instance.parse("2/3"), 0).first());
    assertEquals(3, new NewKeys("t", IdType.BIGINT, Instance.parse("3/3"), 0).first());
  }

  @Test
  void negativeKeysCountUpFromTheLargest() {
    NewKeys keys = new NewKeys("t", IdType.BIGINT, Instance.SOLE, -10);
    assertEquals(List.of(-9L, -8L), take(keys.stream(10), 2));
    assertEquals(Long.MAX_VALUE, keys.remaining() + 10, "more keys than a long counts are capped (10 reserved)");
  }

  @Test
  void instancesKeepToTheirRemainderWhenEverTheyStart() {
    // instance 1 starts on an empty table and inserts a while; instance 2 starts later, above instance 1's keys
    NewKeys first = new NewKeys("t", IdType.INTEGER, Instance.parse("1/2"), 100);
    List<Long> one = take(first.stream(4), 6);
    assertEquals(List.of(101L, 103L, 105L, 107L, 109L, 111L), one);
    NewKeys second = new NewKeys("t", IdType.INTEGER, Instance.parse("2/2"), 111);
    List<Long> two = take(second.stream(4), 3);
    assertEquals(List.of(112L, 114L, 116L), two);
    List<Long> more = take(first.stream(4), 3);
    assertTrue(more.stream().allMatch(k -> k % 2 == 1), "instance 1 keeps to odd keys: " + more);
    Set<Long> all = new HashSet<>(one);
    all.addAll(two);
    all.addAll(more);
    assertEquals(12, all.size());
  }

  @Test
  void workersOnManyThreadsNeverGetTheSameKey() throws InterruptedException {
    NewKeys keys = new NewKeys("t", IdType.BIGINT, Instance.parse("3/4"), 1_000);
    Set<Long> seen = ConcurrentHashMap.newKeySet();
    List<Thread> threads = new ArrayList<>();
    int perThread = 50_000;
    for (int t = 0; t < 8; t++) {
      Thread thread = new Thread(() -> {
        NewKeyStream stream = keys.stream(100);
        for (int i = 0; i < perThread; i++) {
          long k = stream.next();
          if (!seen.add(k) || k <= 1_000 || k % 4 != 3) {
            throw new AssertionError("key " + k);
          }
        }
      });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals(8 * perThread, seen.size());
  }

  @Test
  void anIntegerKeyNeverPassesItsMaximum() {
    NewKeys keys = new NewKeys("check_in", IdType.INTEGER, Instance.SOLE, Integer.MAX_VALUE - 5);
    assertEquals(5, keys.remaining());
    NewKeyStream stream = keys.stream(3);
    assertEquals(List.of(2147483643L, 2147483644L, 2147483645L, 2147483646L, 2147483647L), take(stream, 5));
    IllegalStateException e = assertThrows(IllegalStateException.class, stream::next);
    assertEquals("new keys for table check_in are used up: the next one would pass 2147483647, the largest integer"
        + " _id (a bigint _id has room)", e.getMessage());
    assertThrows(IllegalStateException.class, stream::next, "and stays used up");
  }

  @Test
  void aFullTableIsRefusedBeforeTheRun() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new NewKeys("check_in", IdType.INTEGER, Instance.SOLE, Integer.MAX_VALUE));
    assertEquals("table check_in has no room for new keys: its largest _id is 2147483647 and its integer _id cannot"
        + " pass 2147483647", e.getMessage());
    IllegalStateException shared = assertThrows(IllegalStateException.class,
        () -> new NewKeys("check_in", IdType.INTEGER, Instance.parse("2/2"), Integer.MAX_VALUE - 1));
    assertTrue(shared.getMessage().endsWith("(instance 2/2 takes one key in 2 above it)"), shared.getMessage());
    assertEquals(Integer.MAX_VALUE, new NewKeys("t", IdType.INTEGER, Instance.parse("1/2"), Integer.MAX_VALUE - 1)
        .first(), "the last odd key is still free for instance 1/2");
    assertThrows(IllegalStateException.class, () -> new NewKeys("t", IdType.BIGINT, Instance.SOLE, Long.MAX_VALUE));
    assertEquals(Long.MAX_VALUE, new NewKeys("t", IdType.BIGINT, Instance.SOLE, Long.MAX_VALUE - 1).first());
  }

  @Test
  void onlyWholeNumberKeysCanBeMadeUp() {
    for (IdType type : List.of(IdType.TEXT, IdType.UUID, IdType.DOUBLE)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new NewKeys("orders", type, Instance.SOLE, 0));
      assertEquals("insert, insert_batch and copy need an integer or bigint _id to make new keys; table orders has a "
          + type.sql() + " _id", e.getMessage());
    }
  }
}
