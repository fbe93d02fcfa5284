package stress.ops.file;

import stress.table.IdType;

/**
 * A literal {@code _id} value in a workload statement whose SQL form depends on the table's {@code _id} column,
 * known only when the statement is bound to a table: the same MongoDB value {@code 3} is {@code '3'} in an
 * integer or double column, but {@code '3'} or {@code '3.0'} in a text column holding relaxed Extended JSON
 * (mixed {@code _id} kinds), and a string {@code "a"} is {@code 'a'} or, in that form, {@code '"a"'}. The translator
 * writes a token with both forms; {@link #resolve} picks one for the table.
 */
public final class IdLiteral {
  private static final char MARK = '\u0001';
  private static final char TYPE = '\u0003';

  private IdLiteral() {}

  /**
   * @param typed the literal for a non-text column, e.g. {@code '3'}
   * @param texts the comma-separated literals a text column may hold for the value, e.g. {@code '3', '3.0'}
   */
  public static String token(String typed, String texts) {
    return MARK + typed + MARK + texts + MARK;
  }

  /**
   * A token for the {@code _id} column's SQL type ({@code integer}, {@code text}, ...), for a placeholder that must
   * have it where the server cannot infer it (the select list of {@code INSERT ... SELECT}, which Citus sends to its
   * workers without a type).
   */
  public static String columnType() {
    return String.valueOf(TYPE);
  }

  /** The statement with every token replaced by the form for an {@code _id} column of this type. */
  public static String resolve(String sql, IdType type) {
    if (sql.indexOf(TYPE) >= 0) {
      sql = sql.replace(String.valueOf(TYPE), type.sql());
    }
    int start = sql.indexOf(MARK);
    if (start < 0) {
      return sql;
    }
    StringBuilder out = new StringBuilder(sql.length());
    int at = 0;
    while (start >= 0) {
      int middle = sql.indexOf(MARK, start + 1);
      int end = sql.indexOf(MARK, middle + 1);
      out.append(sql, at, start)
          .append(type == IdType.TEXT ? sql.substring(middle + 1, end) : sql.substring(start + 1, middle));
      at = end + 1;
      start = sql.indexOf(MARK, at);
    }
    return out.append(sql, at, sql.length()).toString();
  }
}
