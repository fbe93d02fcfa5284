package stress.server.pooler;

import java.util.Locale;
import java.util.Map;

/**
 * A phase's client mean latency through a pooler split in three: waiting at the pooler for a server connection, time
 * inside the server (the pooler's time executing queries on it), and the rest (the client, the network, the pooler's
 * own work), which is what the client's mean leaves. The first two are the pooler's means per transaction and include
 * the warm-up and the connections' set-up, the client's mean does not: where they add up to more than it, the rest is
 * said not known, never negative.
 *
 * @param clientMeanMillis the client's mean latency of the phase
 * @param waitMillis       the mean wait per transaction at the pooler
 * @param serverMillis     the mean time per transaction inside the server, or null where the pooler does not tell it
 * @param waiting          the clients waiting at the pooler at the peak its console showed, said beside the wait's
 *                         share so that the two read as one; null where the pool was not read while the phase ran
 */
public record ClientLatencySplit(double clientMeanMillis, double waitMillis, Double serverMillis, Waiting waiting) {
  /**
   * The most clients {@code SHOW POOLS} showed waiting ({@code cl_waiting}) and, at that read, the pool's clients
   * ({@code cl_active + cl_waiting}).
   */
  public record Waiting(int waiting, int clients) {
    /** E.g. {@code 967 of 1000 clients waiting at the peak seen}. */
    String text() {
      return waiting + " of " + clients + " client" + (clients == 1 ? "" : "s") + " waiting at the peak seen";
    }
  }

  /** A split without the clients waiting (the pool not read while the phase ran). */
  public ClientLatencySplit(double clientMeanMillis, double waitMillis, Double serverMillis) {
    this(clientMeanMillis, waitMillis, serverMillis, null);
  }

  /** Below the line's resolution (µs): parts that add up to the mean exactly may leave -1e-17 in doubles. */
  private static final double ROUNDING_MILLIS = 0.0005;

  /** The rest of the client's mean, or null where not known: the server's part not read, or the parts exceed it. */
  public Double restMillis() {
    if (serverMillis == null) {
      return null;
    }
    double rest = clientMeanMillis - waitMillis - serverMillis;
    return rest < -ROUNDING_MILLIS ? null : Math.max(0, rest);
  }

  /** The split as one clause of the pooler's line. */
  public String text() {
    String text = String.format(Locale.ROOT, "client's mean latency %.3f ms: waiting at the pooler %s, ",
        clientMeanMillis, part(waitMillis, waiting == null ? "" : "; " + waiting.text()));
    if (serverMillis == null) {
      return text + "inside the server not read (no total_query_time in SHOW STATS), the rest not told apart from it";
    }
    Double rest = restMillis();
    return text + "inside the server " + part(serverMillis) + (rest != null ? ", the rest " + part(rest)
        : String.format(Locale.ROOT, ", the rest not known: the two add up to %.3f ms, more than the client's mean"
            + " (the pooler's means include the warm-up and the set-up's transactions)", waitMillis + serverMillis));
  }

  /** The parts for result.json, each key beginning {@code pooler }; a part not read or not known is left out. */
  public void putInto(Map<String, String> report) {
    report.put("pooler client mean latency ms", millis(clientMeanMillis));
    report.put("pooler wait share of client mean latency", share(waitMillis));
    if (serverMillis != null) {
      report.put("pooler server time avg ms", millis(serverMillis));
      report.put("pooler server share of client mean latency", share(serverMillis));
    }
    Double rest = restMillis();
    if (rest != null) {
      report.put("pooler rest avg ms", millis(rest));
      report.put("pooler rest share of client mean latency", share(rest));
    }
  }

  private String part(double ms) {
    return part(ms, "");
  }

  /** E.g. {@code 1.114 ms (35.7%)}, {@code note} said inside the brackets after the share. */
  private String part(double ms, String note) {
    return String.format(Locale.ROOT, "%.3f ms (%.1f%%%s)", ms, 100 * ms / clientMeanMillis, note);
  }

  private static String millis(double ms) {
    return String.format(Locale.ROOT, "%.3f", ms);
  }

  private String share(double ms) {
    return String.format(Locale.ROOT, "%.4f", ms / clientMeanMillis);
  }
}
