package stress.ops.sql;

import java.sql.SQLException;
import java.util.UUID;
import org.postgresql.PGConnection;

/**
 * Writes Java values as SQL literals for plain statements, escaping strings with the driver's own
 * escaping (which follows the server's standard_conforming_strings), never by hand.
 */
public final class SqlLiterals {
  /** A driver's escaping of a string's contents for between single quotes, as the session's server wants it. */
  @FunctionalInterface
  public interface Escaping {
    String escape(String text) throws SQLException;
  }

  private SqlLiterals() {}

  static void append(StringBuilder sb, Object value, PGConnection connection) throws SQLException {
    append(sb, value, connection::escapeLiteral);
  }

  /** Appends {@code value} as a literal; strings are escaped by {@code escaping}. */
  public static void append(StringBuilder sb, Object value, Escaping escaping) throws SQLException {
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
      sb.append('\'').append(escaping.escape(s)).append('\'');
    } else {
      throw new SQLException("cannot write a " + value.getClass().getName() + " as an SQL literal");
    }
  }
}
