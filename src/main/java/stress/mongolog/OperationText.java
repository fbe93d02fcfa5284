package stress.mongolog;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.nio.file.Path;
import org.bson.BsonDocument;
import org.bson.BsonString;
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
  /** Relaxed Extended JSON, as the derived files write documents (and the notes their collations). */
  static final JsonWriterSettings RELAXED = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

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
          if (choice.comment() != null) {
            paramComments.add(slot.name() + ": " + choice.comment());
          }
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
      } else if (choice.comment() != null) {
        paramComments.add(slot.name() + ": the " + slot.operator() + " list, " + length + " values (its most common"
            + " length), " + choice.comment());
      }
    }
    return text(name, s, paramComments, shape.kind(), spec, params);
  }

  /** An operation: comments, weight (the entries logged), the statement, its parameters and what MongoDB recorded. */
  private static String text(String name, ShapeStats s, List<String> extraComments, String kind, String spec,
                             Map<String, String> params) {
    StringBuilder out = new StringBuilder();
    out.append("  ").append(name).append(":\n");
    List<String> comments = new ArrayList<>(recorded(s));
    comments.addAll(extraComments);
    for (String line : comments) {
      out.append("    # ").append(oneLine(line)).append('\n');
    }
    out.append("    weight: ").append(Math.min(Integer.MAX_VALUE, s.entries)).append('\n');
    out.append("    ").append(kind).append(": ").append(spec).append('\n');
    if (!params.isEmpty()) {
      out.append("    params:\n");
      params.forEach((k, v) -> out.append("      ").append(k).append(": ").append(v).append('\n'));
    }
    out.append(mongodbKey(s));
    return out.toString();
  }

  /**
   * An insert: the collection's first document in the dump, under a new key each time ({@code new_key}), weighted by
   * the insert commands logged.
   */
  static String insert(String name, ShapeStats s, BsonDocument template, Path source) {
    BsonDocument document = template.clone();
    document.put("_id", new BsonString(":_id"));
    return text(name, s, List.of("the document is the first of " + source + ", written under a new key each time (the"
        + " log holds no inserted documents); each logged insert command may have inserted several, each execution"
        + " inserts one"), "insertOne", "{\"document\": " + document.toJson(RELAXED) + "}", Map.of("_id", "new_key"));
  }

  /**
   * A logged insert command of {@code n} documents: one insertMany of the collection's first document in the dump,
   * {@code n} times, each under a new key ({@code new_key}), weighted by the insert commands logged.
   */
  static String insertMany(String name, ShapeStats s, BsonDocument template, Path source, long n) {
    StringBuilder documents = new StringBuilder("{\"documents\": [");
    Map<String, String> params = new java.util.LinkedHashMap<>();
    for (long i = 1; i <= n; i++) {
      BsonDocument document = template.clone();
      document.put("_id", new BsonString(":_id_" + i));
      documents.append(i == 1 ? "" : ", ").append(document.toJson(RELAXED));
      params.put("_id_" + i, "new_key");
    }
    return text(name, s, List.of("each logged insert command inserted " + n + " documents: an insertMany of the first"
        + " of " + source + ", " + n + " times, each under a new key (the log holds no inserted documents)"),
        "insertMany", documents.append("]}").toString(), params);
  }

  /** Text from the log kept on one comment line. */
  static String oneLine(String text) {
    return text.replaceAll("[\\r\\n\\u0085\\u2028\\u2029]", " ");
  }

  private static int lengthOf(ShapeStats s, Slot slot) {
    Integer common = ShapeStats.mostCommon(s.lengths.getOrDefault(slot.name(), Map.of()));
    return Math.max(1, Math.min(MAX_LIST, common == null ? 1 : common));
  }

  /** How the comment naming what differs from what MongoDB ran starts. */
  static final String DIFFERS = "differs from MongoDB: ";

  /** Where the shape was first logged, and what differs from what MongoDB ran: comment lines. */
  static List<String> recorded(ShapeStats s) {
    List<String> lines = new ArrayList<>();
    lines.add("first logged at " + String.join(", ", s.sources));
    if (s.withCounts > 0 && s.returned == 0) {
      lines.add("MongoDB examined " + s.examinedDocs + " documents and " + s.examinedKeys + " keys and returned none");
    }
    if (!s.first.note().isEmpty()) {
      lines.add(DIFFERS + s.first.note());
    }
    return lines;
  }

  /**
   * What MongoDB recorded, as the operation's {@code mongodb:} key ({@code workload.MongoRecordedReader} reads it):
   * run prints it beside what it measures.
   */
  static String mongodbKey(ShapeStats s) {
    StringBuilder out = new StringBuilder("    mongodb:  # what MongoDB logged for this shape; durationMillis is mongod's"
        + " own time\n");
    out.append("      entries: ").append(s.entries).append('\n');
    if (s.folded > 0) {
      out.append("      getMores: ").append(s.folded).append('\n');
    }
    if (s.firstTime != null) {
      out.append("      first: \"").append(s.firstTime).append("\"\n");
      out.append("      last: \"").append(s.lastTime).append("\"\n");
      double seconds = (s.lastTime.toEpochMilli() - s.firstTime.toEpochMilli()) / 1000.0;
      if (seconds > 0) {
        out.append("      perSecond: ").append(fourDigits(s.entries / seconds)).append('\n');
      }
      Map.Entry<Long, Long> peak = s.peak();
      out.append("      peakPerSecond: ").append(peak.getValue()).append("  # the statements of the busiest second\n");
      out.append("      peakAt: \"").append(java.time.Instant.ofEpochSecond(peak.getKey())).append("\"\n");
    }
    out.append("      durationMillis: {p50: ").append(s.millis.getValueAtPercentile(50))
        .append(", p95: ").append(s.millis.getValueAtPercentile(95))
        .append(", p99: ").append(s.millis.getValueAtPercentile(99))
        .append(", max: ").append(s.millis.getMaxValue()).append("}\n");
    out.append("      plans: ").append(counts(s.plans)).append('\n');
    if (s.withCounts > 0 && s.returned > 0) {
      out.append(String.format(Locale.ROOT, "      examinedPerReturned: %.2f\n", (double) s.examinedDocs / s.returned));
      out.append(String.format(Locale.ROOT, "      keysExaminedPerReturned: %.2f\n",
          (double) s.examinedKeys / s.returned));
    }
    out.append("      applications: ").append(counts(s.apps)).append('\n');
    return out.toString();
  }

  /** A rate to four significant digits, without trailing zeros ({@code 0.8421}, {@code 20.27}, {@code 4}). */
  static String fourDigits(double value) {
    return new BigDecimal(value).round(new MathContext(4)).stripTrailingZeros().toPlainString();
  }

  /** A count map in YAML's flow style, most frequent first. */
  private static String counts(Map<String, Long> counts) {
    List<String> items = counts.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .map(e -> ParameterChoice.json(e.getKey()) + ": " + e.getValue()).toList();
    return "{" + String.join(", ", items) + "}";
  }
}
