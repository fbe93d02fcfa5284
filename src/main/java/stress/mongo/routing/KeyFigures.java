package stress.mongo.routing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.table.DocumentTable;

/**
 * The characteristics of a document path as a shard key, as MongoDB's {@code analyzeShardKey} reports them
 * ({@code keyCharacteristics}), counted by the server: how many documents hold a value a key can hold, how many
 * distinct values there are and how often the most frequent occur, whether the value grows with {@code _id}
 * (monotonicity), and the documents a key layout could not place: those missing the path, holding an array at it or
 * on the way to it (MongoDB refuses an array in a shard key), or holding a document there. Three read-only statements
 * ({@code count(DISTINCT ...)}, {@code GROUP BY ... ORDER BY count(*) DESC LIMIT n}, {@code corr} of ranks); no
 * document leaves the server.
 *
 * @param path           the dotted path
 * @param documents      documents in the table
 * @param missing        documents without the path (a key layout gives them the null key, as MongoDB 4.4+ does)
 * @param arrays         documents with an array at the path or on the way to it
 * @param subdocuments   documents with a document at the path (not a BSON type written as Extended JSON)
 * @param distinct       distinct values among the documents that hold a key value (JSON null is a value)
 * @param top            the most frequent values, most frequent first
 * @param monotonicity   Spearman's correlation of the value's order with {@code _id} order over the documents that
 *                       hold a key value, or null when it is not defined (fewer than two values)
 * @param monotonicityError the server's refusal of the correlation's statement, or null
 */
public record KeyFigures(String path, long documents, long missing, long arrays, long subdocuments, long distinct,
                         List<ValueCount> top, Double monotonicity, String monotonicityError) {
  /** MongoDB's threshold ({@code analyzeShardKeyMonotonicityCorrelationCoefficientThreshold}): at least this is monotonic. */
  public static final double MONOTONIC = 0.7;
  /** The Extended JSON keys of BSON types import writes as objects: such an object is one value, not a document. */
  private static final String TYPE_KEYS = "ARRAY['$date', '$oid', '$numberDecimal', '$numberDouble', '$numberLong',"
      + " '$numberInt', '$binary', '$regularExpression', '$timestamp', '$minKey', '$maxKey', '$code', '$symbol',"
      + " '$dbPointer', '$uuid', '$undefined']";

  /**
   * One value and the documents holding it.
   *
   * @param value the value as jsonb text ({@code "paid"}, {@code 17}, {@code {"$date": "..."}})
   */
  public record ValueCount(String value, long documents) {}

  public KeyFigures {
    top = List.copyOf(top);
  }

  /** Documents holding a value a key can hold. */
  public long keyed() {
    return documents - missing - arrays - subdocuments;
  }

  /** Documents that would hold the null key: those missing the path and those holding null there. */
  public long nullKey() {
    return missing + top.stream().filter(v -> v.value().equals("null")).mapToLong(ValueCount::documents).sum();
  }

  /** True when the correlation says the value grows (or falls) with {@code _id}, as MongoDB classes it. */
  public boolean monotonic() {
    return monotonicity != null && Math.abs(monotonicity) >= MONOTONIC;
  }

  /**
   * Counts the path's figures; {@code top} is how many of the most frequent values to give. Runs in the connection's
   * current transaction when there is one (the correlation inside a savepoint, so a server that refuses it still
   * gives the rest).
   */
  public static KeyFigures read(Connection c, DocumentTable table, String path, int top) throws SQLException {
    String classified = classified(table, MongoPath.parse(path));
    long[] counts = new long[5];
    try (PreparedStatement ps = c.prepareStatement("SELECT count(*), count(*) FILTER (WHERE kind = 'missing'),"
        + " count(*) FILTER (WHERE kind = 'array'), count(*) FILTER (WHERE kind = 'document'),"
        + " count(DISTINCT v) FILTER (WHERE kind = 'value') FROM " + classified);
         ResultSet rs = ps.executeQuery()) {
      rs.next();
      for (int i = 0; i < counts.length; i++) {
        counts[i] = rs.getLong(i + 1);
      }
    }
    List<ValueCount> values = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT CAST(keyed.v AS text), count(*) FROM " + classified
        + " WHERE kind = 'value' GROUP BY keyed.v ORDER BY count(*) DESC, keyed.v LIMIT ?")) {
      ps.setInt(1, top);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          values.add(new ValueCount(rs.getString(1), rs.getLong(2)));
        }
      }
    }
    Double correlation = null;
    String refused = null;
    Savepoint savepoint = c.getAutoCommit() ? null : c.setSavepoint();
    try (PreparedStatement ps = c.prepareStatement("SELECT corr(rv, ri) FROM (SELECT rank() OVER (ORDER BY v) AS rv,"
        + " rank() OVER (ORDER BY _id) AS ri FROM " + classified + " WHERE kind = 'value') AS ranked");
         ResultSet rs = ps.executeQuery()) {
      rs.next();
      double r = rs.getDouble(1);
      correlation = rs.wasNull() || Double.isNaN(r) ? null : r;
    } catch (SQLException e) {
      if (savepoint != null) {
        c.rollback(savepoint);
      }
      refused = e.getSQLState() + " " + String.valueOf(e.getMessage()).lines().findFirst().orElse("");
    }
    return new KeyFigures(path, counts[0], counts[1], counts[2], counts[3], counts[4], values, correlation, refused);
  }

  /**
   * The table as {@code (_id, v, kind)}: the value at the path and what it is ({@code value}, {@code missing},
   * {@code array}, {@code document}), as a subquery with its alias. {@code _id} is the column.
   */
  private static String classified(DocumentTable table, MongoPath path) {
    if (path.isId()) {
      return "(SELECT _id, to_jsonb(_id) AS v, 'value' AS kind FROM " + table.qualifiedName() + ") AS keyed";
    }
    StringBuilder arrays = new StringBuilder();
    StringBuilder step = new StringBuilder("data");
    for (String key : path.keys()) {
      step.append(" -> ").append(JsonPathText.sql(key));
      arrays.append(arrays.length() == 0 ? "" : " OR ").append("jsonb_typeof(").append(step).append(") = 'array'");
    }
    String v = step.toString();
    return "(SELECT _id, " + v + " AS v, CASE WHEN " + arrays + " THEN 'array' WHEN " + v + " IS NULL THEN 'missing'"
        + " WHEN jsonb_typeof(" + v + ") = 'object' AND NOT jsonb_exists_any(" + v + ", " + TYPE_KEYS + ")"
        + " THEN 'document' ELSE 'value' END AS kind FROM " + table.qualifiedName() + ") AS keyed";
  }
}
