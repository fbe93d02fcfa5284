package stress.ops;

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
    Sql insert = DocumentSql.insertRows(context.table(), 1);
    // a single row is always in one shard: no grouping needed
    SessionLocal<NewRows> rows = new SessionLocal<>(() -> new NewRows(documents, 1, false));
    return session -> {
      NewRows r = rows.get(session);
      return session.sql().update(insert, r.parameters(r.nextKeys(session.connection())));
    };
  }
}
