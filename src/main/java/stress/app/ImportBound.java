package stress.app;

import java.util.Locale;
import stress.metrics.ClientUsage;

/**
 * The last lines of an import's summary: the client's CPU per MB of BSON beside the load's throughput, and which one
 * bounded the load: the client (its CPU converting BSON to COPY rows), the host's CPUs that a client and server on
 * one host share, or the server (the client had CPU to spare).
 */
final class ImportBound {
  private ImportBound() {}

  /**
   * @param u     what the process spent over the import
   * @param bytes BSON bytes read in this run (not those of earlier runs a resume left out)
   */
  static String lines(ClientUsage u, long bytes) {
    double mb = bytes / 1e6;
    String client = String.format(Locale.ROOT, "client: CPU %.1f s = %d%% of %d core%s%s; the load: %.1f MB/s of BSON"
            + " in %.1f s", u.cpuSeconds(), Math.round(u.cpuShare() * 100), u.cores(), u.cores() == 1 ? "" : "s",
        mb > 0 ? String.format(Locale.ROOT, ", %.1f ms per MB of BSON", u.cpuSeconds() * 1e3 / mb) : "",
        u.seconds() > 0 ? mb / u.seconds() : 0, u.seconds());
    return client + "\nbounded by: " + bound(u);
  }

  static String bound(ClientUsage u) {
    if (u.onlySharesCpusWithServer()) {
      return "this host's CPUs, which client and server share (" + u.bottleneck() + "): the time describes both; a"
          + " client on a host of its own leaves the server all of them";
    }
    if (u.clientBound()) {
      return "the client (" + u.bottleneck() + "), converting BSON to COPY rows: more --jobs spread one collection"
          + " over more cores, if the client has them";
    }
    return "the server, or the network to it: the client used " + Math.round(u.cpuShare() * 100) + "% of its cores"
        + (u.host() != null && u.host().serverOnThisHost() ? " (this host's CPUs were "
        + Math.round(u.host().cpuShare() * 100) + "% busy)" : "");
  }
}
