package stress.target.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Citus coordinator's EXPLAIN says about a statement: its {@code Task Count} (one task per shard
 * reached; 1 is a router query), the nodes of the tasks shown, and the shard id of the first task's query,
 * through which the table's shard total is found. Pure: reads text only.
 *
 * @param distributed true when the plan has a Citus custom scan; false for a table Citus does not distribute
 * @param executor    the custom scan's name, e.g. {@code Citus Adaptive}, or null
 * @param taskCount   the first {@code Task Count}, or null
 * @param tasksShown  the first {@code Tasks Shown} value ({@code All}, {@code One of 23}), or null
 * @param nodes       {@code host:port} of every task shown, in order, without repeats
 * @param shardId     the shard id in the first task's query ({@code public.check_in_102023} → 102023), else of the
 *                    first shard relation the plan scans, or null
 * @param distributedSteps how many Citus custom scans the plan has (subplans add more)
 * @param readsIntermediate true when steps read the rows earlier steps returned ({@code read_intermediate_result}):
 *                  Citus planned a subquery on its own and finishes the statement on one node, not on the shards
 */
public record CitusPlan(boolean distributed, String executor, Integer taskCount, String tasksShown, List<String> nodes,
                        Long shardId, int distributedSteps, boolean readsIntermediate) {
  private static final Pattern CUSTOM_SCAN = Pattern.compile("Custom Scan \\((Citus [^)]*)\\)");
  private static final Pattern TASK_COUNT = Pattern.compile("^\\s*Task Count: (\\d+)\\s*$");
  private static final Pattern TASKS_SHOWN = Pattern.compile("^\\s*Tasks Shown: (.+?)\\s*$");
  private static final Pattern NODE = Pattern.compile("^\\s*Node: host=(\\S+) port=(\\d+)");
  private static final Pattern QUERY = Pattern.compile("^\\s*Query: (.*)$");
  // Citus names a shard <table>_<shard id> and always writes it schema-qualified in a task's query (and after "on" in
  // the worker's scan nodes): the first such relation is the task's shard. A subquery's FROM before it (a sort over an
  // array adds one to the select list, with an alias worker_column_3) names no schema-qualified relation.
  private static final String IDENTIFIER = "(?:\"(?:[^\"]|\"\")+\"|[\\p{L}_][\\p{L}\\p{N}_$]*)";
  private static final Pattern SHARD = Pattern.compile("(?i)\\b(?:FROM|INTO|UPDATE|JOIN|USING|ON)\\s+(?:ONLY\\s+)?"
      + IDENTIFIER + "\\.(?:\"(?:[^\"]|\"\")*?_(\\d+)\"|[\\p{L}_][\\p{L}\\p{N}_$]*?_(\\d+)(?![\\p{L}\\p{N}_$]))");

  public CitusPlan {
    nodes = List.copyOf(nodes);
  }

  /** Reads the plan, one line per row of the EXPLAIN result. */
  public static CitusPlan parse(List<String> plan) {
    String executor = null;
    Integer taskCount = null;
    String tasksShown = null;
    List<String> nodes = new ArrayList<>();
    Long shardId = null;
    Long scanned = null; // a shard relation named anywhere in the plan, for a task without a readable query
    int steps = 0;
    boolean intermediate = false;
    for (String line : plan) {
      intermediate |= line.contains("read_intermediate_result(");
      Matcher m = CUSTOM_SCAN.matcher(line);
      if (m.find()) {
        steps++;
        if (executor == null) {
          executor = m.group(1);
        }
      }
      if (taskCount == null && (m = TASK_COUNT.matcher(line)).find()) {
        taskCount = Integer.valueOf(m.group(1));
      }
      if (tasksShown == null && (m = TASKS_SHOWN.matcher(line)).find()) {
        tasksShown = m.group(1);
      }
      if ((m = NODE.matcher(line)).find()) {
        String node = m.group(1) + ":" + m.group(2);
        if (!nodes.contains(node)) {
          nodes.add(node);
        }
      }
      if (shardId == null && (m = QUERY.matcher(line)).find()) {
        shardId = shardIn(m.group(1));
      }
      if (scanned == null) {
        scanned = shardIn(line);
      }
    }
    return new CitusPlan(steps > 0, executor, taskCount, tasksShown, nodes, shardId != null ? shardId : scanned, steps,
        intermediate);
  }

  /** The id of the first schema-qualified shard relation in the text, or null. */
  private static Long shardIn(String text) {
    Matcher shard = SHARD.matcher(text);
    if (!shard.find()) {
      return null;
    }
    return Long.valueOf(shard.group(1) != null ? shard.group(1) : shard.group(2));
  }

  /** True when one task does all the work: Citus's router path. */
  public boolean router() {
    return taskCount != null && taskCount == 1;
  }

  /**
   * The verdict, given how many shards the statement's table has.
   *
   * @param totalShards the table's shard count, or null when unknown
   */
  public Verdict verdict(Integer totalShards) {
    if (!distributed) {
      return Verdict.singleNode("no Citus scan in the plan: the table is not distributed, it stays on the coordinator");
    }
    if (taskCount == null) {
      return Verdict.unknown("the Citus plan (" + executor + ") shows no Task Count");
    }
    // the route's own name says "multi-shard" for a subset; say it for a broadcast too, and "router" for one
    Route route = Route.of(taskCount, totalShards);
    StringBuilder detail = new StringBuilder(router() ? "router, " : route == Route.ALL ? "multi-shard, " : "");
    detail.append("Task Count ").append(taskCount);
    if (distributedSteps > 1) {
      detail.append(", ").append(distributedSteps).append(" distributed steps (the first counted)");
    }
    if (readsIntermediate) {
      detail.append("; the rest runs on one node over the rows the shards returned (read_intermediate_result):"
          + " not pushed down");
    }
    // with only one of many tasks shown, its node is not where the statement goes
    List<String> named = "All".equals(tasksShown) ? nodes : List.of();
    return Verdict.counted(taskCount, totalShards, "shard", named, detail.toString());
  }
}
