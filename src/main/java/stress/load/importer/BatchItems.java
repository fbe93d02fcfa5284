package stress.load.importer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The items of one batch as its conversion makes them: a load stream may start the batch's COPY before the conversion
 * has ended and take each row as it comes, so the server works on the first rows while the client converts the rest.
 * The conversion adds the items in read order and then ends (or fails); whoever asks for an item not converted yet
 * waits for it.
 */
final class BatchItems {
  /**
   * Items between two wake-ups of a waiting load stream: one wake-up per document would cost a context switch on each
   * side per row while the client's code is still cold, and the server has a few rows' work queued anyway.
   */
  static final int WAKE_EVERY = 32;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final List<BatchItem> items;
  private final int expected;
  private boolean ended;
  private long bytes;
  private long waitedNanos;
  private String abortReason;
  private Throwable failure;

  /** @param expected how many items the framed batch has (fewer when an abort ends it early) */
  BatchItems(int expected) {
    this.expected = expected;
    items = new ArrayList<>(expected);
  }

  /** How many items the framed batch has; the converted batch has as many unless an abort ended it early. */
  int expected() {
    return expected;
  }

  /** Adds the next item (the conversion's thread); a waiting load stream is woken once every {@link #WAKE_EVERY}. */
  void add(BatchItem item) {
    lock.lock();
    try {
      items.add(item);
      if (items.size() % WAKE_EVERY == 0) {
        changed.signalAll();
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Ends the batch (the conversion's thread).
   *
   * @param bytes       the BSON bytes its items cover
   * @param abortReason under {@code --on-error abort}, why its last item ended the collection; else null
   */
  void end(long bytes, String abortReason) {
    lock.lock();
    try {
      this.bytes = bytes;
      this.abortReason = abortReason;
      ended = true;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Ends the batch with the conversion's failure, which every wait then throws. */
  void fail(Throwable cause) {
    lock.lock();
    try {
      failure = cause;
      ended = true;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Whether the item at {@code index} exists, waiting until it is converted or the batch has ended without it. */
  boolean has(int index) {
    lock.lock();
    try {
      if (index >= items.size() && !ended) {
        long start = System.nanoTime();
        while (index >= items.size() && !ended) {
          await();
        }
        waitedNanos += System.nanoTime() - start;
      }
      rethrowFailure();
      return index < items.size();
    } finally {
      lock.unlock();
    }
  }

  /** The item at {@code index}, once {@link #has} said it exists. */
  BatchItem get(int index) {
    return locked(() -> items.get(index));
  }

  /** How long {@link #has} waited for items not converted yet: the load stream waiting for the client. */
  long waitedNanos() {
    return locked(() -> waitedNanos);
  }

  /** Whether the conversion has ended (successfully or not); does not wait. */
  boolean ended() {
    return locked(() -> ended);
  }

  /** All the items, once the conversion has ended (after which nothing changes them: a view, not a copy). */
  List<BatchItem> all() {
    awaitEnd();
    return Collections.unmodifiableList(items);
  }

  /** The BSON bytes the items cover, once the conversion has ended. */
  long bytes() {
    awaitEnd();
    return bytes;
  }

  /** Why the batch's last item ended the collection (under --on-error abort), or null; once the conversion has ended. */
  String abortReason() {
    awaitEnd();
    return abortReason;
  }

  private <T> T locked(Supplier<T> read) {
    lock.lock();
    try {
      return read.get();
    } finally {
      lock.unlock();
    }
  }

  private void awaitEnd() {
    lock.lock();
    try {
      while (!ended) {
        await();
      }
      rethrowFailure();
    } finally {
      lock.unlock();
    }
  }

  /** Waits for the next change; a load stream interrupted by the import's shutdown gives up the batch. */
  private void await() {
    try {
      changed.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the batch's conversion", e);
    }
  }

  private void rethrowFailure() {
    if (failure != null) {
      throw new IllegalStateException("converting the batch failed: " + failure, failure);
    }
  }
}
