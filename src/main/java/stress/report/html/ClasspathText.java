package stress.report.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Text resources the page is made of (its script and style, the Chart.js bundle). */
final class ClasspathText {
  private ClasspathText() {}

  static String read(String name) {
    try (InputStream in = ClasspathText.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("resource " + name + " is not on the classpath; report.html needs it");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read resource " + name + ": " + e.getMessage(), e);
    }
  }
}
