package stress.mongo.value;

/**
 * SQL for dates as the importer writes them: {@code {"$date": "2014-11-14T19:03:03.12Z"}} within years 1970-9999,
 * else {@code {"$date": {"$numberLong": "-1000"}}}. The ISO text drops trailing zeros of the milliseconds, so it
 * cannot be compared as text; both forms become a {@code timestamptz}.
 */
public final class DateSql {
  private DateSql() {}

  /** A timestamptz from a jsonb expression holding a {@code {"$date": ...}} document. */
  public static String timestamp(String v) {
    return "(CASE WHEN jsonb_typeof(" + v + "->'$date') = 'string' THEN CAST(" + v + "->>'$date' AS timestamptz)"
        + " ELSE timestamptz 'epoch' + CAST(" + v + "->'$date'->>'$numberLong' AS bigint) * interval '1 millisecond' END)";
  }

  /** The timestamptz of milliseconds since the epoch, exactly. */
  public static String literal(long millis) {
    return "(timestamptz 'epoch' + " + millis + " * interval '1 millisecond')";
  }
}
