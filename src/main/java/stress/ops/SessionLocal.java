package stress.ops;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Per-worker state of a bound operation, like a ThreadLocal but kept in each {@link OperationSession}: a
 * {@link Operation.Bound} is shared by all workers, so whatever one worker must own (its share of new keys,
 * a buffer) lives here. Looked up by a slot number, not a map, because it is read on every execution.
 *
 * @param <T> the state's type
 */
public final class SessionLocal<T> {
  private static final AtomicInteger NEXT_SLOT = new AtomicInteger();

  private final int slot = NEXT_SLOT.getAndIncrement();
  private final Supplier<? extends T> initial;

  /** @param initial makes a session's value the first time that session asks */
  public SessionLocal(Supplier<? extends T> initial) {
    this.initial = Objects.requireNonNull(initial, "initial");
  }

  /** This session's value, made on first use. */
  public T get(OperationSession session) {
    return session.local(slot, initial);
  }
}
