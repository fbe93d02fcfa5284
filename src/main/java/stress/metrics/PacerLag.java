package stress.metrics;

import java.util.Locale;

/**
 * How well the open-loop pacer ({@code --rate}) kept its schedule while a phase was measured. An execution starts
 * either behind schedule (its worker was still busy with an earlier one: the server's latency, or too few threads
 * for the rate) or after waiting for its slot; a worker that waited and then woke late was not given a CPU in time,
 * which is the client's or the host's delay, not the server's.
 *
 * @param starts        measured executions the pacer started
 * @param behindShare   the share of them started behind schedule, 0..1
 * @param wokeLateP99Ms of the others, how late the worker woke after its slot's time: the 99th percentile, in ms
 * @param wokeLateMaxMs the same, the largest
 */
public record PacerLag(long starts, double behindShare, double wokeLateP99Ms,
                       double wokeLateMaxMs) {
  /** E.g. {@code pacer: 3% of starts behind schedule, woke p99 0.21 ms late (max 4.1 ms)}. */
  public String text() {
    return "pacer: " + Math.round(behindShare * 100) + "% of starts behind schedule, woke p99 "
        + ms(wokeLateP99Ms) + " ms late (max " + ms(wokeLateMaxMs) + " ms)";
  }

  /** How late the workers woke (p99), ms, as {@link #text} prints it: a rule over it reads what the user reads. */
  public String wokeLateP99Text() {
    return ms(wokeLateP99Ms);
  }

  /** Three significant digits at most, as the steps print latencies: 0.213, 4.1, 37. */
  private static String ms(double v) {
    return String.format(Locale.ROOT, v < 1 ? "%.3f" : v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v)
        .replaceAll("(\\.\\d*?)0+$", "$1").replaceAll("\\.$", "");
  }
}
