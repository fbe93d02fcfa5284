package stress.ops;

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
    return new Sql("INSERT INTO " + table.qualifiedName() + " (_id, data) VALUES (?, CAST(? AS jsonb))"
        + " ON CONFLICT (_id) DO UPDATE SET data = EXCLUDED.data");
  }

  static Sql deleteById(DocumentTable table) {
    return new Sql("DELETE FROM " + table.qualifiedName() + " WHERE _id = ?");
  }

  /** A multi-row INSERT of {@code rows} new documents: two placeholders per row, key then document. */
  static Sql insertRows(DocumentTable table, int rows) {
    StringBuilder sb = new StringBuilder("INSERT INTO ").append(table.qualifiedName()).append(" (_id, data) VALUES ");
    for (int i = 0; i < rows; i++) {
      sb.append(i == 0 ? "(?, CAST(? AS jsonb))" : ", (?, CAST(? AS jsonb))");
    }
    return new Sql(sb.toString());
  }
}
