package stress.ops.builtin;

import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.sql.Sql;

/** A range scan: documents with _id above a random existing key, ORDER BY _id LIMIT n, streamed. */
public final class Find implements Operation {

  @Override
  public String name() {
    return "find";
  }

  /** True: reads only. */
  @Override
  public boolean idempotent() {
    return true;
  }

  @Override
  public String description() {
    return "documents with _id > a random key, ORDER BY _id LIMIT n, n in --limit-min..--limit-max (100..10100)";
  }

  @Override
  public Bound bind(OperationContext context) {
    Sql select = DocumentSql.selectRange(context.table());
    int min = context.settings().limitMin();
    int max = context.settings().limitMax();
    return session -> session.sql().streamRows(select, session.nextKey(), session.nextInt(min, max));
  }
}
