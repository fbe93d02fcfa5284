package stress.metrics;

import java.util.Objects;

/**
 * Failures of one operation that share an SQLState.
 *
 * @param sqlState     the SQLState reported by the driver, or {@value #UNKNOWN} when it gave none
 * @param count        how many failures had this SQLState
 * @param firstMessage the message of the first such failure (later messages are not kept)
 */
public record ErrorStats(String sqlState, long count, String firstMessage) {
  /** The SQLState used for failures whose exception carried none. */
  public static final String UNKNOWN = "unknown";

  public ErrorStats {
    Objects.requireNonNull(sqlState, "sqlState");
    Objects.requireNonNull(firstMessage, "firstMessage");
    if (count < 0) {
      throw new IllegalArgumentException("error count must be 0 or more, got " + count + " for SQLState " + sqlState);
    }
  }
}
