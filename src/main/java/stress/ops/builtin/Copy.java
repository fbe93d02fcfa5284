package stress.ops.builtin;

import java.util.ArrayList;
import java.util.List;
import stress.load.CopyBatching;
import stress.load.CopyLoader;
import stress.load.DocumentRow;
import stress.ops.NewDocuments;
import stress.ops.NewRows;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.SessionLocal;
import stress.table.DocumentTable;

/**
 * {@code --batch} new documents in one {@code COPY ... FROM STDIN} (text format, through the loader that
 * {@code stress init} and {@code stress import} use). COPY has no parameters, so both statement modes send
 * the same thing. With {@code --group-by-shard} all rows of a COPY belong to one shard.
 */
public final class Copy implements Operation {

  @Override
  public String name() {
    return "copy";
  }

  @Override
  public String description() {
    return "--batch new documents in one COPY FROM STDIN (same in both modes; one shard with --group-by-shard)";
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
    // one COPY (and one commit outside a transaction) per execution: the whole batch, whatever its size
    CopyLoader loader = new CopyLoader(new CopyBatching(batch, Long.MAX_VALUE));
    DocumentTable[] tables = context.insertTables();
    SessionLocal<NewRows> rows = new SessionLocal<>(() -> new NewRows(documents, batch, documents.groupedByShard()));
    return session -> {
      NewRows r = rows.get(session);
      long[] keys = r.nextKeys(session.connection());
      List<DocumentRow> copied = new ArrayList<>(keys.length);
      for (long key : keys) {
        copied.add(new DocumentRow(Long.toString(key), r.json(key)));
      }
      DocumentTable table = tables[tables.length == 1 ? 0 : session.worker()];
      return loader.load(session.connection(), table, copied.iterator()).rows();
    };
  }
}
