package stress.server.dialect;

import java.util.List;
import stress.table.DocumentTable;

/**
 * A cluster that places both tables by a clause of CREATE TABLE: distributed by {@code _id} or by the key column (the
 * same hashing for the same type, so tables of one key type are co-located), or replicated to every node. Greenplum
 * and Postgres-XL differ only in the words.
 */
abstract class DistributingDialect implements Dialect {

  /** The clause distributing by a column, e.g. {@code  DISTRIBUTED BY (_id)}. */
  abstract String distributedBy(String quotedColumn);

  /** The clause replicating the table to every node. */
  abstract String replicated();

  @Override
  public final List<String> createDocumentTables(DocumentTable table) {
    return PostgresDialect.bothTables(table, clause(table));
  }

  @Override
  public final List<String> createCopyTable(DocumentTable table) {
    return List.of(PostgresDialect.createTable(table.copyTable(), clause(table)));
  }

  private String clause(DocumentTable table) {
    return switch (table.layout().kind()) {
      case ID -> distributedBy("_id");
      case KEY -> distributedBy(table.layout().quotedColumn());
      case REFERENCE -> replicated();
    };
  }
}
