package stress.ops.builtin;

import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.sql.Sql;
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
   * The lookup as the event-loop client sends it ({@code $1} its key). vertx-pg-client turns a jsonb column into
   * Jackson objects, which the lookup does not need, so {@code data} comes as bytes the client leaves alone:
   * <ul>
   *   <li>prepared, results are binary: {@code jsonb_send(data)}, jsonb's own binary output as bytea (a version
   *       byte and the document's text), the bytes a binary jsonb column carries. The server's work is pgjdbc's
   *       text jsonb: {@code data::text} cost it a few per cent more per lookup (an I/O cast, bench/README.md);</li>
   *   <li>plain, results are text, where bytea would be written out in hex: {@code data::text}.</li>
   * </ul>
   */
  public static String eventLoopSelectById(DocumentTable table, boolean plain) {
    return "SELECT _id, " + (plain ? "data::text" : "jsonb_send(data)") + " FROM " + table.qualifiedName()
        + " WHERE _id = $1";
  }

  @Override
  public Bound bind(OperationContext context) {
    Sql select = DocumentSql.selectById(context.table());
    return session -> session.sql().queryDocument(select, session.nextKey()) == null ? 0 : 1;
  }
}
