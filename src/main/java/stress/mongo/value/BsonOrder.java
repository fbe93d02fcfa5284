package stress.mongo.value;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.bson.BsonBinary;

/**
 * MongoDB's comparison and sort order of BSON values, as SQL over jsonb values written as the importer writes them
 * (relaxed or canonical Extended JSON). Sorts, {@code $expr} comparisons, the {@code $in} and {@code $min}/{@code $max}
 * expressions and accumulators, and the update operators {@code $min}, {@code $max} and {@code $push}'s {@code $sort}
 * all order by it. First by type, in the places of {@link #rank}: MinKey, undefined (and, in a comparison, a missing
 * value), null (in a sort, a missing value too), numbers, strings and symbols, documents, arrays, BinData, ObjectIds,
 * booleans, dates, timestamps, regular expressions, DBPointers, JavaScript, JavaScript with scope, MaxKey. Then within
 * the type: numbers by value across int, long, double and Decimal128 (NaN below -Infinity below every finite number
 * below Infinity; two NaNs equal), strings and symbols by code point, ObjectIds by their bytes, false before true,
 * dates as instants, timestamps by seconds then increment, regular expressions by pattern then options, JavaScript
 * by its code, BinData by length, then subtype, then bytes. Two documents, two arrays, two DBPointers or two
 * JavaScript-with-scope values tie in a sort; a comparison tells them equal only when their jsonb is.
 */
public final class BsonOrder {
  /** The keys that mark a BSON type written as an object, and the type's place. */
  private static final String[][] MARKED = {
      {"$numberDecimal", "3"}, {"$numberDouble", "3"}, {"$numberInt", "3"}, {"$numberLong", "3"}, {"$symbol", "4"},
      {"$binary", "7"}, {"$oid", "8"}, {"$date", "10"}, {"$timestamp", "11"}, {"$regularExpression", "12"},
      {"$dbPointer", "13"}, {"$scope", "15"}, {"$code", "14"}, {"$minKey", "0"}, {"$maxKey", "16"},
      {"$undefined", "1"}};
  /** The places of documents, arrays and the other types whose values {@link #keys} do not order. */
  private static final String UNORDERED = "(5, 6, 13, 15)";
  private static final String NULL = "CAST('null' AS jsonb)";

  private BsonOrder() {}

  /**
   * The place of a jsonb value's type in MongoDB's order (MinKey 0, undefined 1, null 2, numbers 3, strings 4,
   * documents 5, arrays 6, BinData 7, ObjectId 8, booleans 9, dates 10, timestamps 11, regular expressions 12,
   * DBPointers 13, JavaScript 14, with scope 15, MaxKey 16); SQL NULL (a missing value) is 1, as MongoDB compares it.
   */
  static String rank(String v) {
    return rank(v, 1);
  }

  /** {@link #rank}, a missing value at place {@code missing}. */
  private static String rank(String v, int missing) {
    String type = "jsonb_typeof(" + v + ")"; // searched CASE: Citus mis-deparses a simple one when prepared
    StringBuilder marked = new StringBuilder("CASE");
    for (String[] m : MARKED) {
      marked.append(" WHEN jsonb_exists(").append(v).append(", '").append(m[0]).append("') THEN ").append(m[1]);
    }
    marked.append(" ELSE 5 END");
    return "(CASE WHEN " + type + " = 'number' THEN 3 WHEN " + type + " = 'string' THEN 4 WHEN " + type
        + " = 'object' THEN " + marked + " WHEN " + type + " = 'array' THEN 6 WHEN " + type + " = 'boolean' THEN 9"
        + " WHEN " + type + " = 'null' THEN 2 ELSE " + missing + " END)";
  }

  /** The ORDER BY keys of a value in MongoDB's sort order, a missing value sorted as null. */
  public static List<String> keys(String v) {
    return List.of(rank(v, 2), numberClass(v), numberValue(v), text(v), binary(v));
  }

  /** The ORDER BY of a value in MongoDB's sort order, ascending or descending. */
  public static String orderBy(String v, boolean ascending) {
    return String.join(ascending ? ", " : " DESC, ", keys(v)) + (ascending ? "" : " DESC");
  }

  /**
   * A row that compares (=, <, ...) as MongoDB compares two values in an expression: a missing value (SQL NULL)
   * equals undefined, below null; documents and arrays are equal when their jsonb is, and ordered among themselves
   * as jsonb orders them (not as MongoDB does).
   */
  public static String comparable(String v) {
    return row(v, true);
  }

  /** As {@link #comparable}, but two documents or two arrays are equal (an update's {@code $min} keeps the value). */
  public static String ordered(String v) {
    return row(v, false);
  }

  private static String row(String v, boolean whole) {
    String rank = rank(v);
    List<String> row = new ArrayList<>(List.of(rank, "COALESCE(" + numberClass(v) + ", 0)",
        "COALESCE(" + numberValue(v) + ", 0)", "COALESCE(" + text(v) + ", '')",
        "COALESCE(" + binary(v) + ", CAST('' AS bytea))"));
    if (whole) {
      row.add("CASE WHEN " + rank + " IN " + UNORDERED + " THEN " + v + " ELSE " + NULL + " END");
    }
    return "ROW(" + String.join(", ", row) + ")";
  }

