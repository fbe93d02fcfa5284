package stress.cli;

import picocli.CommandLine.Option;
import stress.config.Defaults;

/** A generated data set: how many documents, which shape, which seed. Shared by init and generate. */
final class DocumentSetArgs {
  @Option(names = "--docs", paramLabel = "N", defaultValue = Defaults.DOCS,
      description = "Documents to generate. Default: ${DEFAULT-VALUE}.")
  long docs;

  @Option(names = "--shape", paramLabel = "SHAPE", defaultValue = Defaults.SHAPE,
      description = "small (~43 B as BSON, like the seed's check-ins) or large (~3 KiB nested). Default: ${DEFAULT-VALUE}.")
  String shape;

  @Option(names = "--seed", paramLabel = "N", defaultValue = Defaults.SEED,
      description = "Generator seed; the same seed gives the same documents. Default: ${DEFAULT-VALUE}.")
  long seed;
}
