package stress.mongolog;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.bson.BsonValue;

/**
 * How a parameter of a derived operation draws its values, from the values the log shows for it: one value is
 * written into the statement; a primary key with many values, or with ObjectIds, is {@code key} (the table's own
 * keys); up to {@value #MAX_CHOICES} distinct strings or numbers are drawn as often as the log shows each; more are the
 * collection's own values of that path ({@code sample}); dates are drawn between the first and the last logged; values
 * of other kinds elsewhere, which neither a choice nor a sample draws, are the most frequent, written in.
 *
 * @param inline    the one value to write in place of the parameter, or null
 * @param generator the generator as a workload file writes it, or null when inline
 * @param comment   how it was chosen, for the file; null for the one value logged
 */
record ParameterChoice(BsonValue inline, String generator, String comment) {
  static final int MAX_CHOICES = 200;
  static final int SAMPLE_CAP = 10_000;
  /** More distinct values than this on {@code _id} equality make it {@code key}. */
  static final int KEY_ABOVE = 20;

  static ParameterChoice of(Slot slot, Map<BsonValue, Long> values, long overflow) {
    int distinct = values.size();
    String seen = distinct + (overflow > 0 ? "+" : "") + " distinct value" + (distinct == 1 ? "" : "s") + " logged";
    if (distinct == 1 && overflow == 0) {
      return new ParameterChoice(values.keySet().iterator().next(), null, null);
    }
    String kind = kind(values.keySet());
    boolean scalar = kind.equals("string") || kind.equals("int") || kind.equals("double");
    // ObjectIds and other kinds are not what a choice or a sample draws: a table's keys are
    if ("_id".equals(slot.path()) && ("eq".equals(slot.operator()) || "in".equals(slot.operator()))
        && (distinct > KEY_ABOVE || !scalar && !kind.equals("date"))) {
      return new ParameterChoice(null, "key", seen + "; the table's own keys");
    }
    if (kind.equals("date")) {
      long min = values.keySet().stream().mapToLong(v -> v.asDateTime().getValue()).min().orElseThrow();
      long max = values.keySet().stream().mapToLong(v -> v.asDateTime().getValue()).max().orElseThrow();
      return new ParameterChoice(null, "{date: [\"" + Instant.ofEpochMilli(min) + "\", \"" + Instant.ofEpochMilli(max)
          + "\"]}", seen + "; drawn between the first and the last");
    }
    if (scalar && distinct <= MAX_CHOICES && overflow == 0) {
      return new ParameterChoice(null, weighted(values, kind, distinct), seen + "; drawn as often as logged");
    }
    if (slot.path() != null && values.keySet().stream().allMatch(ParameterChoice::sampled)) {
      return new ParameterChoice(null, "{sample: " + json(slot.path()) + ", cap: " + SAMPLE_CAP + "}",
          seen + "; the collection's own values of " + slot.path());
    }
    if (scalar) {
      return new ParameterChoice(null, weighted(values, kind, MAX_CHOICES), seen + "; the " + MAX_CHOICES
          + " most frequent, drawn as often as logged");
    }
    BsonValue common = ShapeStats.mostCommon(values);
    return new ParameterChoice(common, null, seen + " (" + kind + "), not drawn: the most frequent is written in");
  }

  /** A value of a kind a sample draws: strings, numbers and booleans (a sample of ObjectIds or documents is refused). */
  private static boolean sampled(BsonValue v) {
    return v.isString() || v.isNumber() || v.isBoolean();
  }

  private static String weighted(Map<BsonValue, Long> values, String kind, int most) {
    List<Map.Entry<BsonValue, Long>> top = values.entrySet().stream()
        .sorted(Map.Entry.<BsonValue, Long>comparingByValue().reversed()
            .thenComparing(e -> json(e.getKey()), Comparator.naturalOrder()))
        .limit(most).toList();
    StringBuilder choice = new StringBuilder("{choice: [");
    StringBuilder weights = new StringBuilder("weights: [");
    for (int i = 0; i < top.size(); i++) {
      choice.append(i == 0 ? "" : ", ").append(scalarText(top.get(i).getKey(), kind));
      weights.append(i == 0 ? "" : ", ").append(top.get(i).getValue());
    }
    return choice + "], " + weights + "]}";
  }

  /** {@code string}, {@code int}, {@code double} (numbers of which some are not whole), {@code date} or {@code other}. */
  static String kind(java.util.Collection<BsonValue> values) {
    boolean strings = true;
    boolean ints = true;
    boolean numbers = true;
    boolean dates = true;
    for (BsonValue v : values) {
      strings &= v.isString();
      ints &= v.isInt32() || v.isInt64();
      numbers &= v.isInt32() || v.isInt64() || v.isDouble() && Double.isFinite(v.asDouble().getValue());
      dates &= v.isDateTime();
    }
    return strings ? "string" : ints ? "int" : numbers ? "double" : dates ? "date" : "other";
  }

  private static String scalarText(BsonValue v, String kind) {
    return switch (kind) {
      case "string" -> json(v.asString().getValue());
      case "int" -> Long.toString(v.asNumber().longValue());
      default -> {
        String text = new BigDecimal(Double.toString(v.asNumber().doubleValue())).toPlainString();
        yield text.contains(".") ? text : text + ".0";
      }
    };
  }

  /**
   * A string as a JSON string that YAML reads back unchanged: JSON's escapes, and also DEL, NEL and the Unicode line
   * and paragraph separators, which YAML does not keep as they are inside a quoted scalar.
   */
  static String json(String s) {
    String escaped = new String(JsonStringEncoder.getInstance().quoteAsString(s));
    StringBuilder out = new StringBuilder("\"");
    for (char c : escaped.toCharArray()) {
      if (c == 0x7f || c == '\u0085' || c == '\u2028' || c == '\u2029') {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }

  /** A value as relaxed Extended JSON, for a statement. */
  static String json(BsonValue v) {
    return new org.bson.BsonDocument("v", v).toJson(OperationText.RELAXED).replaceFirst("^\\{\"v\": ", "")
        .replaceFirst("}$", "");
  }
}
