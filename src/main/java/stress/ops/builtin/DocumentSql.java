package stress.ops.builtin;

import stress.ops.sql.Sql;
import stress.table.DocumentTable;

/** The statements of the built-in operations, written once. */
final class DocumentSql {
  private DocumentSql() {}

  static Sql selectById(DocumentTable table) {
    return new Sql("SELECT _id, data FROM " + table.qualifiedName() + " WHERE _id = ?");
  }

  static Sql selectByIds(DocumentTable table, int count) {
    StringBuilder sb = new StringBuilder("SELECT _id, data FROM ").append(table.qualifiedName()).append(" WHERE _id IN (");
    for (int i = 0; i < count; i++) {
      sb.append(i == 0 ? "?" : ", ?");
    }
    return new Sql(sb.append(')').toString());
  }

  static Sql selectRange(DocumentTable table) {
    return new Sql("SELECT _id, data FROM " + table.qualifiedName() + " WHERE _id > ? ORDER BY _id LIMIT ?");
  }

  static Sql updateById(DocumentTable table) {
    return new Sql("UPDATE " + table.qualifiedName() + " SET data = CAST(? AS jsonb) WHERE _id = ?");
  }

  /**
   * Writes the document into the copy table whether or not an earlier execution put it there already:
   * an existing row is overwritten with the same document, so every execution writes exactly one row.
   */
  static Sql upsertById(DocumentTable table) {
    return new Sql("INSERT INTO " + table.qualifiedName() + " " + table.columnList() + " VALUES " + row(table)
        + " ON CONFLICT " + table.layout().primaryKey() + " DO UPDATE SET data = EXCLUDED.data");
  }

  /**
   * One row's values: the key, then the document; in a table with a key column, the column's value is read from the
   * document in the statement, so the document is given again for each of its placeholders ({@link #parametersPerRow}).
   */
  private static String row(DocumentTable table) {
    return table.layout().keyed()
        ? "(?, " + table.layout().type().fromDocument("CAST(? AS jsonb)", table.layout().path()) + ", CAST(? AS jsonb))"
        : "(?, CAST(? AS jsonb))";
  }

  /**
   * Placeholders per inserted row: the key, then the document as often as the row reads it (once for {@code data},
   * and as many times as the key column's expression reads it).
   */
  static int parametersPerRow(DocumentTable table) {
    return new Sql(row(table)).parameterCount();
  }

  /** {@code key, document} as one row's {@code perRow} parameters ({@link #parametersPerRow}). */
  static Object[] rowParameters(int perRow, Object key, Object document) {
    Object[] parameters = new Object[perRow];
    java.util.Arrays.fill(parameters, document);
    parameters[0] = key;
    return parameters;
  }

  static Sql deleteById(DocumentTable table) {
    return new Sql("DELETE FROM " + table.qualifiedName() + " WHERE _id = ?");
  }

  /** A multi-row INSERT of {@code rows} new documents: two placeholders per row, key then document. */
  static Sql insertRows(DocumentTable table, int rows) {
    StringBuilder sb = new StringBuilder("INSERT INTO ").append(table.qualifiedName()).append(' ')
        .append(table.columnList()).append(" VALUES ");
    String row = row(table);
    for (int i = 0; i < rows; i++) {
      sb.append(i == 0 ? "" : ", ").append(row);
    }
    return new Sql(sb.toString());
  }
}
