package stress.ops;

/** One document by primary key. */
public final class FindFirst implements Operation {

  @Override
  public String name() {
    return "find_first";
  }

  /** True: reads only. */
  @Override
  public boolean idempotent() {
    return true;
  }

  @Override
  public String description() {
    return "one document by primary key";
  }

  @Override
  public Bound bind(OperationContext context) {
    Sql select = DocumentSql.selectById(context.table());
    return session -> session.sql().queryDocument(select, session.nextKey()) == null ? 0 : 1;
  }
}
