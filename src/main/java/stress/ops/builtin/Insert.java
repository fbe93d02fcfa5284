package stress.ops.builtin;

import stress.ops.NewDocuments;
import stress.ops.NewRows;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.SessionLocal;
import stress.ops.sql.Sql;
import stress.table.DocumentTable;

/**
 * One new document per statement (sysbench oltp_insert on the document table): a key no row has yet and the
 * generated document for it.
 */
public final class Insert implements Operation {

  @Override
  public String name() {
    return "insert";
  }

  @Override
  public String description() {
    return "one new document per INSERT: a key above the table's largest _id, a generated document (--shape)";
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
    DocumentTable[] tables = context.insertTables();
    Sql[] inserts = new Sql[tables.length];
    for (int i = 0; i < tables.length; i++) {
      inserts[i] = DocumentSql.insertRows(tables[i], 1);
    }
    // a single row is always in one shard: no grouping needed
    // the tables of one run share one layout
    int perRow = DocumentSql.parametersPerRow(tables[0]);
    SessionLocal<NewRows> rows = new SessionLocal<>(() -> new NewRows(documents, 1, false));
    return session -> {
      NewRows r = rows.get(session);
      Sql insert = inserts[inserts.length == 1 ? 0 : session.worker()];
      return session.sql().update(insert, r.parameters(r.nextKeys(session.connection()), perRow));
    };
  }
}
