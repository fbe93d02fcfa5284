package stress.ops;

import stress.table.DocumentTable;

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

  /**
   * The lookup as the event-loop client sends it ({@code $1} its key). It reads {@code data} as text, as pgjdbc's
   * {@code getString} does: the server writes the same jsonb text either way, and the client does not parse it.
   */
  public static String selectTextById(DocumentTable table) {
    return "SELECT _id, data::text FROM " + table.qualifiedName() + " WHERE _id = $1";
  }

  @Override
  public Bound bind(OperationContext context) {
    Sql select = DocumentSql.selectById(context.table());
    return session -> session.sql().queryDocument(select, session.nextKey()) == null ? 0 : 1;
  }
}
