package stress.ops.builtin;

import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.sql.Sql;
import stress.table.DocumentTable;

/**
 * Read one document by key, then insert it into the copy table. A key inserted before (by an earlier
 * execution or by init) is overwritten with the same document (INSERT ... ON CONFLICT DO UPDATE), so the
 * operation never fails on a duplicate and always writes one row.
 */
public final class FindInsert implements Operation {

  @Override
  public String name() {
    return "find_insert";
  }

  /** True: an upsert: running it twice leaves the same copy row. */
  @Override
  public boolean idempotent() {
    return true;
  }

  @Override
  public String description() {
    return "one document by primary key, then an upsert of it into the copy table <table>_copy";
  }

  @Override
  public boolean usesCopyTable() {
    return true;
  }

  @Override
  public Bound bind(OperationContext context) {
    Sql select = DocumentSql.selectById(context.table());
    DocumentTable copy = context.table().copyTable();
    Sql upsert = DocumentSql.upsertById(copy);
    int perRow = DocumentSql.parametersPerRow(copy);
    return session -> {
      Object key = session.nextKey();
      String doc = session.sql().queryDocument(select, key);
      if (doc == null) {
        return 0;
      }
      return 1 + session.sql().update(upsert, DocumentSql.rowParameters(perRow, key, doc));
    };
  }
}
