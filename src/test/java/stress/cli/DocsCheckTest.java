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
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * The README and docs/ cannot rot: every {@code java -jar target/stress.jar ...} command in their {@code sh} blocks
 * parses with the real command tree (an unknown option, subcommand or bad value fails here), and every relative
 * link points to a file that exists and, with {@code #anchor}, to a heading in it.
 */
class DocsCheckTest {
  private static final String JAR = "java -jar target/stress.jar";
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");

  static List<Path> documents() throws IOException {
    List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
    try (Stream<Path> files = Files.list(Path.of("docs"))) {
      files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  @Test
  void theReadmeStaysShort() throws IOException {
    long lines = Files.readAllLines(Path.of("README.md")).size();
    assertTrue(lines <= 450, "README.md has " + lines + " lines; reference depth belongs in docs/");
  }

  @TestFactory
  Stream<DynamicTest> everyCommandParses() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path doc : documents()) {
      for (String command : commands(Files.readAllLines(doc))) {
        tests.add(DynamicTest.dynamicTest(doc + ": " + command, () -> parse(command)));
      }
    }
    assertTrue(tests.size() >= 10, "found only " + tests.size() + " commands");
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> everyRelativeLinkResolves() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path doc : documents()) {
      String text = withoutCode(Files.readString(doc));
      Matcher m = LINK.matcher(text);
      while (m.find()) {
        String target = m.group(1);
        if (target.startsWith("http:") || target.startsWith("https:") || target.startsWith("mailto:")) {
          continue;
        }
        tests.add(DynamicTest.dynamicTest(doc + " → " + target, () -> resolve(doc, target)));
      }
    }
    return tests.stream();
  }

  private static void resolve(Path doc, String target) throws IOException {
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    Path path = file.isEmpty() ? doc : doc.toAbsolutePath().getParent().resolve(file).normalize();
    assertTrue(Files.exists(path), doc + " links to " + target + ", which does not exist");
    if (hash >= 0 && path.toString().endsWith(".md")) {
      String anchor = target.substring(hash + 1);
      List<String> anchors = anchors(Files.readAllLines(path));
      assertTrue(anchors.contains(anchor), doc + " links to " + target + "; headings there: " + anchors);
    }
  }

  /** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
  static List<String> anchors(List<String> lines) {
    List<String> out = new ArrayList<>();
    boolean code = false;
    for (String line : lines) {
      if (line.startsWith("```")) {
        code = !code;
      }
      if (!code && line.matches("#{1,6} .*")) {
        String slug = line.replaceFirst("#+ ", "").strip().toLowerCase(Locale.ROOT)
            .replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
        String unique = slug;
        for (int n = 1; out.contains(unique); n++) {
          unique = slug + "-" + n;
        }
        out.add(unique);
      }
    }
    return out;
  }

  private static String withoutCode(String text) {
    return text.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\n]*`", "");
  }

  /** The stress commands of the {@code sh} blocks, continuation lines joined. */
  static List<String> commands(List<String> lines) {
    List<String> out = new ArrayList<>();
    boolean sh = false;
    StringBuilder pending = null;
    for (String line : lines) {
      if (line.startsWith("```")) {
        sh = !sh && line.strip().equals("```sh");
        continue;
      }
      if (!sh) {
        continue;
      }
      String text = line.strip();
      if (pending != null) {
        pending.append(' ').append(text.replaceAll("\\\\$", "").strip());
        if (!text.endsWith("\\")) {
          out.add(pending.toString());
          pending = null;
        }
        continue;
      }
      int at = text.indexOf(JAR);
      if (at < 0) {
        continue;
      }
      String command = text.substring(at + JAR.length()).replaceAll("\\s+#.*$", "");
      if (command.endsWith("\\")) {
        pending = new StringBuilder(command.substring(0, command.length() - 1).strip());
      } else {
        out.add(command.strip());
      }
    }
    return out;
  }

  private static void parse(String command) {
    String cut = command.split("\\s*(\\||>|&&|;)\\s*")[0];
    List<String> args = new ArrayList<>(words(cut));
    while (!args.isEmpty() && args.get(args.size() - 1).equals("...")) {
      args.remove(args.size() - 1); // a trailing "..." is "the rest as above"; elsewhere it stands for a value
    }
    CommandLine cmd = new CommandLine(new StressCommand(new PrintStream(new ByteArrayOutputStream())));
    cmd.setCaseInsensitiveEnumValuesAllowed(true);
    try {
      cmd.parseArgs(args.toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      assertEquals("", e.getMessage(), "does not parse: " + command);
    }
  }

  /** Splits like a shell: quotes group, variables stay as written. */
  private static List<String> words(String s) {
    List<String> out = new ArrayList<>();
    StringBuilder w = null;
    char quote = 0;
    for (char c : s.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          w.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        w = w == null ? new StringBuilder() : w;
      } else if (Character.isWhitespace(c)) {
        if (w != null) {
          out.add(w.toString());
          w = null;
        }
      } else {
        w = w == null ? new StringBuilder() : w;
        w.append(c);
      }
    }
    if (w != null) {
      out.add(w.toString());
    }
    return out;
  }
}
