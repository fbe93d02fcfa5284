package stress.target;

import java.util.List;
import stress.table.DocumentTable;

/**
 * Postgres-XL coordinator: both tables hash-distributed across the datanodes on {@code _id} or on the key column (the
 * same hashing for the same type, so tables of one key type are co-located), or replicated to every datanode.
 */
public final class XlDialect implements Dialect {

  @Override
  public List<String> createDocumentTables(DocumentTable table) {
    return PostgresDialect.bothTables(table, clause(table));
  }

  @Override
  public List<String> createCopyTable(DocumentTable table) {
    return List.of(PostgresDialect.createTable(table.copyTable(), clause(table)));
  }

  private static String clause(DocumentTable table) {
    return switch (table.layout().kind()) {
      case ID -> " DISTRIBUTE BY HASH (_id)";
      case KEY -> " DISTRIBUTE BY HASH (" + table.layout().quotedColumn() + ")";
      case REFERENCE -> " DISTRIBUTE BY REPLICATION";
    };
  }
}
