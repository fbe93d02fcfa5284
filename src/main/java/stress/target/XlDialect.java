package stress.target;

import java.util.List;
import stress.table.DocumentTable;

/** Postgres-XL coordinator: both tables hash-distributed on {@code _id} across the datanodes. */
public final class XlDialect implements Dialect {

  @Override
  public List<String> createDocumentTables(DocumentTable table) {
    return List.of(
        PostgresDialect.createTable(table, " DISTRIBUTE BY HASH (_id)"),
        PostgresDialect.createTable(table.copyTable(), " DISTRIBUTE BY HASH (_id)"));
  }

  @Override
  public List<String> createCopyTable(DocumentTable table) {
    return List.of(PostgresDialect.createTable(table.copyTable(), " DISTRIBUTE BY HASH (_id)"));
  }
}
