package stress.mongo.value;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonValue;
import stress.dump.bson.DoubleText;
import stress.ops.file.JsonValueText;

/** Literals of jsonpath and of SQL, written from filter values and from parameter values. */
public final class JsonPathText {
  private static final Pattern KEY = Pattern.compile("\\.\"((?:[^\"\\\\]|\\\\.)*)\"");

  private JsonPathText() {}

  /** A jsonpath (and JSON) string literal. */
  public static String string(String s) {
    return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
  }

  /** A SQL string literal (standard conforming strings). */
  public static String sql(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  /** The jsonpath literal of a string, number, boolean or null filter value; null for any other kind. */
  public static String literal(BsonValue v) {
    return switch (v.getBsonType()) {
      case STRING -> string(v.asString().getValue());
      case INT32 -> Integer.toString(v.asInt32().getValue());
      case INT64 -> Long.toString(v.asInt64().getValue());
      case DOUBLE -> Double.isFinite(v.asDouble().getValue()) ? number(v.asDouble().getValue()) : null;
      case BOOLEAN -> Boolean.toString(v.asBoolean().getValue());
      case NULL -> "null";
      default -> null;
    };
  }

  /** The jsonpath literal of a drawn parameter value; a value that is not a scalar is refused. */
  public static String literal(Object value, String parameter) {
    if (value instanceof String s) {
      return string(s);
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Boolean) {
      return value.toString();
    }
    if (value instanceof Double d && Double.isFinite(d)) {
      return number(d);
    }
    if (value instanceof UUID u) {
      return string(u.toString());
    }
    if (value instanceof JsonValueText j && !j.json().startsWith("{") && !j.json().startsWith("[")) {
      return j.json();
    }
    throw new IllegalArgumentException("parameter '" + parameter + "' drew " + value
        + ", which a filter cannot compare: a filter parameter must be a string, number or boolean");
  }

  /** The JSON text of a drawn parameter value, for a document or an update. */
  public static String json(Object value, String parameter) {
    if (value instanceof JsonValueText j) {
      return j.json();
    }
    if (value instanceof stress.ops.file.ObjectIdText id) {
      return id.json();
    }
    if (value instanceof java.time.OffsetDateTime t) {
      return "{\"$date\": " + dateText(t.toInstant().toEpochMilli()) + "}";
    }
    return literal(value, parameter);
  }

  /** The {@code $date} value the importer writes: the ISO text within 1970-9999, else {@code {"$numberLong": ...}}. */
  public static String dateText(long ms) {
    return ms >= 0 && ms <= 253402300799999L ? string(stress.dump.bson.BsonJson.isoDate(ms))
        : "{\"$numberLong\": " + string(Long.toString(ms)) + "}";
  }

  /** A jsonpath test that {@code @} is this date as the importer writes it. */
  public static String dateTest(long ms) {
    return ms >= 0 && ms <= 253402300799999L ? "@.\"$date\" == " + string(stress.dump.bson.BsonJson.isoDate(ms))
        : "@.\"$date\".\"$numberLong\" == " + string(Long.toString(ms));
  }

  /** The keys of a jsonpath the translator wrote ({@code lax $."a"."b"}), read back. */
  public static List<String> keys(String jp) {
    List<String> keys = new ArrayList<>();
    Matcher m = KEY.matcher(jp);
    while (m.find()) {
      try {
        keys.add(new com.fasterxml.jackson.databind.ObjectMapper().readValue("\"" + m.group(1) + "\"", String.class));
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalStateException("not a key the translator writes: " + m.group(1), e);
      }
    }
    return keys;
  }

  /**
   * A jsonpath filter of the values at a path. Lax mode steps into an array at the path, as MongoDB does, but its
   * comparisons also step into arrays nested in that array, which MongoDB never does ({@code {a: 2}} does not match
   * {@code {a: [[2]]}}), so a nested array is left out first.
   */
  public static String test(String jp, String condition) {
    return jp + " ? (@.type() != \"array\" && (" + condition + "))";
  }

  private static String number(double d) {
    // DoubleText writes 1.0E-4 and 1.0E23; jsonpath accepts the exponent, and the shortest digits keep equality exact
    String text = DoubleText.of(d);
    return text.contains("E") ? new BigDecimal(text).toString() : text;
  }
}
