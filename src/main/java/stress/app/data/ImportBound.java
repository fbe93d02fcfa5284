package stress.app.data;

import java.util.Locale;
import stress.load.importer.progress.LoadStreamTime;
import stress.metrics.ClientUsage;

/**
 * The last lines of an import's summary: the client's CPU per MB of BSON beside the load's throughput, and which one
 * bounded the load: the client (its CPU converting BSON to COPY rows, or its load streams waiting for converted rows
 * most of their time), the host's CPUs that a client and server on one host share, or the server (the client had
 * CPU to spare), with the share of the time the streams still waited for the client where it is not small.
 */
final class ImportBound {
  /** From this share of their time waiting for converted rows, the load streams were held by the client. */
  static final double CLIENT_WAIT_LIMIT = 0.5;
  /** Below this share the streams' waiting for the client is left unsaid. */
  static final double NOTED_WAIT = 0.05;

  private ImportBound() {}

  /**
   * @param u       what the process spent over the import
   * @param bytes   BSON bytes read in this run (not those of earlier runs a resume left out)
   * @param seconds the import's time, its summary's total row: the one duration the summary's last lines use
   * @param streams how long the load streams loaded and waited for the client
   */
  static String lines(ClientUsage u, long bytes, double seconds, LoadStreamTime streams) {
    double mb = bytes / 1e6;
    String client = String.format(Locale.ROOT, "client: CPU %.1f s = %d%% of %d core%s%s; the load: %.1f MB/s of BSON"
            + " (the total row's MB over its seconds)", u.cpuSeconds(), Math.round(u.cpuShare() * 100), u.cores(),
        u.cores() == 1 ? "" : "s",
        mb > 0 ? String.format(Locale.ROOT, ", %.1f ms per MB of BSON", u.cpuSeconds() * 1e3 / mb) : "",
        seconds > 0 ? mb / seconds : 0);
    return client + "\nbounded by: " + bound(u, streams.waitingShare());
  }

  /** @param waiting the share of their loading time the load streams waited for converted rows */
  static String bound(ClientUsage u, double waiting) {
    if (u.onlySharesCpusWithServer()) {
      return "this host's CPUs, which client and server share (" + u.bottleneck() + "): the time describes both; a"
          + " client on a host of its own leaves the server all of them";
    }
    if (u.clientBound()) {
      return "the client (" + u.bottleneck() + "), converting BSON to COPY rows: more --jobs spread one collection"
          + " over more cores, if the client has them";
    }
    String waited = "the load streams waited for converted rows " + Math.round(waiting * 100) + "% of their time";
    if (waiting >= CLIENT_WAIT_LIMIT) {
      return "the client: " + waited + " (its CPU at " + Math.round(u.cpuShare() * 100) + "% of its cores), converting"
          + " BSON to COPY rows: more --jobs spread one collection over more cores, if the client has them";
    }
    return "the server, or the network to it: the client used " + Math.round(u.cpuShare() * 100) + "% of its cores"
        + (u.host() != null && u.host().serverOnThisHost() ? " (this host's CPUs were "
        + Math.round(u.host().cpuShare() * 100) + "% busy)" : "") + (waiting >= NOTED_WAIT ? "; " + waited : "");
  }
}
