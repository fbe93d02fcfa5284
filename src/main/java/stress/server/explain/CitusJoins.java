package stress.server.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a Citus plan joins a statement's table to the tables its {@code $lookup} stages read: in one task per shard pair
 * (a co-located join: the task's query names a shard of both tables), or by reading the foreign table's shards apart
 * into an intermediate result that a later step joins on one node. Pure: reads the {@code Query:} lines of an EXPLAIN
 * (VERBOSE), where Citus names each shard {@code schema.<table>_<shard id>}.
 */
public final class CitusJoins {
  private static final Pattern SUBPLAN = Pattern.compile("Distributed Subplan (\\d+_\\d+)");
  private static final Pattern TASK_COUNT = Pattern.compile("^\\s*Task Count: (\\d+)\\s*$");
  private static final Pattern QUERY = Pattern.compile("^\\s*Query: (.*)$");

  private CitusJoins() {}

  /** How one foreign table is joined. */
  public enum Kind {
    /** A task's query reads a shard of the statement's table and one of the foreign table: joined on each shard. */
    CO_LOCATED,
    /** The foreign table's shards are read by a step of their own, joined later on one node. */
    PULLED,
    /** No task shown reads the foreign table. */
    NOT_READ
  }

  /**
   * One join as the plan shows it.
   *
   * @param kind    how the foreign table is joined
   * @param tasks   the Task Count of the step that reads the foreign table, or null
   * @param subplan the Distributed Subplan that reads it ({@code 1_3}), or null when it is the statement's own step
   */
  public record Join(Kind kind, Integer tasks, String subplan) {}

  /** A task's query: the step it belongs to, and the shards it reads of the two tables. */
  private record Read(String subplan, Integer tasks, int localShards, int foreignShards) {}

  /**
   * How each foreign table is joined, in the order given (one entry per {@code $lookup} stage, a table may repeat).
   * The first query reading the local table is its own read, unless it also reads the foreign one.
   *
   * @param local   the statement's table, unqualified
   * @param foreign the table each {@code $lookup} reads, unqualified, in stage order
   */
  public static List<Join> read(List<String> plan, String local, List<String> foreign) {
    List<Join> joins = new ArrayList<>();
    for (String table : foreign) {
      List<Read> reads = reads(plan, local, table);
      boolean self = table.equals(local);
      int firstLocal = -1;
      for (int i = 0; i < reads.size() && firstLocal < 0; i++) {
        if (reads.get(i).localShards() > 0) {
          firstLocal = i;
        }
      }
      Join join = new Join(Kind.NOT_READ, null, null);
      int matched = 0;
      for (int i = 0; i < reads.size(); i++) {
        Read r = reads.get(i);
        boolean both = self ? r.foreignShards() >= 2 : r.localShards() > 0 && r.foreignShards() > 0;
        boolean foreignOnly = self ? i != firstLocal && r.foreignShards() > 0 : r.foreignShards() > 0;
        if (both || foreignOnly) {
          if (matched++ < seenOf(joins, foreign, table)) {
            continue; // read by an earlier $lookup of the same table
          }
          join = new Join(both ? Kind.CO_LOCATED : Kind.PULLED, r.tasks(), r.subplan());
          break;
        }
      }
      joins.add(join);
    }
    return joins;
  }

  /** How many earlier stages read the same foreign table (each takes its own read of it, in order). */
  private static int seenOf(List<Join> joins, List<String> foreign, String table) {
    int n = 0;
    for (int i = 0; i < joins.size(); i++) {
      if (foreign.get(i).equals(table) && joins.get(i).kind() != Kind.NOT_READ) {
        n++;
      }
    }
    return n;
  }

  private static List<Read> reads(List<String> plan, String local, String foreign) {
    Pattern localShard = shardOf(local);
    Pattern foreignShard = shardOf(foreign);
    List<Read> reads = new ArrayList<>();
    String subplan = null;
    int subplanIndent = -1;
    Integer tasks = null;
    for (String line : plan) {
      Matcher m = SUBPLAN.matcher(line);
      if (m.find()) {
        subplan = m.group(1);
        subplanIndent = m.start();
        tasks = null;
        continue;
      }
      if ((m = TASK_COUNT.matcher(line)).find()) {
        tasks = Integer.valueOf(m.group(1));
        // the statement's own step prints its Task Count after its subplans, left of them
        if (subplan != null && line.indexOf("Task Count") <= subplanIndent) {
          subplan = null;
        }
        continue;
      }
      if ((m = QUERY.matcher(line)).find()) {
        int l = count(localShard, m.group(1));
        int f = local.equals(foreign) ? l : count(foreignShard, m.group(1));
        if (l > 0 || f > 0) {
          reads.add(new Read(subplan, tasks, l, f));
        }
      }
    }
    return reads;
  }

  /** A shard of the table as Citus writes it in a task's query: schema-qualified, its name and the shard id. */
  private static Pattern shardOf(String table) {
    return Pattern.compile("(?<![\\p{L}\\p{N}_$\"])(?:[\\p{L}_][\\p{L}\\p{N}_$]*|\"(?:[^\"]|\"\")+\")\\.\"?"
        + Pattern.quote(table) + "_\\d+\"?(?![\\p{L}\\p{N}_$])");
  }

  private static int count(Pattern p, String text) {
    Matcher m = p.matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }
}
