package stress.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What MongoDB recorded for one operation of a workload, as {@code stress workload --from-log} writes it under the
 * operation's {@code mongodb:} key: how often and over what time it was logged, mongod's {@code durationMillis}
 * percentiles (the server's own time, whole milliseconds), its plans and the applications that sent it.
 *
 * @param entries                 the log entries of the operation (a getMore counted with the find it continues)
 * @param getMores                getMores folded into those entries (their time is in the durations)
 * @param first                   the first entry's time as logged (ISO-8601), or null
 * @param last                    the last entry's time as logged, or null
 * @param perSecond               entries per second between the first and the last, or null
 * @param p50Millis               the median durationMillis
 * @param p95Millis               the 95th percentile
 * @param p99Millis               the 99th percentile
 * @param maxMillis               the largest
 * @param plans                   each planSummary as logged ({@code IXSCAN { a: 1 }}, {@code COLLSCAN}) and how often
 * @param examinedPerReturned     documents examined per document returned, or null when not logged
 * @param keysExaminedPerReturned index keys examined per document returned, or null when not logged
 * @param applications            each appName and how often
 * @param peakPerSecond           the entries of the busiest second of the log, or null when not kept
 * @param peakAt                  that second (ISO-8601), or null
 */
public record MongoRecorded(long entries, long getMores, String first, String last, Double perSecond,
                            long p50Millis, long p95Millis, long p99Millis, long maxMillis, Map<String, Long> plans,
                            Double examinedPerReturned, Double keysExaminedPerReturned,
                            Map<String, Long> applications, Long peakPerSecond, String peakAt) {
  public MongoRecorded {
    plans = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNullElse(plans, Map.of())));
    applications = Collections.unmodifiableMap(new LinkedHashMap<>(
        Objects.requireNonNullElse(applications, Map.of())));
  }

  /** What a source that keeps no per-second counts recorded: no peak. */
  public MongoRecorded(long entries, long getMores, String first, String last, Double perSecond, long p50Millis,
                       long p95Millis, long p99Millis, long maxMillis, Map<String, Long> plans,
                       Double examinedPerReturned, Double keysExaminedPerReturned, Map<String, Long> applications) {
    this(entries, getMores, first, last, perSecond, p50Millis, p95Millis, p99Millis, maxMillis, plans,
        examinedPerReturned, keysExaminedPerReturned, applications, null, null);
  }

  /** The plan MongoDB used most often, or empty when none was logged. */
  public String plan() {
    return plans.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
  }

  /**
   * Whether that plan reads an index: IXSCAN, IDHACK, COUNT_SCAN, DISTINCT_SCAN and their EXPRESS forms (8.0), as
   * opposed to COLLSCAN.
   */
  public boolean readsIndex() {
    String plan = plan();
    return plan.startsWith("IXSCAN") || plan.startsWith("IDHACK") || plan.startsWith("COUNT_SCAN")
        || plan.startsWith("DISTINCT_SCAN") || plan.startsWith("EXPRESS");
  }
}
