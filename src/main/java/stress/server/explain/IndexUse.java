package stress.server.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which indexes a plan reads and which tables it scans whole, read from EXPLAIN text. The node names are the
 * same on every target, because Citus, Postgres-XL and Greenplum print the plan of the node or shard below
 * their own routing nodes; on Citus the names are the shard's (e.g. {@code check_in_pkey_102008}).
 *
 * @param indexes    the indexes read, each as {@code name (Index Scan)}, in plan order, without repeats
 * @param fullScans  the tables read without an index, each as {@code table (Seq Scan)}, in plan order, without repeats
 */
public record IndexUse(List<String> indexes, List<String> fullScans) {
  /** {@code Index Scan using X on T}, {@code Index Only Scan using X on T}, {@code Bitmap Index Scan on X}. */
  private static final Pattern INDEX =
      Pattern.compile("\\b(Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\\S+)");
  /** {@code Seq Scan on T}, Greenplum ORCA's {@code Table Scan on T} and {@code Dynamic Seq Scan on T}. */
  private static final Pattern FULL = Pattern.compile("\\b((?:Parallel |Dynamic )?Seq Scan|Table Scan) on (\\S+)");

  public IndexUse {
    indexes = List.copyOf(indexes);
    fullScans = List.copyOf(fullScans);
  }

  /** Reads the plan's lines (the QUERY PLAN column of EXPLAIN, one row per line). */
  public static IndexUse of(List<String> plan) {
    List<String> indexes = new ArrayList<>();
    List<String> full = new ArrayList<>();
    for (String line : plan) {
      Matcher m = INDEX.matcher(line);
      if (m.find()) {
        addOnce(indexes, m.group(2) + " (" + m.group(1) + ")");
        continue;
      }
      Matcher f = FULL.matcher(line);
      if (f.find()) {
        addOnce(full, f.group(2) + " (" + f.group(1) + ")");
      }
    }
    return new IndexUse(indexes, full);
  }

  private static void addOnce(List<String> list, String item) {
    if (!list.contains(item)) {
      list.add(item);
    }
  }

  /** True when the plan reads at least one index. */
  public boolean usesIndex() {
    return !indexes.isEmpty();
  }

  /**
   * E.g. {@code index: check_in_pkey (Index Scan)}, {@code index: none; whole table read: public.check_in (Seq Scan)},
   * or both parts when a plan does both; {@code index: none needed (no table read in the plan shown)} for a plan
   * without scans (INSERT ... VALUES, or a Postgres-XL plan whose remote part is not shown).
   */
  public String line() {
    if (indexes.isEmpty() && fullScans.isEmpty()) {
      return "index: none needed (no table read in the plan shown)";
    }
    String read = "index: " + (indexes.isEmpty() ? "none" : String.join(", ", indexes));
    return fullScans.isEmpty() ? read : read + "; whole table read: " + String.join(", ", fullScans);
  }

  /** A word for a summary cell: {@code index}, {@code seq scan}, {@code index+seq scan}, or empty for neither. */
  public String brief() {
    if (indexes.isEmpty()) {
      return fullScans.isEmpty() ? "" : "seq scan";
    }
    return fullScans.isEmpty() ? "index" : "index+seq scan";
  }
}
