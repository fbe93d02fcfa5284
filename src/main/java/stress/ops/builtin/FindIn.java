package stress.ops.builtin;

import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.sql.Sql;

/** A batch of primary keys in one statement (40 by default, --batch). */
public final class FindIn implements Operation {

  @Override
  public String name() {
    return "find_in";
  }

  /** True: reads only. */
  @Override
  public boolean idempotent() {
    return true;
  }

  @Override
  public String description() {
    return "a batch of documents by primary key in one statement (--batch, default 40)";
  }

  @Override
  public Bound bind(OperationContext context) {
    int batch = context.settings().batch();
    Sql select = DocumentSql.selectByIds(context.table(), batch);
    return session -> {
      Object[] keys = new Object[batch];
      for (int i = 0; i < batch; i++) {
        keys[i] = session.nextKey();
      }
      return session.sql().queryRows(select, keys);
    };
  }
}
