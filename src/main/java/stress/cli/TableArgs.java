package stress.cli;

import picocli.CommandLine.Option;
import stress.config.Defaults;
import stress.model.TableName;
import stress.model.UsageException;

/**
 * Which document table a command works on: run, init, explain, analyze and index. Import has a --schema and --table of
 * its own: its table names come from the dump unless --table names one, so its --table has no default. Both options
 * are read as PostgreSQL reads names ({@link TableName}).
 */
final class TableArgs {
  @Option(names = "--schema", paramLabel = "NAME", description = "Schema of the table. Default: the search path.")
  String schema;

  @Option(names = "--table", paramLabel = "NAME", defaultValue = Defaults.TABLE,
      description = "Document table: TABLE or SCHEMA.TABLE, read as PostgreSQL reads names (unquoted in lower case,"
          + " \"Quoted\" as written). Default: ${DEFAULT-VALUE}.")
  String table;

  /** The table --table and --schema name together; a schema named in both is refused. */
  TableName name() {
    return named("--table", table, schema);
  }

  /** The table {@code text} names, in --schema when it names no schema itself. */
  static TableName named(String option, String text, String schemaOption) {
    TableName name = TableName.parse(option, text);
    if (schemaOption == null) {
      return name;
    }
    String schema = TableName.identifier("--schema", schemaOption);
    if (name.schema() != null) {
      throw new UsageException(option + " " + text + " names its schema, and so does --schema " + schemaOption
          + ": name the schema once, in one of them");
    }
    return name.inSchema(schema);
  }
}
