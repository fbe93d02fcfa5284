package stress.ops.builtin;

import stress.ops.NewDocuments;
import stress.ops.NewRows;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.SessionLocal;
import stress.ops.sql.Sql;
import stress.table.DocumentTable;
import stress.model.UsageException;

/**
 * {@code --batch} new documents in one multi-row INSERT ... VALUES statement; with {@code --group-by-shard}
 * all rows of a statement belong to one shard.
 */
public final class InsertBatch implements Operation {
  /** Two parameters per row, and a PostgreSQL statement takes at most 65535. */
  public static final int MAX_ROWS = 65535 / 2;

  @Override
  public String name() {
    return "insert_batch";
  }

  @Override
  public String description() {
    return "--batch new documents in one multi-row INSERT ... VALUES (all in one shard with --group-by-shard)";
  }

  @Override
  public boolean readsExistingKeys() {
    return false;
  }

  @Override
  public boolean insertsNewKeys() {
    return true;
  }

  @Override
  public Bound bind(OperationContext context) {
    NewDocuments documents = context.requireNewDocuments(name());
    int batch = context.settings().batch();
    if (batch > MAX_ROWS) {
      throw new UsageException("--batch for insert_batch must be at most " + MAX_ROWS
          + " (two parameters per row, and a PostgreSQL statement takes at most 65535), got " + batch);
    }
    DocumentTable[] tables = context.insertTables();
    Sql[] inserts = new Sql[tables.length];
    for (int i = 0; i < tables.length; i++) {
      inserts[i] = DocumentSql.insertRows(tables[i], batch);
    }
    // the tables of one run share one layout
    int perRow = DocumentSql.parametersPerRow(tables[0]);
    if (batch * perRow > 65535) {
      throw new UsageException("--batch for insert_batch must be at most " + 65535 / perRow + " on table "
          + tables[0].displayName() + " (" + perRow + " parameters per row with its key column, and a PostgreSQL"
          + " statement takes at most 65535), got " + batch);
    }
    SessionLocal<NewRows> rows = new SessionLocal<>(() -> new NewRows(documents, batch, documents.groupedByShard()));
    return session -> {
      NewRows r = rows.get(session);
      Sql insert = inserts[inserts.length == 1 ? 0 : session.worker()];
      return session.sql().update(insert, r.parameters(r.nextKeys(session.connection()), perRow));
    };
  }
}
