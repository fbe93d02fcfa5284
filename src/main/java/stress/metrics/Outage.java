package stress.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A time nothing succeeded: from a failed execution to the first successful execution after it, on any worker,
 * when that lasted at least 100 ms. Times are seconds from the start of measuring, taken from the workers' own
 * clocks, not rounded to report intervals; an outage under way when measuring starts begins at 0 and counts only the
 * failures measured (results written before 2026-11-24 may start one in the warm-up, at a negative time). Every
 * execution that ended inside it failed.
 *
 * @param startSeconds     when the first execution failed
 * @param endSeconds       when the first execution after it succeeded, or null when none did before the phase ended
 * @param firstSqlState    the SQLState of the failure that opened the outage ({@value ErrorStats#UNKNOWN} when none)
 * @param source           in a merged result ({@code stress merge}), the input the outage was seen by (its times are
 *                         that input's own, from its start of measuring); null in the result of one process, and then
 *                         left out of the JSON
 * @param failed           executions that failed during the outage (0 in results written before it was counted)
 * @param errorsBySqlState those failures by SQLState; empty in results written before it was kept
 * @param failedNodes      those failures by the node of the cluster their message names (Citus {@code host:port},
 *                         Postgres-XL datanode); empty when none named one, and then left out of the JSON
 */
public record Outage(double startSeconds, Double endSeconds, String firstSqlState,
                     @JsonInclude(JsonInclude.Include.NON_NULL) String source,
                     long failed,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> errorsBySqlState,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> failedNodes) {
  public Outage {
    Objects.requireNonNull(firstSqlState, "firstSqlState");
    if (source != null && source.isBlank()) {
      throw new IllegalArgumentException("the source of an outage must be null or a name, got '" + source + "'");
    }
    if (endSeconds != null && endSeconds < startSeconds) {
      throw new IllegalArgumentException("an outage cannot end (" + endSeconds + " s) before it starts ("
          + startSeconds + " s)");
    }
    if (failed < 0) {
      throw new IllegalArgumentException("failed executions of an outage must be 0 or more, got " + failed);
    }
    errorsBySqlState = sorted(errorsBySqlState);
    failedNodes = sorted(failedNodes);
  }

  /** An outage seen by this process, without its failures counted. */
  public Outage(double startSeconds, Double endSeconds, String firstSqlState) {
    this(startSeconds, endSeconds, firstSqlState, null);
  }

  /** An outage without its failures counted (results written before they were). */
  public Outage(double startSeconds, Double endSeconds, String firstSqlState, String source) {
    this(startSeconds, endSeconds, firstSqlState, source, 0, Map.of(), Map.of());
  }

  static Map<String, Long> sorted(Map<String, Long> map) {
    return map == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(map));
  }

  /** The same outage labelled with the input of a merge that saw it. */
  public Outage from(String input) {
    return new Outage(startSeconds, endSeconds, firstSqlState, input, failed, errorsBySqlState, failedNodes);
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
