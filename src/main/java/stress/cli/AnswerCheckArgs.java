package stress.cli;

import picocli.CommandLine.Option;
import stress.app.against.AnswerCheck;
import stress.model.UsageException;

/** How {@code run --against} compares answers before it measures ({@link AnswerCheck}). */
final class AnswerCheckArgs {
  @Option(names = "--check-draws", paramLabel = "N",
      description = "With --against: draws of each operation's values compared on every target before measuring"
          + " (default ${DEFAULT-VALUE}; more are drawn while every answer is empty).", defaultValue = "5")
  int draws;

  @Option(names = "--measure-different",
      description = "With --against: measure operations whose answers differ too (left out by default), marked"
          + " \"answers differ\" in every table, result.json and report.html.")
  boolean measureDifferent;

  @picocli.CommandLine.Spec(picocli.CommandLine.Spec.Target.MIXEE)
  picocli.CommandLine.Model.CommandSpec spec;

  /** The check, refused when its options are given without a MongoDB server to compare with. */
  AnswerCheck toCheck(boolean against) {
    boolean given = spec != null && spec.commandLine() != null
        && (spec.commandLine().getParseResult().hasMatchedOption("--check-draws") || measureDifferent);
    if (given && !against) {
      throw new UsageException("--check-draws and --measure-different choose how run --against compares answers"
          + " before measuring: give --against URL too");
    }
    return new AnswerCheck(draws, measureDifferent);
  }
}
