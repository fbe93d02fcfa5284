package stress.table;

import java.util.Locale;

/**
 * The SQL type of a distribution column, chosen from the values a document path holds: whole numbers are
 * {@code bigint}, numbers with a fraction (or mixed with whole ones) {@code numeric}, strings and ObjectIds (as their
 * 24 hex digits) {@code text}, dates {@code timestamptz}.
 */
public enum KeyType {
  BIGINT("bigint"),
  NUMERIC("numeric"),
  TEXT("text"),
  TIMESTAMPTZ("timestamptz");

  private final String sql;

  KeyType(String sql) {
    this.sql = sql;
  }

  /** The type as written in DDL. */
  public String sql() {
    return sql;
  }

  /** The type as {@code format_type} prints it, or null when it is not one of these. */
  public static KeyType ofCatalog(String formatted) {
    return switch (formatted.toLowerCase(Locale.ROOT).replaceFirst("\\(.*\\)$", "")) {
      case "bigint" -> BIGINT;
      case "numeric" -> NUMERIC;
      case "text" -> TEXT;
      case "timestamp with time zone", "timestamptz" -> TIMESTAMPTZ;
      default -> null;
    };
  }

  /**
   * The value of {@code path} in the jsonb document {@code document} (an SQL expression) as this type, as the importer
   * writes documents: an ObjectId {@code {"$oid": ...}}, a date {@code {"$date": ...}}, a Decimal128
   * {@code {"$numberDecimal": ...}}; null where the path is missing.
   */
  public String fromDocument(String document, String path) {
    String at = document + " #> " + pathArray(path);
    return switch (this) {
      case BIGINT -> "CAST(" + document + " #>> " + pathArray(path) + " AS bigint)";
      case NUMERIC -> "CAST(coalesce(" + at + "->>'$numberDecimal', " + document + " #>> " + pathArray(path)
          + ") AS numeric)";
      case TEXT -> "coalesce(" + at + "->>'$oid', " + document + " #>> " + pathArray(path) + ")";
      case TIMESTAMPTZ -> "(CASE WHEN jsonb_typeof(" + at + "->'$date') = 'string' THEN CAST(" + at
          + "->>'$date' AS timestamptz) ELSE timestamptz 'epoch' + CAST(" + at
          + "->'$date'->>'$numberLong' AS bigint) * interval '1 millisecond' END)";
    };
  }

  /** The jsonb value at {@code path} of {@code document}, null where it is missing. */
  public String at(String document, String path) {
    return "(" + document + " #> " + pathArray(path) + ")";
  }

  /** {@code 'a.b'} as the text array literal {@code '{a,b}'} of {@code #>}, each step quoted. */
  private static String pathArray(String path) {
    StringBuilder b = new StringBuilder("CAST('{");
    String[] steps = path.split("\\.", -1);
    for (int i = 0; i < steps.length; i++) {
      b.append(i == 0 ? "" : ",").append('"').append(steps[i].replace("\\", "\\\\").replace("\"", "\\\"")
          .replace("'", "''")).append('"');
    }
    return b.append("}' AS text[])").toString();
  }
}
