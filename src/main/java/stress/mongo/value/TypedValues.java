package stress.mongo.value;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import org.bson.BsonValue;
import stress.dump.bson.DoubleText;
import stress.ops.file.JsonValueText;

/**
 * Values compared with a {@link TypedExpression}: a filter's literal written into the SQL, or a drawn parameter
 * value bound by kind. A drawn value of another kind than the expression's binds NULL, which matches nothing, as
 * MongoDB matches nothing across kinds.
 */
public final class TypedValues {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TypedValues() {}

  /** The typed kind of a literal, null for kinds without a typed form. */
  public static String kindOf(BsonValue v) {
    return switch (v.getBsonType()) {
      case INT32, INT64 -> TypedExpression.NUMBER;
      case DOUBLE -> Double.isFinite(v.asDouble().getValue()) ? TypedExpression.NUMBER : null;
      case STRING -> TypedExpression.STRING;
      case DATE_TIME -> TypedExpression.inIsoRange(v.asDateTime().getValue()) ? TypedExpression.DATE : null;
      default -> null;
    };
  }

  /** A literal of its own kind as SQL. */
  public static String literal(BsonValue v, String kind) {
    return switch (kind) {
      case TypedExpression.NUMBER -> "CAST(" + JsonPathText.sql(number(v)) + " AS numeric)";
      case TypedExpression.STRING -> JsonPathText.sql(v.asString().getValue());
      default -> JsonPathText.sql(TypedExpression.dateText(v.asDateTime().getValue()));
    };
  }

  private static String number(BsonValue v) {
    return switch (v.getBsonType()) {
      case INT32 -> Integer.toString(v.asInt32().getValue());
      case INT64 -> Long.toString(v.asInt64().getValue());
      default -> new BigDecimal(DoubleText.of(v.asDouble().getValue())).toPlainString();
    };
  }

  /**
   * A drawn value as the expression's kind, or null when it is of another kind. A date outside the years the
   * expression covers is below or above every date the table holds (its facts say it holds none such), so a range
   * gets a text below or above every date text, and equality NULL.
   */
  public static Object bound(Object drawn, String kind, String op, String parameter) {
    if (drawn instanceof JsonValueText j) {
      drawn = fromJson(j.json(), parameter);
    }
    switch (kind) {
      case TypedExpression.NUMBER:
        if (drawn instanceof Integer || drawn instanceof Long) {
          return new BigDecimal(((Number) drawn).longValue());
        }
        if (drawn instanceof Double d) {
          return Double.isFinite(d) ? new BigDecimal(DoubleText.of(d)) : null;
        }
        return drawn instanceof BigDecimal ? drawn : null;
      case TypedExpression.STRING:
        return drawn instanceof String ? drawn : null;
      default:
        if (!(drawn instanceof OffsetDateTime t)) {
          return null;
        }
        long ms = t.toInstant().toEpochMilli();
        if (TypedExpression.inIsoRange(ms)) {
          return TypedExpression.dateText(ms);
        }
        if (op.equals("$eq")) {
          return null;
        }
        return ms < 0 ? "0" : "~"; // below "1970-..." and above "9999-..." in byte order
    }
  }

  /** A sampled JSON value as a number, a string, a date or (another kind) itself. */
  private static Object fromJson(String json, String parameter) {
    try {
      JsonNode n = JSON.readTree(json);
      if (n.isNumber()) {
        return n.decimalValue();
      }
      if (n.isTextual()) {
        return n.textValue();
      }
      if (n.isObject() && n.size() == 1 && n.has("$date")) {
        JsonNode d = n.get("$date");
        return d.isTextual() ? OffsetDateTime.parse(d.textValue())
            : OffsetDateTime.ofInstant(java.time.Instant.ofEpochMilli(d.path("$numberLong").asLong()),
                java.time.ZoneOffset.UTC);
      }
      return n;
    } catch (IOException e) {
      throw new IllegalStateException("parameter '" + parameter + "' drew " + json + ", which is not JSON", e);
    }
  }
}
