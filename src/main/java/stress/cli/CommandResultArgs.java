package stress.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import stress.app.data.CommandResultJson;
import stress.app.output.ResultFileClaim;

/**
 * The {@code --json} result file of init and generate ({@code app.data.CommandResultJson}). Import's own {@code --json}
 * writes the same file with a row per collection, and says so; run, merge and analyze write other results.
 */
final class CommandResultArgs {
  @Option(names = "--json", paramLabel = "FILE", description = "Write the result as JSON (counts, seconds, exit"
      + " code; docs/import.md#result-file-and-exit-codes).")
  Path json;

  /** The file, checked to be writable before any work is done; null when none was asked for. */
  Path writableFile() {
    if (json != null) {
      ResultFileClaim.checkWritable(json);
    }
    return json;
  }
}
