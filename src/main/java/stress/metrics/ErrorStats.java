package stress.metrics;

import java.util.List;
import java.util.Objects;

/**
 * Failures of one operation that share an SQLState.
 *
 * @param sqlState     the SQLState reported by the driver, or {@value #UNKNOWN} when it gave none
 * @param count        how many failures had this SQLState
 * @param firstMessage the message of the first such failure
 * @param messages     the most frequent distinct messages of these failures with their counts, most frequent first
 *                     (at most five; failures with other messages are the rest of {@code count}); empty in results
 *                     written before messages were counted
 */
public record ErrorStats(String sqlState, long count, String firstMessage, List<ErrorMessage> messages) {
  /** The SQLState used for failures whose exception carried none. */
  public static final String UNKNOWN = "unknown";

  public ErrorStats {
    Objects.requireNonNull(sqlState, "sqlState");
    Objects.requireNonNull(firstMessage, "firstMessage");
    messages = messages == null ? List.of() : List.copyOf(messages);
    if (count < 0) {
      throw new IllegalArgumentException("error count must be 0 or more, got " + count + " for SQLState " + sqlState);
    }
  }

  /** Failures whose messages were not counted: their one message is the first one. */
  public ErrorStats(String sqlState, long count, String firstMessage) {
    this(sqlState, count, firstMessage, List.of(new ErrorMessage(firstMessage, count)));
  }

  /** Failures of this SQLState whose message is not among {@link #messages()}. */
  public long otherMessages() {
    return Math.max(0, count - messages.stream().mapToLong(ErrorMessage::count).sum());
  }

  /** The failures of both, counts and messages added; the first message is this one's. */
  public ErrorStats plus(ErrorStats other) {
    if (!sqlState.equals(other.sqlState)) {
      throw new IllegalArgumentException("cannot add failures of " + other.sqlState + " to " + sqlState);
    }
    return new ErrorStats(sqlState, count + other.count, firstMessage,
        MessageTally.merge(messages, other.messages));
  }
}
