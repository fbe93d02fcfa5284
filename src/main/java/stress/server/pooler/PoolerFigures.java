package stress.server.pooler;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * PgBouncer's own figures over one phase: deltas of {@code SHOW STATS}' cumulative counters of the run's database
 * (every user's) and the most {@code SHOW POOLS} showed for the run's database and user while the phase ran.
 *
 * @param transactions        {@code total_xact_count} delta
 * @param queries             {@code total_query_count} delta
 * @param waitMicros          {@code total_wait_time} delta: how long clients waited for a server connection, in all
 * @param queryMicros         {@code total_query_time} delta: how long the pooler's server connections executed queries,
 *                            in all; null where {@code SHOW STATS} has no such column
 * @param maxWaitMicros       the longest wait of a client then waiting ({@code maxwait}, {@code maxwait_us}) seen
 * @param serverConnections   the most server connections seen open ({@code sv_active + sv_idle + sv_used}): idle ones
 *                            an earlier run left in the pool count too
 * @param activeConnections   the most server connections seen serving a client at once ({@code sv_active}): those
 *                            this run (and any other client of the pool then) used
 * @param poolSize            the pool's size for this database and user, or null where unknown
 * @param peakWaitingClients  the most clients seen waiting ({@code cl_waiting})
 * @param clientsAtPeak       the pool's clients ({@code cl_active + cl_waiting}) read with that most waiting
 * @param samples             {@code SHOW POOLS} reads while the phase ran (at its intervals); with none, the
 *                            longest wait and the waiting clients were only read before and after the load
 */
public record PoolerFigures(long transactions, long queries, long waitMicros, Long queryMicros, long maxWaitMicros,
                            int serverConnections, int activeConnections, Integer poolSize, int peakWaitingClients,
                            int clientsAtPeak, int samples) {

  /** The mean wait per transaction through the pooler, in milliseconds; 0 without transactions. */
  public double meanWaitMillis() {
    return transactions == 0 ? 0 : waitMicros / 1000.0 / transactions;
  }

  /**
   * The client's mean latency split into waiting at the pooler, inside the server and the rest, both of the pooler's
   * parts per transaction, the wait beside the clients waiting at its peak (where the pool was read while the phase
   * ran); null without transactions or a client's mean to split.
   */
  public ClientLatencySplit split(double clientMeanMillis) {
    if (clientMeanMillis <= 0 || transactions == 0) {
      return null;
    }
    return new ClientLatencySplit(clientMeanMillis, meanWaitMillis(),
        queryMicros == null ? null : queryMicros / 1000.0 / transactions,
        samples == 0 ? null : new ClientLatencySplit.Waiting(peakWaitingClients, clientsAtPeak));
  }

  /** The text under the phase: the pooler's figures and, given the client's mean latency, where it went. */
  public String line(double clientMeanMillis) {
    String line = String.format(Locale.ROOT, "pooler: %,d transactions, %,d queries; clients waited avg %.3f ms",
        transactions, queries, meanWaitMillis());
    String ofPool = poolSize == null ? "" : " of " + poolSize;
    line += samples == 0
        ? String.format(Locale.ROOT, "; %d%s server connections open; the longest wait and the waiting clients not"
            + " sampled (no interval ended while the phase ran)", serverConnections, ofPool)
        : String.format(Locale.ROOT, ", max seen %.3f ms; %d%s server connections open, at most %d active at once,"
            + " at most %d clients waiting (%d samples)", maxWaitMicros / 1000.0, serverConnections, ofPool,
            activeConnections, peakWaitingClients, samples);
    ClientLatencySplit split = split(clientMeanMillis);
    return split == null ? line : line + "; " + split.text();
  }

  /** The same figures for the phase's {@code connection} in result.json, each key beginning {@code pooler }. */
  public Map<String, String> toReport(double clientMeanMillis) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("pooler transactions", Long.toString(transactions));
    m.put("pooler queries", Long.toString(queries));
    m.put("pooler client wait avg ms", String.format(Locale.ROOT, "%.3f", meanWaitMillis()));
    if (samples > 0) {
      m.put("pooler client wait max seen ms", String.format(Locale.ROOT, "%.3f", maxWaitMicros / 1000.0));
    }
    m.put("pooler server connections open", Integer.toString(serverConnections));
    if (samples > 0) {
      m.put("pooler server connections active at most", Integer.toString(activeConnections));
    }
    if (poolSize != null) {
      m.put("pooler pool size", Integer.toString(poolSize));
    }
    if (samples > 0) {
      m.put("pooler clients waiting at most", Integer.toString(peakWaitingClients));
      m.put("pooler clients at the waiting peak", Integer.toString(clientsAtPeak));
    }
    m.put("pooler pool samples", Integer.toString(samples));
    ClientLatencySplit split = split(clientMeanMillis);
    if (split != null) {
      split.putInto(m);
    }
    return m;
  }
}
