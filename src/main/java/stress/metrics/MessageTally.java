package stress.metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The messages of the failures of one SQLState: the first one, and the distinct ones with their counts. One SQLState
 * often covers several causes (Postgres-XL reports a lost datanode connection, a transaction it could not begin and a
 * commit it could not send all as XX000), so the first message alone can hide the one that counts. At most
 * {@link #TRACKED} distinct messages are counted one by one; failures with any further message (a key in each
 * duplicate-key message, say) are only counted together, so a tally stays small whatever fails. Not thread-safe.
 */
final class MessageTally {
  /** The most distinct messages counted one by one. */
  static final int TRACKED = 16;
  /** The most messages an {@link ErrorStats} lists, most frequent first. */
  static final int LISTED = 5;

  private static final Comparator<ErrorMessage> MOST_FREQUENT_FIRST =
      Comparator.comparingLong(ErrorMessage::count).reversed().thenComparing(ErrorMessage::message);

  final String firstMessage;
  private final Map<String, long[]> counts = new LinkedHashMap<>();
  /** Failures whose message was not among the {@link #TRACKED} counted one by one. */
  private long untracked;

  MessageTally(String firstMessage) {
    this.firstMessage = firstMessage == null ? ErrorBook.NO_MESSAGE : firstMessage;
  }

  /** Counts {@code count} failures with {@code message} (null: no message). */
  void add(String message, long count) {
    String m = message == null ? ErrorBook.NO_MESSAGE : message;
    long[] known = counts.get(m);
    if (known != null) {
      known[0] += count;
    } else if (counts.size() < TRACKED) {
      counts.put(m, new long[] {count});
    } else {
      untracked += count;
    }
  }

  /** Adds another tally's counts. */
  void addAll(MessageTally other) {
    other.counts.forEach((message, count) -> add(message, count[0]));
    untracked += other.untracked;
  }

  /** The {@link #LISTED} most frequent messages, most frequent first. */
  List<ErrorMessage> top() {
    return top(counts.entrySet().stream().map(e -> new ErrorMessage(e.getKey(), e.getValue()[0])).toList());
  }

  /** The {@link #LISTED} most frequent of {@code messages}, most frequent first. */
  static List<ErrorMessage> top(List<ErrorMessage> messages) {
    List<ErrorMessage> sorted = new ArrayList<>(messages);
    sorted.sort(MOST_FREQUENT_FIRST);
    return List.copyOf(sorted.subList(0, Math.min(LISTED, sorted.size())));
  }

  /** Both lists' messages with the counts of equal messages added, the {@link #LISTED} most frequent first. */
  static List<ErrorMessage> merge(List<ErrorMessage> a, List<ErrorMessage> b) {
    Map<String, Long> sum = new LinkedHashMap<>();
    for (ErrorMessage m : a) {
      sum.merge(m.message(), m.count(), Long::sum);
    }
    for (ErrorMessage m : b) {
      sum.merge(m.message(), m.count(), Long::sum);
    }
    return top(sum.entrySet().stream().map(e -> new ErrorMessage(e.getKey(), e.getValue())).toList());
  }
}
