package stress.metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Failures per operation and SQLState, shared by all workers of a phase. Only the rare failure path writes here. */
final class ErrorBook {
  static final String NO_MESSAGE = "(no message)";

  private final List<Map<String, Tally>> byOperation;

  ErrorBook(int operations) {
    byOperation = new ArrayList<>(operations);
    for (int i = 0; i < operations; i++) {
      byOperation.add(new ConcurrentHashMap<>());
    }
  }

  /** Adds an interval's failures of one SQLState; the first message given for it is the one kept first. */
  void add(int opIndex, String sqlState, long count, MessageTally messages) {
    Tally tally = byOperation.get(opIndex).computeIfAbsent(sqlState, k -> new Tally(messages.firstMessage));
    tally.count.add(count);
    synchronized (tally) {
      tally.messages.addAll(messages);
    }
  }

  /** Most frequent SQLState first, ties by SQLState. */
  List<ErrorStats> snapshot(int opIndex) {
    List<ErrorStats> errors = new ArrayList<>();
    byOperation.get(opIndex).forEach((state, tally) -> {
      synchronized (tally) {
        errors.add(new ErrorStats(state, tally.count.sum(), tally.messages.firstMessage, tally.messages.top()));
      }
    });
    errors.sort(MOST_FREQUENT_FIRST);
    return errors;
  }

  static final Comparator<ErrorStats> MOST_FREQUENT_FIRST =
      Comparator.comparingLong(ErrorStats::count).reversed().thenComparing(ErrorStats::sqlState);

  private static final class Tally {
    final LongAdder count = new LongAdder();
    final MessageTally messages;

    Tally(String firstMessage) {
      this.messages = new MessageTally(firstMessage);
    }
  }
}
