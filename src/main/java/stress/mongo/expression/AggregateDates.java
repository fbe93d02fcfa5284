package stress.mongo.expression;

import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.value.DateSql;
import stress.mongo.value.JsonPathText;

/** {@code $dateToString} with a constant format, in UTC, as {@code to_char}. */
final class AggregateDates {
  private static final Map<Character, String> SPECIFIERS = Map.of('Y', "YYYY", 'm', "MM", 'd', "DD", 'H', "HH24",
      'M', "MI", 'S', "SS", 'L', "MS", 'j', "DDD");

  private AggregateDates() {}

  static String dateToString(AggregateExpression x, BsonValue arg, String root) {
    if (!arg.isDocument() || !arg.asDocument().containsKey("date")
        || !Set.of("date", "format").containsAll(arg.asDocument().keySet())) {
      throw new IllegalArgumentException("$dateToString takes {date: <expression>, format: \"...\"} (timezone and"
          + " onNull are not supported)");
    }
    BsonDocument d = arg.asDocument();
    String format = d.containsKey("format") ? formatOf(d.get("format")) : "YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"";
    return x.bind(x.value(d.get("date"), root), v -> "CASE WHEN jsonb_typeof(" + v + ") = 'object' AND " + v
        + " ?? '$date' THEN to_jsonb(to_char(" + DateSql.timestamp(v) + " AT TIME ZONE 'UTC', "
        + JsonPathText.sql(format) + ")) WHEN " + v + " IS NULL OR " + v + " = CAST('null' AS jsonb) THEN"
        + " CAST('null' AS jsonb) END");
  }

  /** MongoDB's format specifiers as to_char's, the text between them quoted. */
  private static String formatOf(BsonValue format) {
    if (!format.isString()) {
      throw new IllegalArgumentException("$dateToString's format must be a constant string");
    }
    String f = format.asString().getValue();
    StringBuilder out = new StringBuilder();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < f.length(); i++) {
      char c = f.charAt(i);
      if (c == '%' && i + 1 < f.length() && (SPECIFIERS.containsKey(f.charAt(i + 1)) || f.charAt(i + 1) == '%')) {
        char s = f.charAt(++i);
        if (s == '%') {
          text.append('%');
          continue;
        }
        flush(out, text);
        out.append(SPECIFIERS.get(s));
      } else if (c == '%') {
        throw new IllegalArgumentException("$dateToString: format specifier %" + (i + 1 < f.length() ? f.charAt(i + 1)
            : "") + " is not supported; supported: %Y %m %d %H %M %S %L %j %%");
      } else {
        text.append(c);
      }
    }
    flush(out, text);
    return out.toString();
  }

  private static void flush(StringBuilder out, StringBuilder text) {
    if (text.length() > 0) {
      out.append('"').append(text.toString().replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
      text.setLength(0);
    }
  }

  /** {@code $year} ... {@code $dayOfYear}: a part of the date in UTC, null for null or missing. */
  static String datePart(AggregateExpression x, String op, BsonValue arg, String root) {
    BsonValue date = arg.isDocument() && arg.asDocument().containsKey("date") ? arg.asDocument().get("date")
        : arg.isArray() ? AggregateExpression.one(op, arg) : arg;
    if (arg.isDocument() && arg.asDocument().containsKey("timezone")) {
      throw new IllegalArgumentException(op + " with a timezone is not supported (dates are read in UTC)");
    }
    return x.bind(x.value(date, root), v -> {
      String part = "extract(%s FROM " + DateSql.timestamp(v) + " AT TIME ZONE 'UTC')";
      // MongoDB counts days of the week from 1 (Sunday) and keeps seconds and milliseconds apart
      String number = switch (op) {
        case "$year" -> part.formatted("year");
        case "$month" -> part.formatted("month");
        case "$hour" -> part.formatted("hour");
        case "$minute" -> part.formatted("minute");
        case "$second" -> "floor(" + part.formatted("second") + ")";
        case "$millisecond" -> "floor(" + part.formatted("milliseconds") + ") - 1000 * floor(" + part.formatted("second")
            + ")";
        case "$dayOfWeek" -> part.formatted("dow") + " + 1";
        case "$dayOfYear" -> part.formatted("doy");
        default -> part.formatted("day");
      };
      return "CASE WHEN jsonb_typeof(" + v + ") = 'object' AND " + v + " ?? '$date' THEN to_jsonb(CAST(" + number
          + " AS integer)) WHEN " + v + " IS NULL OR " + v + " = CAST('null' AS jsonb) THEN CAST('null' AS jsonb) END";
    });
  }
}
