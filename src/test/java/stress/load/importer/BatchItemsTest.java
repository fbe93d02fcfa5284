package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import stress.dump.document.Rejection;

/**
 * A batch's items reach its load stream while they are converted: the stream takes each one as it comes, waits for one
 * not converted yet, learns at the end how many there were and why an abort ended them, and gets the conversion's
 * failure instead of waiting for items that will never come.
 */
class BatchItemsTest {
  private final ExecutorService stream = Executors.newSingleThreadExecutor();

  @AfterEach
  void tearDown() {
    stream.shutdownNow();
  }

  /** The time the stream waits for items not converted yet is what the summary calls waiting for the client. */
  @Test
  void theStreamsWaitForAnItemNotConvertedYetIsTimedAndNoOtherIs() throws Exception {
    BatchItems items = new BatchItems(100);
    items.add(item(0));
    assertTrue(items.has(0));
    assertEquals(0, items.waitedNanos(), "an item already converted costs no wait");
    Thread waiter = new Thread(() -> items.has(1));
    waiter.start();
    while (waiter.getState() != Thread.State.WAITING) {
      Thread.onSpinWait(); // the stream is waiting for item 1
    }
    items.end(3000, null);
    waiter.join();
    assertTrue(items.waitedNanos() > 0, "the wait for an item that was not there is counted");
    long waited = items.waitedNanos();
    assertFalse(items.has(1), "the batch ended without it");
    assertEquals(waited, items.waitedNanos(), "an ended batch costs no further wait");
  }

  @Test
  void theStreamTakesItemsAsTheyAreConvertedAndStopsAtTheEnd() throws Exception {
    BatchItems items = new BatchItems(100);
    CountDownLatch firstTaken = new CountDownLatch(1);
    CompletableFuture<List<Long>> taken = CompletableFuture.supplyAsync(() -> {
      List<Long> indexes = new ArrayList<>();
      for (int i = 0; items.has(i); i++) {
        indexes.add(items.get(i).index());
        firstTaken.countDown();
      }
      return indexes;
    }, stream);

    // fewer items than one wake-up's worth, then the end: the waiting stream is woken at the end, not left waiting
    items.add(item(0));
    assertFalse(taken.isDone());
    for (int i = 1; i < BatchItems.WAKE_EVERY; i++) {
      items.add(item(i)); // a whole wake-up's worth: the stream takes them before the batch ends
    }
    assertTrue(firstTaken.await(5, TimeUnit.MINUTES), "the stream was not woken after a wake-up's worth of items");
    assertFalse(taken.isDone());
    items.add(item(BatchItems.WAKE_EVERY));
    items.end(3000, null);

    List<Long> expected = new ArrayList<>();
    for (long i = 0; i <= BatchItems.WAKE_EVERY; i++) {
      expected.add(i);
    }
    assertEquals(expected, taken.get(5, TimeUnit.MINUTES));
    assertEquals(BatchItems.WAKE_EVERY + 1, items.all().size());
    assertEquals(3000, items.bytes());
    assertNull(items.abortReason());
    assertEquals(100, items.expected());
  }

  @Test
  void anAbortEndsTheBatchEarlyWithItsReason() {
    BatchItems items = new BatchItems(10);
    items.add(item(0));
    items.add(item(1));
    items.end(200, "document #1 does not decode");

    assertTrue(items.has(1));
    assertFalse(items.has(2));
    assertEquals(2, items.all().size());
    assertEquals("document #1 does not decode", items.abortReason());
    Batch batch = new Batch(null, items, 0, false, null); // framed as neither the end nor a stop
    assertTrue(batch.endOfStream());
    assertEquals("document #1 does not decode", batch.stopReason());
    assertEquals(1, batch.lastIndex());
  }

  @Test
  void aFailedConversionIsThrownToWhoeverWaits() throws Exception {
    BatchItems items = new BatchItems(10);
    CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> items.has(0), stream);
    IllegalArgumentException cause = new IllegalArgumentException("a bug in a converter");

    items.fail(cause);

    Throwable thrown = assertThrows(java.util.concurrent.ExecutionException.class,
        () -> waiting.get(5, TimeUnit.MINUTES)).getCause();
    assertSame(cause, thrown.getCause());
    assertThrows(IllegalStateException.class, items::all);
    assertTrue(items.ended());
  }

  private static BatchItem item(long index) {
    return new BatchItem.Refused(new Rejection("/dump/shop/items.bson", index * 100, index, 100, "test item", null));
  }
}
