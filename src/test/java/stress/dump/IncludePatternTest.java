package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.dump.naming.NamespaceFilter;
import stress.model.UsageException;

/** An include pattern that matches nothing the dump holds is refused, naming what it holds, instead of importing none. */
class IncludePatternTest {
  private static final Path DUMP = Path.of("datasets/sample-large");

  private static DumpSource scan(List<String> databases, List<String> collections) throws Exception {
    return new DumpScanner(ScanOptions.defaults().withFilter(new NamespaceFilter(databases, List.of(), collections,
        List.of()))).scan(DUMP);
  }

  @Test
  void aPatternThatMatchesNothingIsRefusedWithWhatTheDumpHolds() throws Exception {
    UsageException db = assertThrows(UsageException.class, () -> scan(List.of("nosuch"), List.of()));
    assertEquals("--db nosuch matches no database of datasets/sample-large (its databases: stress)", db.getMessage());
    UsageException both = assertThrows(UsageException.class, () -> scan(List.of("stres*", "x"), List.of("ordrs")));
    assertEquals("--db x matches no database of datasets/sample-large (its databases: stress); --collection ordrs"
        + " matches no collection of datasets/sample-large (its collections: orders)", both.getMessage());
    assertEquals(1, scan(List.of("stres*"), List.of("orders")).collections().size());
  }
}
