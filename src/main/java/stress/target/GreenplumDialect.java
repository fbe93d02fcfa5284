package stress.target;

import java.util.List;
import stress.table.DocumentTable;

/**
 * Greenplum family: both tables distributed across the segments by {@code _id} or by the key column (the same hashing
 * for the same type, so tables of one key type are co-located), or replicated to every segment.
 */
public final class GreenplumDialect implements Dialect {

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
      case ID -> " DISTRIBUTED BY (_id)";
      case KEY -> " DISTRIBUTED BY (" + table.layout().quotedColumn() + ")";
      case REFERENCE -> " DISTRIBUTED REPLICATED";
    };
  }
}
