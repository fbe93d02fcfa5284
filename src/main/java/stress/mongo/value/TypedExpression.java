package stress.mongo.value;

import java.util.List;

/**
 * The typed expression of a document path, the one form that both the translated filters and sorts and the
 * indexes {@code stress index} builds write, so that a btree index on it serves them. Each is guarded by the
 * value's JSON type, so a value of another kind (or an array, or nothing) gives NULL, never an error: a range on
 * numbers selects exactly MongoDB's numbers whatever else the path holds (MongoDB compares values of one kind only),
 * and the index can be built over any data. It reads the path as plain JSON steps, which is MongoDB's meaning only
 * where no array occurs on the path: the translator writes it only where the table's {@link PathFacts} say so.
 * <ul>
 *   <li>number: {@code CASE WHEN jsonb_typeof(data->'a'->'b') = 'number' THEN CAST(data->'a'->>'b' AS numeric) END}
 *   <li>string: the text of a JSON string, {@code COLLATE "C"} (MongoDB orders strings by their bytes)
 *   <li>date: the importer's ISO text {@code 2014-11-14T19:03:03.12Z} with its milliseconds padded to three digits,
 *       {@code 2014-11-14T19:03:03.120}, so that text order is time order (years 1970-9999, which the importer
 *       writes as ISO text), {@code COLLATE "C"}; only immutable functions, so any target can index it
 * </ul>
 * Everything works on PostgreSQL 10 (Postgres-XL) and later: no jsonpath, no cast of jsonb to numeric.
 */
public final class TypedExpression {
  public static final String NUMBER = "number";
  public static final String STRING = "string";
  public static final String DATE = "date";
  public static final List<String> KINDS = List.of(NUMBER, STRING, DATE);
  /** The hand-written text of a path, {@code data -> 'a' ->> 'b'}, as SQL written by hand reads it. */
  public static final String TEXT = "text";
  /** The hand-written number of a path, {@code CAST(data -> 'a' ->> 'b' AS numeric)}, which fails on a non-number. */
  public static final String NUMERIC = "numeric";
  /** The last millisecond the importer writes as ISO text: 9999-12-31T23:59:59.999Z. */
  private static final long LAST_ISO_MILLIS = 253402300799999L;

  private TypedExpression() {}

  /** The expression for a path (its keys) of one kind. */
  public static String of(List<String> keys, String kind) {
    String value = steps(keys, keys.size(), "->");
    return switch (kind) {
      case NUMBER -> "(CASE WHEN jsonb_typeof(" + value + ") = 'number' THEN CAST(" + steps(keys, keys.size() - 1, "->")
          + " ->> " + key(keys.get(keys.size() - 1)) + " AS numeric) END)";
      case STRING -> "(CASE WHEN jsonb_typeof(" + value + ") = 'string' THEN " + steps(keys, keys.size() - 1, "->")
          + " ->> " + key(keys.get(keys.size() - 1)) + " END COLLATE \"C\")";
      case DATE -> {
        String iso = value + " ->> '$date'";
        yield "(CASE WHEN jsonb_typeof(" + value + " -> '$date') = 'string' THEN rpad(left(" + iso + ", -1), 23,"
            + " CASE WHEN length(" + iso + ") = 20 THEN '.000' ELSE '0' END) END COLLATE \"C\")";
      }
      default -> throw new IllegalArgumentException("no typed expression of kind " + kind + "; kinds: " + KINDS);
    };
  }

  /**
   * The expression SQL written by hand indexes for a path, {@link #TEXT} or {@link #NUMERIC}: unguarded, so it reads
   * MongoDB's values of one kind only where every value of the path is of that kind (the table's facts say so).
   */
  public static String handWritten(List<String> keys, String type) {
    String text = steps(keys, keys.size() - 1, "->") + " ->> " + key(keys.get(keys.size() - 1));
    return switch (type) {
      case TEXT -> "(" + text + ")";
      case NUMERIC -> "(CAST(" + text + " AS numeric))";
      default -> throw new IllegalArgumentException("no hand-written expression of type " + type);
    };
  }

  /** True for dates the importer writes as ISO text, which the date expression covers. */
  static boolean inIsoRange(long millis) {
    return millis >= 0 && millis <= LAST_ISO_MILLIS;
  }

  /** The value of a date in the date expression's form: {@code 2014-11-14T19:03:03.120}. */
  static String dateText(long millis) {
    String iso = stress.dump.bson.BsonJson.isoDate(millis);
    String noZ = iso.substring(0, iso.length() - 1);
    return noZ.length() == 19 ? noZ + ".000" : (noZ + "00").substring(0, 23);
  }

  /** {@code data -> 'a' -> 'b'} for the first {@code count} keys. */
  private static String steps(List<String> keys, int count, String arrow) {
    StringBuilder b = new StringBuilder("data");
    for (int i = 0; i < count; i++) {
      b.append(' ').append(arrow).append(' ').append(key(keys.get(i)));
    }
    return b.toString();
  }

  /** A key as an SQL string literal; with a backslash an E'' literal, read alike whatever standard_conforming_strings is. */
  private static String key(String key) {
    String quoted = key.replace("'", "''");
    return key.indexOf('\\') < 0 ? "'" + quoted + "'" : "E'" + quoted.replace("\\", "\\\\") + "'";
  }
}