  /** The text of a number written as an object ({@code {"$numberDecimal": "1.5"}}, canonical forms), else NULL. */
  private static String numberText(String v) {
    return "COALESCE(" + v + " ->> '$numberDecimal', " + v + " ->> '$numberDouble', " + v + " ->> '$numberInt', " + v
        + " ->> '$numberLong')";
  }

  /** Numbers: NaN 0, -Infinity 1, finite 2, Infinity 3; NULL for other types. */
  static String numberClass(String v) {
    String type = "jsonb_typeof(" + v + ")";
    String text = numberText(v);
    return "(CASE WHEN " + type + " = 'number' THEN 2 WHEN " + type + " <> 'object' THEN NULL WHEN " + text
        + " = 'NaN' THEN 0 WHEN " + text + " = '-Infinity' THEN 1 WHEN " + text + " = 'Infinity' THEN 3 WHEN " + text
        + " ~ " + Decimals.FINITE + " THEN 2 END)";
  }

  /** A finite number's value as numeric (whatever the server's numeric can hold), NULL for anything else. */
  static String numberValue(String v) {
    String type = "jsonb_typeof(" + v + ")";
    String text = numberText(v);
    return "(CASE WHEN " + type + " = 'number' THEN CAST(" + v + " #>> '{}' AS numeric) WHEN " + type
        + " = 'object' AND " + text + " ~ " + Decimals.FINITE + " THEN CAST(" + text + " AS numeric) END)";
  }

  /**
   * A text that orders, within their type, strings and symbols (by code point), ObjectIds, booleans, dates (both of
   * the importer's forms: the ISO text with its milliseconds made three digits, or milliseconds since the epoch, put
   * before and after those years when outside them), timestamps, regular expressions and JavaScript; NULL for others.
   */
  static String text(String v) {
    String iso = v + " ->> '$date'";
    String ms = "CAST(" + v + " -> '$date' ->> '$numberLong' AS bigint)";
    String date = "CASE WHEN jsonb_typeof(" + v + " -> '$date') = 'string' THEN '1' || left(" + iso + ", 19) || rpad("
        + "substr(" + iso + ", 21, greatest(length(" + iso + ") - 21, 0)), 3, '0') WHEN " + ms + " < 0 THEN '0' ||"
        + " lpad(CAST(" + ms + " + 9223372036854775807 AS text), 19, '0') WHEN " + ms + " < 253402300800000 THEN"
        + " '1' || to_char((timestamptz 'epoch' + " + ms + " * interval '1 millisecond') AT TIME ZONE 'UTC',"
        + " 'YYYY-MM-DD\"T\"HH24:MI:SSMS') ELSE '2' || lpad(CAST(" + ms + " AS text), 19, '0') END";
    String ts = "lpad(" + v + " -> '$timestamp' ->> 't', 10, '0') || lpad(" + v + " -> '$timestamp' ->> 'i', 10, '0')";
    String regex = "(" + v + " -> '$regularExpression' ->> 'pattern') || chr(1) || (" + v
        + " -> '$regularExpression' ->> 'options')";
    String type = "jsonb_typeof(" + v + ")";
    return "(CASE WHEN " + type + " IN ('string', 'boolean') THEN " + v + " #>> '{}' WHEN " + type + " <> 'object'"
        + " THEN NULL WHEN jsonb_exists(" + v + ", '$symbol') THEN " + v + " ->> '$symbol' WHEN jsonb_exists(" + v
        + ", '$oid') THEN lower(" + v + " ->> '$oid') WHEN jsonb_exists(" + v + ", '$date') THEN " + date
        + " WHEN jsonb_exists(" + v + ", '$timestamp') THEN " + ts + " WHEN jsonb_exists(" + v
        + ", '$regularExpression') THEN " + regex + " WHEN jsonb_exists(" + v + ", '$code') AND NOT jsonb_exists(" + v
        + ", '$scope') THEN " + v + " ->> '$code' END) COLLATE \"C\"";
  }

  /**
   * BinData as bytes that order as MongoDB orders it: its length (4 bytes, big-endian), its subtype (1 byte), its
   * bytes; NULL for other types. Both Extended JSON forms: {@code {"$binary": {"base64": ..., "subType": "00"}}} and
   * the older {@code {"$binary": ..., "$type": "00"}}.
   */
  public static String binary(String v) {
    String base64 = "COALESCE(" + v + " -> '$binary' ->> 'base64', CASE WHEN jsonb_typeof(" + v
        + " -> '$binary') = 'string' THEN " + v + " ->> '$binary' END)";
    String subtype = "COALESCE(" + v + " -> '$binary' ->> 'subType', " + v + " ->> '$type')";
    String bytes = "decode(" + base64 + ", 'base64')";
    return "(CASE WHEN jsonb_typeof(" + v + ") = 'object' AND jsonb_exists(" + v + ", '$binary') THEN decode(lpad("
        + "to_hex(length(" + bytes + ")), 8, '0') || lpad(" + subtype + ", 2, '0'), 'hex') || " + bytes + " END)";
  }

  /** The {@link #binary} key of a BinData literal, as a SQL bytea constant. */
  public static String binary(BsonBinary b) {
    HexFormat hex = HexFormat.of();
    return "decode('" + String.format("%08x", b.getData().length) + hex.toHexDigits(b.getType())
        + hex.formatHex(b.getData()) + "', 'hex')";
  }
}
