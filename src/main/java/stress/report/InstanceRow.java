package stress.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One instance of a run of several ({@code --run-id}), in the merged result: where it ran and, per phase, its own
 * figures and when it started and ended, in ms after the earliest instance (by the database's clock).
 *
 * @param instance the instance's index
 * @param host     where it ran (the pod's name in Kubernetes)
 * @param pid      its process id there
 * @param state    how it ended: {@code done}, or {@code interrupted} (stopped by a signal: its last phase is partial);
 *                 null in results written before instances said so
 * @param message  why, when it did not end by itself, else null
 * @param phases   its phases, in run order
 */
public record InstanceRow(int instance, String host, long pid, String state,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String message, List<Phase> phases) {
  public InstanceRow {
    phases = List.copyOf(phases);
  }

  /** Stopped before its end (a signal): its last phase is partial. */
  public boolean interrupted() {
    return "interrupted".equals(state);
  }

  /**
   * One phase of one instance.
   *
   * @param phase         the phase's label
   * @param count         successful executions
   * @param opsPerSecond  their rate
   * @param p50Ms         the median latency
   * @param p99Ms         the 99th percentile
   * @param errors        failed executions
   * @param startOffsetMs when it started, ms after the first instance to start it; null when not known
   * @param endOffsetMs   when it ended, ms after the first instance to end it; null when not known
   */
  public record Phase(String phase, long count, double opsPerSecond, double p50Ms, double p99Ms, long errors,
                      Double startOffsetMs, Double endOffsetMs) {}
}
