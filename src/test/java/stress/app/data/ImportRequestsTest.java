package stress.app.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.config.Defaults;
import stress.config.ImportConfig;
import stress.load.importer.ImportRequest;
import stress.model.UsageException;

/** The import request built from the command's options: its defaults are the engine's, every problem in one line. */
class ImportRequestsTest {

  @Test
  void theCommandsDefaultsAreTheEnginesDefaults() {
    assertEquals(ImportRequest.DEFAULT_JOBS, Integer.parseInt(Defaults.LOAD_JOBS));
    assertEquals(ImportRequest.DEFAULT_BATCH_DOCS, Integer.parseInt(Defaults.IMPORT_BATCH_DOCS));
    assertEquals(ImportRequest.DEFAULT_BATCH_MB, Integer.parseInt(Defaults.IMPORT_BATCH_MB));
    assertEquals(ImportRequest.DEFAULT_REJECTS, Defaults.IMPORT_REJECTS);
  }

  @Test
  void everyProblemIsNamedInOneMessage() {
    ImportConfig config = new ImportConfig(null, null, List.of(), List.of(), List.of(), List.of(), false, null, null,
        "", false, true, true, false, 0, "loose", "float", "abort", "reject", "reject", Path.of("r.jsonl"), 0, 8L, null, List.of(), List.of(), false);
    UsageException e = assertThrows(UsageException.class, () -> ImportRequests.of(config));
    assertEquals("give the dump to import: PATH (a dump directory, a .bson file or a mongoexport JSON file) or"
        + " --archive FILE;"
        + " --drop-existing and --reuse exclude each other; --jobs must be at least 1, got 0;"
        + " --json-mode must be one of relaxed, canonical, got 'loose'; " + idTypeProblem()
        + "; --batch-docs must be at least 1, got 0", e.getMessage());
  }

  private static String idTypeProblem() {
    try {
      stress.table.IdType.parse("float");
      throw new AssertionError("float is no _id type");
    } catch (IllegalArgumentException e) {
      return "--id-type: " + e.getMessage();
    }
  }
}
