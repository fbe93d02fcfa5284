package stress.ops.builtin;

import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.sql.Sql;

/** Read one document by key, then delete that key from the copy table (0 rows once it is gone). */
public final class FindDelete implements Operation {

  @Override
  public String name() {
    return "find_delete";
  }

  /** True: deleting a key twice leaves the same table. */
  @Override
  public boolean idempotent() {
    return true;
  }

  @Override
  public String description() {
    return "one document by primary key, then a DELETE of that key from the copy table <table>_copy";
  }

  @Override
  public boolean usesCopyTable() {
    return true;
  }

  @Override
  public Bound bind(OperationContext context) {
    Sql select = DocumentSql.selectById(context.table());
    Sql delete = DocumentSql.deleteById(context.table().copyTable());
    return session -> {
      Object key = session.nextKey();
      String doc = session.sql().queryDocument(select, key);
      return (doc == null ? 0 : 1) + session.sql().update(delete, key);
    };
  }
}
