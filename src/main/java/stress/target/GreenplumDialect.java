package stress.target;

import java.util.List;
import stress.table.DocumentTable;

/** Greenplum family: both tables distributed by {@code _id} across the segments. */
public final class GreenplumDialect implements Dialect {

  @Override
  public List<String> createDocumentTables(DocumentTable table) {
    return List.of(
        PostgresDialect.createTable(table, " DISTRIBUTED BY (_id)"),
        PostgresDialect.createTable(table.copyTable(), " DISTRIBUTED BY (_id)"));
  }

  @Override
  public List<String> createCopyTable(DocumentTable table) {
    return List.of(PostgresDialect.createTable(table.copyTable(), " DISTRIBUTED BY (_id)"));
  }
}
