package stress.target;

import java.util.List;
import stress.table.DocumentTable;

/** Plain PostgreSQL: ordinary tables, nothing to distribute. */
public final class PostgresDialect implements Dialect {
  private static final String CREATE_TABLE = "CREATE TABLE ";

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
    return CREATE_TABLE + table.qualifiedName() + " (_id " + table.idType().sql()
        + " PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')" + suffix;
  }

  /** A CREATE TABLE statement of {@link #createTable} as CREATE UNLOGGED TABLE; any other statement unchanged. */
  static String unlogged(String statement) {
    return statement.startsWith(CREATE_TABLE) ? "CREATE UNLOGGED TABLE " + statement.substring(CREATE_TABLE.length())
        : statement;
  }

  @Override
  public List<String> createCopyTable(DocumentTable table) {
    return List.of(createTable(table.copyTable(), ""));
  }
}
