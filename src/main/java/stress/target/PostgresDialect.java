package stress.target;

import java.util.List;
import stress.table.DocumentTable;

/** Plain PostgreSQL: ordinary tables, nothing to distribute. */
public final class PostgresDialect implements Dialect {

  @Override
  public List<String> createDocumentTables(DocumentTable table) {
    return List.of(createTable(table, ""), createTable(table.copyTable(), ""));
  }

  @Override
  public boolean commitsLocally() {
    return true;
  }

  /** The document table DDL with an optional clause appended (distribution clauses of other targets). */
  static String createTable(DocumentTable table, String suffix) {
    return "CREATE TABLE " + table.qualifiedName() + " (_id " + table.idType().sql()
        + " PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')" + suffix;
  }

  @Override
  public List<String> createCopyTable(DocumentTable table) {
    return List.of(createTable(table.copyTable(), ""));
  }
}
