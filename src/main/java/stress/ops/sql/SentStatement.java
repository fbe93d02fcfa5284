package stress.ops.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.postgresql.PGConnection;

/**
 * One statement an execution of an operation sent, or for a write would have sent, with the values it bound.
 * It renders the statement in the forms {@code stress explain} plans: the text a PREPARE takes, the values as
 * literals for an EXECUTE, and the literal SQL plain mode sends.
 *
 * @param sql        the statement as the operation wrote it
 * @param parameters the values bound to its placeholders, in order
 * @param writes     true for INSERT/UPDATE/DELETE (sent through {@link SqlExecutor#update})
 */
public record SentStatement(Sql sql, List<Object> parameters, boolean writes) {

  public SentStatement {
    Objects.requireNonNull(sql, "sql");
    // values may be SQL NULL, which List.copyOf refuses
    parameters = Collections.unmodifiableList(new ArrayList<>(parameters));
    if (parameters.size() != sql.parameterCount()) {
      throw new IllegalArgumentException("statement has " + sql.parameterCount() + " placeholders but "
          + parameters.size() + " values were given: " + sql.text());
    }
  }

  /** The text with {@code $1, $2, ...} placeholders, for {@code PREPARE name AS ...}. */
  public String preparedText() {
    return sql.numberedText();
  }

  /** The statement with its values written in as literals, exactly as plain mode sends it. */
  public String literalText(Connection connection) throws SQLException {
    StringBuilder sb = new StringBuilder(sql.text().length() + 16 * parameters.size());
    sql.appendWithLiterals(sb, parameters.toArray(), pg(connection));
    return sb.toString();
  }

  /** Each value as an SQL literal escaped by the driver, for {@code EXECUTE name(...)}. */
  public List<String> parameterLiterals(Connection connection) throws SQLException {
    PGConnection pg = pg(connection);
    List<String> literals = new ArrayList<>(parameters.size());
    StringBuilder sb = new StringBuilder();
    for (Object value : parameters) {
      sb.setLength(0);
      SqlLiterals.append(sb, value, pg);
      literals.add(sb.toString());
    }
    return literals;
  }

  private static PGConnection pg(Connection connection) throws SQLException {
    return connection.unwrap(PGConnection.class);
  }
}
