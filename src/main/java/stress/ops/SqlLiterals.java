package stress.ops;

import java.sql.SQLException;
import java.util.UUID;
import org.postgresql.PGConnection;

/**
 * Writes Java values as SQL literals for plain statements, escaping strings with the driver's own
 * escaping (which follows the server's standard_conforming_strings), never by hand.
 */
final class SqlLiterals {
  private SqlLiterals() {}

  static void append(StringBuilder sb, Object value, PGConnection connection) throws SQLException {
    if (value == null) {
      sb.append("NULL");
    } else if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      sb.append(value);
    } else if (value instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        sb.append('\'').append(d.isNaN() ? "NaN" : d > 0 ? "Infinity" : "-Infinity").append("'::float8");
      } else {
        sb.append(d);
      }
    } else if (value instanceof Boolean b) {
      sb.append(b ? "TRUE" : "FALSE");
    } else if (value instanceof java.math.BigDecimal n) {
      sb.append(n.toString());
    } else if (value instanceof java.time.OffsetDateTime t) {
      sb.append('\'').append(t).append("'::timestamptz");
    } else if (value instanceof UUID u) {
      sb.append('\'').append(u).append("'::uuid");
    } else if (value instanceof String s) {
      sb.append('\'').append(connection.escapeLiteral(s)).append('\'');
    } else {
      throw new SQLException("cannot write a " + value.getClass().getName() + " as an SQL literal");
    }
  }
}
