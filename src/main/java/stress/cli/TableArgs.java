package stress.cli;

import picocli.CommandLine.Option;
import stress.config.Defaults;

/**
 * Which document table a command works on: run, init, explain, analyze and index. Import has a --schema and --table of
 * its own: its table names come from the dump unless --table names one, so its --table has no default.
 */
final class TableArgs {
  @Option(names = "--schema", paramLabel = "NAME", description = "Schema of the table. Default: the search path.")
  String schema;

  @Option(names = "--table", paramLabel = "NAME", defaultValue = Defaults.TABLE,
      description = "Document table. Default: ${DEFAULT-VALUE}.")
  String table;
}
