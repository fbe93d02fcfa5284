package stress.metrics;

import java.util.Objects;

/**
 * A time the server could not be reached: from the first failed execution that lost its connection (or got
 * none) to the first successful execution after it, on any worker. Times are seconds from the start of
 * measuring (negative during warm-up), taken from the workers' own clocks, not rounded to report intervals.
 *
 * @param startSeconds  when the first execution failed with a connection error
 * @param endSeconds    when the first execution after it succeeded, or null when none did before the phase ended
 * @param firstSqlState the SQLState of the failure that opened the outage ({@value ErrorStats#UNKNOWN} when none)
 */
public record Outage(double startSeconds, Double endSeconds, String firstSqlState) {
  public Outage {
    Objects.requireNonNull(firstSqlState, "firstSqlState");
    if (endSeconds != null && endSeconds < startSeconds) {
      throw new IllegalArgumentException("an outage cannot end (" + endSeconds + " s) before it starts ("
          + startSeconds + " s)");
    }
  }

  /** True when the phase ended before any execution succeeded again. */
  public boolean open() {
    return endSeconds == null;
  }

  /** Seconds the outage lasted, or until {@code phaseEndSeconds} when it never ended. */
  public double lengthSeconds(double phaseEndSeconds) {
    return (endSeconds == null ? phaseEndSeconds : endSeconds) - startSeconds;
  }
}
