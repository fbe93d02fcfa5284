package stress.ops.builtin;

import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.sql.Sql;

/** Read one document by key, then write exactly the same document back to that row. */
public final class FindUpdate implements Operation {

  @Override
  public String name() {
    return "find_update";
  }

  /** True: writes the row's own document back: running it twice leaves the same row. */
  @Override
  public boolean idempotent() {
    return true;
  }

  @Override
  public String description() {
    return "one document by primary key, then an UPDATE of that row with the same document";
  }

  @Override
  public Bound bind(OperationContext context) {
    Sql select = DocumentSql.selectById(context.table());
    Sql update = DocumentSql.updateById(context.table());
    return session -> {
      Object key = session.nextKey();
      String doc = session.sql().queryDocument(select, key);
      if (doc == null) {
        return 0;
      }
      return 1 + session.sql().update(update, doc, key);
    };
  }
}
