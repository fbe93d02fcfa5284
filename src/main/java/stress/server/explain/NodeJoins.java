package stress.server.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How a Postgres-XL or Greenplum plan joins a statement's table to a table its {@code $lookup} reads: on each node
 * (no motion between the foreign table's scan and the join above it: both tables' rows meet where they are stored),
 * or by moving the foreign rows first (a Greenplum {@code Motion}, a Postgres-XL {@code Remote Subquery Scan} between
 * the scan and the join). Pure: reads the plan's node lines by their indentation.
 */
public final class NodeJoins {
  private static final Pattern JOIN = Pattern.compile(".*\\b(Join|Nested Loop)\\b.*");
  private static final Pattern MOVES = Pattern.compile(".*\\b(Motion|Remote Subquery Scan)\\b.*");

  private NodeJoins() {}

  /**
   * One foreign table's join as the plan shows it.
   *
   * @param read   whether a scan of the table is in the plan
   * @param moved  the first node line that moves its rows to a join, or null when every scan of it is joined where
   *               it stands
   */
  public record Join(boolean read, String moved) {
    public boolean colocated() {
      return read && moved == null;
    }
  }

  /** How {@code table} (unqualified) is joined: every scan of it, up to the join above it. */
  public static Join read(List<String> plan, String table) {
    Pattern scan = Pattern.compile(".*\\bScan( using \\S+)? on (\\S+\\.)?\"?" + Pattern.quote(table) + "\"?(\\s.*|$)");
    boolean read = false;
    for (int i = 0; i < plan.size(); i++) {
      if (!isNode(plan, i) || !scan.matcher(plan.get(i)).matches()) {
        continue;
      }
      read = true;
      int depth = depth(plan.get(i));
      boolean joined = false;
      for (int j = i - 1; j >= 0 && !joined; j--) {
        if (!isNode(plan, j) || depth(plan.get(j)) >= depth) {
          continue;
        }
        depth = depth(plan.get(j));
        joined = JOIN.matcher(plan.get(j)).matches();
        if (!joined && MOVES.matcher(plan.get(j)).matches()) {
          return new Join(true, plan.get(j).strip().replaceFirst("^->\\s*", "").replaceFirst("\\s+\\(cost=.*", ""));
        }
      }
      if (!joined) {
        return new Join(true, "no join above its scan (read on its own, e.g. in a subplan)");
      }
    }
    return new Join(read, null);
  }

  /** A plan node: the first line, or one whose text starts with {@code ->}. */
  private static boolean isNode(List<String> plan, int i) {
    return i == 0 || plan.get(i).strip().startsWith("->");
  }

  private static int depth(String line) {
    int arrow = line.indexOf("->");
    return arrow >= 0 && line.substring(0, arrow).isBlank() ? arrow : line.length() - line.stripLeading().length();
  }

  /** The joins of each foreign table, in the order given. */
  public static List<Join> read(List<String> plan, List<String> foreign) {
    List<Join> joins = new ArrayList<>();
    for (String table : foreign) {
      joins.add(read(plan, table));
    }
    return joins;
  }
}
