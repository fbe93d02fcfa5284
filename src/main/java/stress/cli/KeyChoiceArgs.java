package stress.cli;

import picocli.CommandLine.Option;
import stress.config.Defaults;

/**
 * How the operations' keys are chosen: shared by run and explain. The generator's own {@code --seed} of init and
 * generate is another option ({@link DocumentSetArgs}): it decides the documents, not the keys.
 */
final class KeyChoiceArgs {
  @Option(names = "--seed", paramLabel = "N", defaultValue = Defaults.SEED,
      description = "Seed of the random key choice. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(names = "--key-sample", paramLabel = "N", defaultValue = Defaults.KEY_SAMPLE,
      description = "Keys read from a table whose keys are not a dense integer range. Default: ${DEFAULT-VALUE}.")
  int keySample;
}
