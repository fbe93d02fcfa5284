package stress.load.importer;

import java.util.List;
import stress.server.dialect.Dialect;
import stress.server.dialect.PostgresDialect;
import stress.table.DocumentTable;

/**
 * A target with plain PostgreSQL's tables and every other choice {@link Dialect}'s default: its commits are not local
 * (as where a commit spans nodes), it starts with full batches and sets nothing on its load sessions. Tests override
 * one choice at a time.
 */
class PostgresTablesDialect implements Dialect {
  private final PostgresDialect postgres = new PostgresDialect();

  @Override
  public List<String> createDocumentTables(DocumentTable table) {
    return postgres.createDocumentTables(table);
  }

  @Override
  public List<String> createCopyTable(DocumentTable table) {
    return postgres.createCopyTable(table);
  }
}
