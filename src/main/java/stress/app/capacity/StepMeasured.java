package stress.app.capacity;

/**
 * What one step of a capacity search ({@link CapacitySearch}) measured.
 *
 * @param edgeSlack ops/s the measured window's edges may cut off whatever the server does: each thread's first
 *                  execution starts up to one interval late and its last may end after the window, so one execution
 *                  per thread over the window's seconds. At a low rate or in a short step that is more than 1% of
 *                  the rate offered, and without it a step that kept up would break on a count.
 * @param operations the executions measured, failed ones included
 * @param fastestMs the fastest execution measured, ms; NaN where not known
 * @param client    the client's and the host's figures; null where not known (a scripted server)
 * @param windows   a run of the check read window by window; {@link CheckWindows#NONE} for a step of the search
 */
public record StepMeasured(double achieved, double p50Ms, double p90Ms, double p95Ms, double p99Ms, double p999Ms,
                           double errorShare, double edgeSlack, long operations, double fastestMs,
                           StepClientFigures client, CheckWindows windows) {
  /** A step not read by windows. */
  public StepMeasured(double achieved, double p50Ms, double p90Ms, double p95Ms, double p99Ms, double p999Ms,
                      double errorShare, double edgeSlack, long operations, double fastestMs,
                      StepClientFigures client) {
    this(achieved, p50Ms, p90Ms, p95Ms, p99Ms, p999Ms, errorShare, edgeSlack, operations, fastestMs, client,
        CheckWindows.NONE);
  }

  /** A step without the fastest execution and the client's figures (a scripted server). */
  public StepMeasured(double achieved, double p50Ms, double p90Ms, double p95Ms, double p99Ms, double p999Ms,
                      double errorShare, double edgeSlack, long operations) {
    this(achieved, p50Ms, p90Ms, p95Ms, p99Ms, p999Ms, errorShare, edgeSlack, operations, Double.NaN, null);
  }

  /** Whether the step achieved the rate offered (within 1%, beyond its window's edges). */
  boolean keptUp(double offered) {
    return CapacitySearch.keptUp(achieved, edgeSlack, offered);
  }

  /** Whether it achieved over 101% of the rate offered, beyond its window's edges: its warm-up's backlog drained. */
  boolean drained(double offered) {
    return CapacitySearch.drained(achieved, edgeSlack, offered);
  }
}
