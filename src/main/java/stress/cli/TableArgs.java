package stress.cli;

import picocli.CommandLine.Option;
import stress.config.Defaults;

/** Which document table a command works on: shared by run, init and explain. */
final class TableArgs {
  @Option(names = "--schema", paramLabel = "NAME", description = "Schema of the table. Default: the search path.")
  String schema;

  @Option(names = "--table", paramLabel = "NAME", defaultValue = Defaults.TABLE,
      description = "Document table. Default: ${DEFAULT-VALUE}.")
  String table;
}
