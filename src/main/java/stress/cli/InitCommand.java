package stress.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import stress.app.Jobs;
import stress.config.Defaults;
import stress.config.InitConfig;
import stress.dump.generate.Shape;
import stress.load.ExistingTablePolicy;

/** {@code stress init}: create the document tables and fill them with generated documents. */
@Command(name = "init", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Create the document table and its copy table <table>_copy for the detected target and fill"
        + " both with generated documents, keys 1..N. Existing tables are never touched unless asked."})
final class InitCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  ConnectionArgs connection;

  @Option(names = "--docs", paramLabel = "N", defaultValue = Defaults.DOCS,
      description = "Documents to generate. Default: ${DEFAULT-VALUE}.")
  long docs;

  @Option(names = "--shape", paramLabel = "SHAPE", defaultValue = Defaults.SHAPE,
      description = "small (~43 B as BSON, like the seed's check-ins) or large (~3 KiB nested). Default: ${DEFAULT-VALUE}.")
  String shape;

  @Option(names = "--seed", paramLabel = "N", defaultValue = Defaults.SEED,
      description = "Generator seed; the same seed gives the same documents. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(names = "--schema", paramLabel = "NAME", description = "Schema of the table. Default: the search path.")
  String schema;

  @Option(names = "--table", paramLabel = "NAME", defaultValue = Defaults.TABLE,
      description = "Document table. Default: ${DEFAULT-VALUE}.")
  String table;

  @Option(names = "--jobs", paramLabel = "N", defaultValue = Defaults.LOAD_JOBS,
      description = "Parallel COPY streams. Default: ${DEFAULT-VALUE}.")
  int jobs;

  @Option(names = "--drop-existing", description = "Drop and recreate the tables if they exist.")
  boolean dropExisting;

  @Option(names = "--reuse", description = "Keep existing tables (and their rows) and load into them.")
  boolean reuse;

  @Override
  public Integer call() throws Exception {
    if (dropExisting && reuse) {
      throw new IllegalArgumentException("--drop-existing and --reuse exclude each other");
    }
    ExistingTablePolicy policy = dropExisting ? ExistingTablePolicy.DROP_EXISTING
        : reuse ? ExistingTablePolicy.REUSE : ExistingTablePolicy.FAIL_IF_EXISTS;
    InitConfig config = new InitConfig(docs, Shape.parse(shape), seed, schema, table, policy, jobs);
    return Jobs.init(config, connection.toOptions(root.connection), root.out);
  }
}
