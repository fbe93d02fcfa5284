package stress.server.dialect;

import java.util.List;
import stress.table.DocumentTable;
import stress.table.Layout;

/** Plain PostgreSQL: ordinary tables, nothing to distribute. */
public final class PostgresDialect implements Dialect {
  private static final String CREATE_TABLE = "CREATE TABLE ";

  @Override
  public List<String> createDocumentTables(DocumentTable table) {
    return bothTables(table, "");
  }

  @Override
  public boolean distributes() {
    return false;
  }

  @Override
  public boolean keyInPrimaryKey() {
    return false;
  }

  @Override
  public boolean commitsLocally() {
    return true;
  }

  /**
   * The document table DDL with an optional clause appended (distribution clauses of other targets). A key layout
   * adds its column between {@code _id} and {@code data}; with {@link stress.table.Layout#keyInPrimaryKey} the primary
   * key is {@code (key column, _id)}.
   */
  static String createTable(DocumentTable table, String suffix) {
    Layout layout = table.layout();
    if (!layout.keyed()) {
      return CREATE_TABLE + table.qualifiedName() + " (_id " + table.idType().sql()
          + " PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')" + suffix;
    }
    return CREATE_TABLE + table.qualifiedName() + " (_id " + table.idType().sql() + " NOT NULL, "
        + layout.quotedColumn() + " " + layout.type().sql() + ", data jsonb NOT NULL DEFAULT '{}', PRIMARY KEY "
        + layout.primaryKey() + ")" + suffix;
  }

  /** The table and its copy table, each with the distribution clause {@code suffix}. */
  static List<String> bothTables(DocumentTable table, String suffix) {
    return List.of(createTable(table, suffix), createTable(table.copyTable(), suffix));
  }

  /** A key layout asked for here: the column and key are made, nothing is distributed. */
  @Override
  public String layoutNote(Layout layout) {
    return switch (layout.kind()) {
      case ID -> null;
      case KEY -> "plain PostgreSQL distributes nothing: the key column " + layout.path()
          + " is made and filled, and a cluster would hash it";
      case REFERENCE -> "plain PostgreSQL distributes nothing: a reference table is an ordinary table here";
    };
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
