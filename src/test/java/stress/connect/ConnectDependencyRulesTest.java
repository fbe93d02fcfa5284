package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The arrows between the connect packages: {@code connect} never imports its implementations, and each pool
 * library is imported by its own package only. Read from the sources, so a new file cannot slip past.
 */
class ConnectDependencyRulesTest {
  private static final Path MAIN = Path.of("src/main/java");

  private static List<String> violations(String importPrefix, String allowedPackageDir) throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String dir = MAIN.relativize(file.getParent()).toString().replace('\\', '/');
        if (allowedPackageDir != null && dir.equals(allowedPackageDir)) {
          continue;
        }
        for (String line : Files.readAllLines(file)) {
          if (line.startsWith("import " + importPrefix) || line.startsWith("import static " + importPrefix)) {
            found.add(file + ": " + line);
          }
        }
      }
    }
    return found;
  }

  @Test
  void onlyTheHikariPackageImportsHikari() throws IOException {
    assertEquals(List.of(), violations("com.zaxxer", "stress/connect/hikari"));
  }

  @Test
  void onlyTheC3p0PackageImportsC3p0() throws IOException {
    assertEquals(List.of(), violations("com.mchange", "stress/connect/c3p0"));
  }

  @Test
  void connectDoesNotImportItsImplementations() throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.list(MAIN.resolve("stress/connect"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        for (String line : Files.readAllLines(file)) {
          if (line.matches("import (static )?stress\\.connect\\.[a-z0-9]+\\..*")) {
            found.add(file + ": " + line);
          }
        }
      }
    }
    assertEquals(List.of(), found);
  }
}
