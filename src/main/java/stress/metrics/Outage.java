package stress.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * A time the server could not be reached: from the first failed execution that lost its connection (or got
 * none) to the first successful execution after it, on any worker. Times are seconds from the start of
 * measuring (negative during warm-up), taken from the workers' own clocks, not rounded to report intervals.
 *
 * @param startSeconds  when the first execution failed with a connection error
 * @param endSeconds    when the first execution after it succeeded, or null when none did before the phase ended
 * @param firstSqlState the SQLState of the failure that opened the outage ({@value ErrorStats#UNKNOWN} when none)
 * @param source        in a merged result ({@code stress merge}), the input the outage was seen by (its times are
 *                      that input's own, from its start of measuring); null in the result of one process, and then
 *                      left out of the JSON
 */
public record Outage(double startSeconds, Double endSeconds, String firstSqlState,
                     @JsonInclude(JsonInclude.Include.NON_NULL) String source) {
  public Outage {
    Objects.requireNonNull(firstSqlState, "firstSqlState");
    if (source != null && source.isBlank()) {
      throw new IllegalArgumentException("the source of an outage must be null or a name, got '" + source + "'");
    }
    if (endSeconds != null && endSeconds < startSeconds) {
      throw new IllegalArgumentException("an outage cannot end (" + endSeconds + " s) before it starts ("
          + startSeconds + " s)");
    }
  }

  /** An outage seen by this process. */
  public Outage(double startSeconds, Double endSeconds, String firstSqlState) {
    this(startSeconds, endSeconds, firstSqlState, null);
  }

  /** The same outage labelled with the input of a merge that saw it. */
  public Outage from(String input) {
    return new Outage(startSeconds, endSeconds, firstSqlState, input);
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
