package stress.mongolog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * One shape written as an operation of a workload file: what MongoDB recorded as comments, the weight (how often it
 * was logged), the MongoDB-style statement with its parameters, and each parameter's generator.
 */
final class OperationText {
  /** A {@code $in} list longer than this is drawn with this many values. */
  static final int MAX_LIST = 100;
  private static final JsonWriterSettings RELAXED = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

  private OperationText() {}

  static String of(String name, ShapeStats s) {
    Logged shape = s.first;
    String spec = shape.spec().toJson(RELAXED);
    Map<String, String> params = new LinkedHashMap<>();
    List<String> paramComments = new ArrayList<>();
    for (Slot slot : shape.slots()) {
      Map<BsonValue, Long> values = s.values.getOrDefault(slot.name(), Map.of());
      ParameterChoice choice = ParameterChoice.of(slot, values, s.overflow.getOrDefault(slot.name(), 0L));
      String quoted = "\"" + slot.token() + "\"";
      if (!slot.list()) {
        if (choice.inline() != null) {
          spec = spec.replace(quoted, ParameterChoice.json(choice.inline()));
        } else {
          params.put(slot.name(), choice.generator());
          paramComments.add(slot.name() + ": " + choice.comment());
        }
        continue;
      }
      int length = lengthOf(s, slot);
      List<String> elements = new ArrayList<>();
      for (int i = 1; i <= length; i++) {
        if (choice.inline() != null) {
          elements.add(ParameterChoice.json(choice.inline()));
        } else {
          String element = slot.name() + "_" + i;
          elements.add("\":" + element + "\"");
          params.put(element, choice.generator());
        }
      }
      spec = spec.replace(quoted, "[" + String.join(", ", elements) + "]");
      if (choice.inline() == null) {
        paramComments.add(slot.name() + "_1.." + length + ": the " + slot.operator() + " list, " + length
            + " values (its most common length), each " + choice.comment());
      }
    }
    StringBuilder out = new StringBuilder();
    out.append("  ").append(name).append(":\n");
    List<String> comments = new ArrayList<>(recorded(s));
    comments.addAll(paramComments);
    for (String line : comments) {
      out.append("    # ").append(oneLine(line)).append('\n');
    }
    out.append("    weight: ").append(Math.min(Integer.MAX_VALUE, s.entries)).append('\n');
    out.append("    ").append(shape.kind()).append(": ").append(spec).append('\n');
    if (!params.isEmpty()) {
      out.append("    params:\n");
      params.forEach((k, v) -> out.append("      ").append(k).append(": ").append(v).append('\n'));
    }
    return out.toString();
  }

  /** Text from the log kept on one comment line. */
  static String oneLine(String text) {
    return text.replaceAll("[\\r\\n\\u0085\\u2028\\u2029]", " ");
  }

  private static int lengthOf(ShapeStats s, Slot slot) {
    Integer common = ShapeStats.mostCommon(s.lengths.getOrDefault(slot.name(), Map.of()));
    return Math.max(1, Math.min(MAX_LIST, common == null ? 1 : common));
  }

  /** What MongoDB recorded for the shape, a few comment lines. */
  static List<String> recorded(ShapeStats s) {
    List<String> lines = new ArrayList<>();
    String when = s.firstTime == null ? "" : ", " + s.firstTime + " .. " + s.lastTime + rate(s);
    lines.add("MongoDB logged " + s.entries + (s.entries == 1 ? " entry" : " entries")
        + (s.folded > 0 ? " (and " + s.folded + " getMore)" : "") + when);
    lines.add("durationMillis: p50 " + s.millis.getValueAtPercentile(50) + ", p95 " + s.millis.getValueAtPercentile(95)
        + ", p99 " + s.millis.getValueAtPercentile(99) + ", max " + s.millis.getMaxValue());
    lines.add("plan: " + LogWorkloads.mostFrequent(s.plans) + (s.withCounts == 0 ? "" : String.format(Locale.ROOT,
        "; per document returned: %.2f examined, %.2f keys", ratio(s.examinedDocs, s.returned),
        ratio(s.examinedKeys, s.returned))));
    lines.add("applications: " + LogWorkloads.mostFrequent(s.apps) + "; first at " + s.sources.get(0));
    if (!s.first.note().isEmpty()) {
      lines.add("differs from MongoDB: " + s.first.note());
    }
    return lines;
  }

  private static String rate(ShapeStats s) {
    double seconds = (s.lastTime.toEpochMilli() - s.firstTime.toEpochMilli()) / 1000.0;
    return seconds <= 0 ? "" : String.format(Locale.ROOT, " (%.2f/s)", s.entries / seconds);
  }

  private static double ratio(long a, long b) {
    return b == 0 ? a : (double) a / b;
  }
}
