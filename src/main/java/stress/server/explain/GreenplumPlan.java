package stress.server.explain;

import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Greenplum-family coordinator's EXPLAIN says: its Motions ({@code Gather Motion 2:1 (slice1;
 * segments: 2)}: 2 segments send to the coordinator) and slices. An UPDATE or DELETE by key shows no Motion
 * at all; where it goes is then inferred from its key condition: a constant lets the coordinator dispatch
 * to one segment, a parameter ({@code $1}, a generic plan) sends it to all. Pure: reads text only.
 *
 * @param firstMotion the first Motion line's text ({@code Gather Motion 1:1  (slice1; segments: 1)}), or null
 * @param segments    the most segments any Motion's slice runs on, or null without a Motion
 * @param slices      how many slices the Motions name
 * @param dml         true when the plan's top node is an Insert, Update or Delete
 * @param keyParameter true when the plan's conditions (or, without any, the values it writes) hold a parameter ({@code $1})
 * @param textFormat  false when the output is not a text-format plan (e.g. FORMAT JSON)
 */
public record GreenplumPlan(String firstMotion, Integer segments, int slices, boolean dml, boolean keyParameter,
                            boolean textFormat) {
  private static final Pattern MOTION = Pattern.compile(
      "((?:Explicit )?(Gather|Redistribute|Broadcast) Motion (\\d+):(\\d+)\\s+\\(slice(\\d+); segments: (\\d+)\\))");
  private static final Pattern DML = Pattern.compile("^\\s*(Insert|Update|Delete) on ");
  private static final Pattern CONDITION = Pattern.compile("^\\s*(Index Cond|Recheck Cond|Filter): ");
  private static final Pattern OUTPUT = Pattern.compile("^\\s*Output: ");
  private static final Pattern PARAMETER = Pattern.compile("\\$\\d");

  /** Reads the plan, one line per row of the EXPLAIN result. */
  public static GreenplumPlan parse(List<String> plan) {
    if (!plan.isEmpty() && plan.get(0).strip().startsWith("[")) {
      return new GreenplumPlan(null, null, 0, false, false, false);
    }
    String first = null;
    Integer segments = null;
    TreeSet<Integer> slices = new TreeSet<>();
    boolean condition = false;
    boolean conditionParameter = false;
    boolean outputParameter = false;
    for (String line : plan) {
      Matcher m = MOTION.matcher(line);
      if (m.find()) {
        if (first == null) {
          first = m.group(1).replaceAll("\\s+\\(", "  (");
        }
        int senders = Integer.parseInt(m.group(3));
        int receivers = Integer.parseInt(m.group(4));
        // a Gather's receiver is the coordinator; a Redistribute/Broadcast also runs its receiving slice on segments
        int reached = Math.max(Integer.parseInt(m.group(6)), m.group(2).equals("Gather") ? senders : Math.max(senders, receivers));
        segments = segments == null ? reached : Math.max(segments, reached);
        slices.add(Integer.valueOf(m.group(5)));
      }
      boolean parameter = PARAMETER.matcher(line).find();
      if (CONDITION.matcher(line).find()) {
        condition = true;
        conditionParameter |= parameter;
      } else if (OUTPUT.matcher(line).find()) {
        outputParameter |= parameter;
      }
    }
    boolean dml = !plan.isEmpty() && DML.matcher(plan.get(0)).find();
    // the key is in a condition (UPDATE, DELETE) or, for an INSERT, among the values it writes
    boolean keyParameter = condition ? conditionParameter : outputParameter;
    return new GreenplumPlan(first, segments, slices.size(), dml, keyParameter, true);
  }

  /**
   * The verdict, given how many primary segments the cluster has.
   *
   * @param totalSegments primary segments in {@code gp_segment_configuration}, or null when unknown
   */
  public Verdict verdict(Integer totalSegments) {
    if (!textFormat) {
      return Verdict.unknown("not a text-format plan; stress reads EXPLAIN (VERBOSE) text");
    }
    if (segments != null) {
      return Verdict.counted(segments, totalSegments, "segment", List.of(),
          firstMotion + ", " + slices + (slices == 1 ? " slice" : " slices"));
    }
    if (dml) {
      if (keyParameter) {
        return Verdict.counted(totalSegments, totalSegments, "segment", List.of(),
            "no Motion in a DML plan; inferred: the key is the parameter $n, so no direct dispatch");
      }
      return Verdict.counted(1, totalSegments, "segment", List.of(),
          "no Motion in a DML plan; inferred: the key is a constant, so direct dispatch to its segment");
    }
    return Verdict.unknown("no Motion in the plan");
  }
}
