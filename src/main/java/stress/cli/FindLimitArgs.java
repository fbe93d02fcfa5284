package stress.cli;

import picocli.CommandLine.Option;
import stress.config.Defaults;

/** The LIMIT range of the built-in find: shared by run and explain, so explain shows the statements a run sends. */
final class FindLimitArgs {
  @Option(names = "--limit-min", paramLabel = "N", defaultValue = Defaults.LIMIT_MIN,
      description = "Smallest LIMIT of find. Default: ${DEFAULT-VALUE}.")
  int limitMin;

  @Option(names = "--limit-max", paramLabel = "N", defaultValue = Defaults.LIMIT_MAX,
      description = "Largest LIMIT of find. Default: ${DEFAULT-VALUE}.")
  int limitMax;
}
