package stress.server.explain;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Citus coordinator's EXPLAIN says about a statement: each distributed step (a {@code Custom Scan (Citus ...)},
 * one more per subplan Citus runs before the statement itself) with its {@code Task Count} (one task per shard reached;
 * 1 is a router query) and the shard its tasks read, the nodes of the tasks shown, and the shard id of the first task's
 * query, through which the table's shard total is found. Pure: reads text only.
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
 * @param steps       every distributed step in the order Citus runs them (its subplans first, the statement last)
 */
public record CitusPlan(boolean distributed, String executor, Integer taskCount, String tasksShown, List<String> nodes,
                        Long shardId, int distributedSteps, boolean readsIntermediate, List<Step> steps) {
  /**
   * One distributed step.
   *
   * @param taskCount  its {@code Task Count}, or null when the plan shows none
   * @param tasksShown its {@code Tasks Shown}, or null
   * @param shardId    the shard its first task reads, or null when the plan does not name one
   * @param overIntermediate true when its tasks read no shard, only the rows earlier steps returned
   */
  public record Step(Integer taskCount, String tasksShown, Long shardId, boolean overIntermediate) {}

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
    steps = List.copyOf(steps);
  }

  /** Reads the plan, one line per row of the EXPLAIN result. */
  public static CitusPlan parse(List<String> plan) {
    String executor = null;
    Integer taskCount = null;
    String tasksShown = null;
    List<String> nodes = new ArrayList<>();
    Long shardId = null;
    Long scanned = null; // a shard relation named anywhere in the plan, for a task without a readable query
    boolean intermediate = false;
    // a step's Task Count, Tasks Shown and tasks are indented two columns right of its Custom Scan's name; Citus
    // prints a statement's subplans inside its custom scan, before its own Task Count
    Map<Integer, StepReading> open = new HashMap<>();
    List<StepReading> started = new ArrayList<>();
    List<StepReading> finished = new ArrayList<>();
    StepReading current = null;
    for (String line : plan) {
      intermediate |= line.contains("read_intermediate_result(");
      Matcher m = CUSTOM_SCAN.matcher(line);
      if (m.find()) {
        if (executor == null) {
          executor = m.group(1);
        }
        StepReading step = new StepReading();
        open.put(m.start() + 2, step);
        started.add(step);
        current = null;
      }
      int indent = indent(line);
      StepReading owner = open.get(indent);
      if ((m = TASK_COUNT.matcher(line)).find()) {
        if (taskCount == null) {
          taskCount = Integer.valueOf(m.group(1));
        }
        if (owner != null) {
          owner.taskCount = Integer.valueOf(m.group(1));
          finished.add(owner);
          current = owner;
        }
      }
      if ((m = TASKS_SHOWN.matcher(line)).find()) {
        if (tasksShown == null) {
          tasksShown = m.group(1);
        }
        if (owner != null) {
          owner.tasksShown = m.group(1);
        }
      }
      if ((m = NODE.matcher(line)).find()) {
        String node = m.group(1) + ":" + m.group(2);
        if (!nodes.contains(node)) {
          nodes.add(node);
        }
      }
      if ((m = QUERY.matcher(line)).find()) {
        Long shard = shardIn(m.group(1));
        shardId = shardId == null ? shard : shardId;
        if (current != null && current.shardId == null) {
          current.shardId = shard;
          current.overIntermediate |= shard == null && m.group(1).contains("read_intermediate_result(");
        }
      } else if (current != null && current.shardId == null && !line.contains("Task Count")) {
        current.shardId = shardIn(line); // a task whose query names no shard may still scan one
      }
      if (scanned == null) {
        scanned = shardIn(line);
      }
    }
    List<Step> steps = new ArrayList<>();
    for (StepReading r : finished) {
      steps.add(new Step(r.taskCount, r.tasksShown, r.shardId, r.overIntermediate && r.shardId == null));
    }
    for (StepReading r : started) {
      if (!finished.contains(r)) {
        steps.add(new Step(null, r.tasksShown, null, false));
      }
    }
    return new CitusPlan(!started.isEmpty(), executor, taskCount, tasksShown, nodes,
        shardId != null ? shardId : scanned, started.size(), intermediate, steps);
  }

  /** A step as it is read: its Custom Scan seen, its figures as they come. */
  private static final class StepReading {
    Integer taskCount;
    String tasksShown;
    Long shardId;
    boolean overIntermediate;
  }

  private static int indent(String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    return i;
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
   * The verdict, given how many shards the statement's table has (every table of the plan, for a plan of several
   * steps).
   *
   * @param totalShards the table's shard count, or null when unknown
   */
  public Verdict verdict(Integer totalShards) {
    return verdict(shard -> totalShards);
  }

  /**
   * The verdict, counting every distributed step: the step that reaches the most shards of its table decides the
   * route, and a plan of several steps lists them all (a {@code $lookup} that reads the whole foreign collection is a
   * broadcast however few shards its first step reads).
   *
   * @param totalOf the shard count of the table a shard id belongs to (null when unknown); the id may be null
   */
  public Verdict verdict(Function<Long, Integer> totalOf) {
    if (!distributed) {
      return Verdict.singleNode("no Citus scan in the plan: the table is not distributed, it stays on the coordinator");
    }
    if (taskCount == null) {
      return Verdict.unknown("the Citus plan (" + executor + ") shows no Task Count");
    }
    Step decisive = null;
    Integer total = totalOf.apply(shardId);
    if (steps.size() > 1) {
      for (Step s : steps) {
        if (s.taskCount() != null && !s.overIntermediate() && (decisive == null
            || reach(s, totalOf) > reach(decisive, totalOf)
            || reach(s, totalOf) == reach(decisive, totalOf) && s.taskCount() > decisive.taskCount())) {
          decisive = s;
        }
      }
    }
    int tasks = decisive == null ? taskCount : decisive.taskCount();
    total = decisive == null ? total : totalOf.apply(decisive.shardId());
    // the route's own name says "multi-shard" for a subset; say it for a broadcast too, and "router" for one
    Route route = Route.of(tasks, total);
    StringBuilder detail = new StringBuilder(tasks == 1 ? "router, " : route == Route.ALL ? "multi-shard, " : "");
    detail.append("Task Count ").append(tasks);
    if (distributedSteps > 1) {
      detail.append(", ").append(distributedSteps).append(" distributed steps: ").append(stepList(totalOf));
    }
    if (readsIntermediate) {
      detail.append("; the rest runs on one node over the rows the shards returned (read_intermediate_result):"
          + " not pushed down");
    }
    // with only one of many tasks shown, its node is not where the statement goes
    boolean allShown = steps.stream().allMatch(s -> "All".equals(s.tasksShown())) && "All".equals(tasksShown);
    return Verdict.counted(tasks, total, "shard", allShown ? nodes : List.of(), detail.toString());
  }

  /** How far a step reaches, as a rank: one shard, several, all; unknown counts as several. */
  private static int reach(Step s, Function<Long, Integer> totalOf) {
    return switch (Route.of(s.taskCount(), totalOf.apply(s.shardId()))) {
      case ONE -> 0;
      case ALL -> 2;
      default -> 1;
    };
  }

  /** The steps in the order they run, a run of equal ones told once: {@code 1 of 32, 1 task over ... (3 steps)}. */
  private String stepList(Function<Long, Integer> totalOf) {
    List<String> told = new ArrayList<>();
    String last = null;
    int repeats = 0;
    for (Step s : steps) {
      String text = s.taskCount() == null ? "no Task Count"
          : s.overIntermediate() ? s.taskCount() + (s.taskCount() == 1 ? " task" : " tasks") + " over intermediate results"
          : s.taskCount() + " of " + orUnknown(totalOf.apply(s.shardId()));
      if (text.equals(last)) {
        repeats++;
        continue;
      }
      if (last != null) {
        told.add(repeats > 1 ? last + " (" + repeats + " steps)" : last);
      }
      last = text;
      repeats = 1;
    }
    told.add(repeats > 1 ? last + " (" + repeats + " steps)" : last);
    return String.join(", ", told);
  }

  private static String orUnknown(Integer total) {
    return total == null ? "?" : total.toString();
  }
}
