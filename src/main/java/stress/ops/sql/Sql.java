package stress.ops.sql;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import org.postgresql.PGConnection;

/**
 * One statement with {@code ?} placeholders. The same text serves both statement modes: bound as
 * parameters by a PreparedStatement, or filled with escaped literals for a plain Statement. Write typed
 * parameters as {@code CAST(? AS jsonb)} so the literal form needs no extra syntax. Placeholders are found as
 * pgjdbc finds them ({@link PlaceholderScanner}): {@code ?} in quotes is text, {@code ??} is one {@code ?}.
 */
public final class Sql {
  private static final AtomicInteger NEXT_SLOT = new AtomicInteger();

  private final String text;
  private final String[] fragments;
  private final int slot;
  private final boolean anyColumns;

  public Sql(String text) {
    this(text, false);
  }

  /** @param anyColumns true when a query's rows are not (_id, data), e.g. a workload file's statement */
  public Sql(String text, boolean anyColumns) {
    this.text = text;
    this.anyColumns = anyColumns;
    this.fragments = PlaceholderScanner.fragments(text);
    this.slot = NEXT_SLOT.getAndIncrement();
  }

  /** The text with placeholders, as prepared. */
  public String text() {
    return text;
  }

  /** Number of placeholders. */
  public int parameterCount() {
    return fragments.length - 1;
  }

  /**
   * The text with numbered placeholders {@code $1, $2, ...}, the form {@code PREPARE name AS ...} takes; the
   * server infers each parameter's type from where it stands, as it does for a driver's unnamed types.
   */
  public String numberedText() {
    StringBuilder sb = new StringBuilder(text.length() + 8);
    for (int i = 0; i < parameterCount(); i++) {
      sb.append(fragments[i]).append('$').append(i + 1);
    }
    return sb.append(fragments[parameterCount()]).toString();
  }

  /**
   * Appends the text with every placeholder replaced by the literal of its value, escaped by the driver:
   * exactly what plain mode sends.
   */
  void appendWithLiterals(StringBuilder out, Object[] params, PGConnection connection) throws SQLException {
    if (params.length != parameterCount()) {
      throw new SQLException("statement has " + parameterCount() + " placeholders but " + params.length
          + " values were given: " + text);
    }
    for (int i = 0; i < params.length; i++) {
      out.append(fragments[i]);
      SqlLiterals.append(out, params[i], connection);
    }
    out.append(fragments[params.length]);
  }

  /** True when the rows read have any columns, not (_id, data): all are read. */
  boolean anyColumns() {
    return anyColumns;
  }

  /** A small process-wide number, so sessions can cache statements in an array instead of a map. */
  int slot() {
    return slot;
  }

  /** The text between placeholders: fragment i comes before parameter i. */
  String fragment(int i) {
    return fragments[i];
  }

  @Override
  public String toString() {
    return text;
  }
}
