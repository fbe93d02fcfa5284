package stress.report.assess;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the application holds and does, per collection: from the dump its documents, sizes and MongoDB indexes (its
 * {@code metadata.json}); from the log the operations MongoDB logged on it, their share of the application's, their
 * logged latency and rate. Collections on one side only are listed; a half that was not given is null, with the reason.
 *
 * @param dump          the dump read, or null
 * @param noDump        why there is no dump half, or null
 * @param log           the workload directory the log's figures were read from, or null
 * @param noLog         why there is no log half, or null
 * @param loggedOperations the logged operations of all collections (the denominator of each share)
 * @param collections   every collection of either side, by namespace
 * @param logOnly       namespaces the log uses that the dump lacks (empty without a dump or a log)
 * @param dumpOnly      namespaces of the dump the log never touches (empty without a dump or a log)
 */
public record InventorySection(String dump, String noDump, String log, String noLog, long loggedOperations,
                               List<Collection> collections, List<String> logOnly, List<String> dumpOnly)
    implements SectionSummary {
  /** One collection; {@code dump} or {@code log} is null when that side does not have it (or was not given). */
  public record Collection(String ns, Dump dump, Log log) {}

  /**
   * The dump's side of a collection.
   *
   * @param bytes   the BSON bytes of its documents
   * @param stopped why reading stopped before the end (a lost length prefix), or null
   */
  public record Dump(long documents, long bytes, double averageBytes, long largestBytes, List<Index> indexes,
                     String stopped) {}

  /**
   * One index as the dump's metadata declares it.
   *
   * @param key                     its key document as JSON text ({@code {"status": 1, "createdAt": -1}})
   * @param kinds                   the special key kinds it uses: text, 2dsphere, 2d, hashed, wildcard (empty for a
   *                                plain one)
   * @param partialFilterExpression as JSON text, or null
   * @param expireAfterSeconds      the TTL, or null
   * @param collation               as JSON text, or null
   * @param options                 every other field of the index's entry (but v, key, name, ns) as JSON text
   */
  public record Index(String name, String key, List<String> kinds, boolean unique, boolean sparse,
                      String partialFilterExpression, Long expireAfterSeconds, String collation, String options) {}

  /**
   * The log's side of a collection.
   *
   * @param operations the log entries of its operations that the workload files hold
   * @param share      their part of {@link InventorySection#loggedOperations}, 0 to 1
   * @param p50Millis  MongoDB's logged durationMillis, median (null when not recorded)
   * @param p99Millis  the 99th percentile (null when not recorded)
   * @param meanRate   operations a second from the first logged to the last, or null when not known
   * @param peakRate   the busiest second's operations, or null: see {@code rateNote}
   * @param rateNote   how the rates were found, or why one is null
   */
  public record Log(long operations, double share, Long p50Millis, Long p99Millis, Double meanRate, Double peakRate,
                    String first, String last, int shapes, String rateNote) {}

  @Override
  public List<String> summaryLines() {
    List<String> lines = new ArrayList<>();
    long documents = collections.stream().filter(c -> c.dump() != null).mapToLong(c -> c.dump().documents()).sum();
    long bytes = collections.stream().filter(c -> c.dump() != null).mapToLong(c -> c.dump().bytes()).sum();
    long indexes = collections.stream().filter(c -> c.dump() != null).mapToLong(c -> c.dump().indexes().size()).sum();
    long inDump = collections.stream().filter(c -> c.dump() != null).count();
    long inLog = collections.stream().filter(c -> c.log() != null).count();
    lines.add(dump == null ? "dump: none (" + noDump + ")" : String.format(Locale.ROOT,
        "dump: %d collections, %d documents, %.1f MB, %d indexes in its metadata", inDump, documents, bytes / 1e6,
        indexes));
    lines.add(log == null ? "log: none (" + noLog + ")" : "log: " + loggedOperations + " operations on " + inLog
        + " collections");
    if (!logOnly.isEmpty()) {
      lines.add("in the log, not in the dump: " + String.join(", ", logOnly));
    }
    if (!dumpOnly.isEmpty()) {
      lines.add("in the dump, never in the log: " + String.join(", ", dumpOnly));
    }
    return lines;
  }
}
