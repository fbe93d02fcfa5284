package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files under src/test/resources/stress/report. Run with {@code -Dgolden.update=true} to rewrite
 * them from the actual output; the test then fails so the new files get reviewed before they count.
 */
public final class Golden {
  private Golden() {}

  static String read(String name) {
    try (InputStream in = Golden.class.getResourceAsStream(name)) {
      if (in == null) {
        return null;
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void assertMatches(String name, String actual) {
    if (Boolean.getBoolean("golden.update")) {
      try {
        Path file = Path.of("src/test/resources/stress/report", name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, actual);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      fail("golden file " + name + " rewritten; review it and run again without -Dgolden.update");
    }
    String expected = read(name);
    if (expected == null) {
      fail("no golden file " + name + "; actual output:\n" + actual);
    }
    assertEquals(expected, actual, "output differs from golden file " + name);
  }
}
