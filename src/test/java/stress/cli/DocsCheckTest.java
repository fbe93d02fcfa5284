package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import stress.load.importer.ImportRequest;

/**
 * The README and docs/ cannot rot: every {@code java -jar target/stress.jar ...} command in their {@code sh} blocks
 * parses with the real command tree (an unknown option, subcommand or bad value fails here), and every relative
 * link points to a file that exists and, with {@code #anchor}, to a heading in it. The help texts cannot point to a
 * README or docs section that is not there: every reference in a command's or an option's help is written as a
 * path from the project root ({@code docs/outputs.md#report-reporthtml}) to a file that exists and a heading in it.
 */
class DocsCheckTest {
  private static final String JAR = "java -jar target/stress.jar";
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  /** A reference in a help text: {@code README.md}, {@code docs/x.md} or {@code bench/README.md}, maybe with an anchor. */
  private static final Pattern HELP_REFERENCE = Pattern.compile("(?:[\\w.-]+/)*[\\w.-]+\\.md(?:#[\\w-]+)?");
  /** Any mention of the README or the docs, to find the ones not written as a reference. */
  private static final Pattern HELP_MENTION = Pattern.compile("(?i)\\breadme\\b|\\bdocs/|\\.md\\b");

  static List<Path> documents() throws IOException {
    List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
    for (String dir : List.of("docs", "bench", "bench/notes")) {
      try (Stream<Path> files = Files.list(Path.of(dir))) {
        files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
      }
    }
    return docs;
  }

  @Test
  void theReadmeStaysShort() throws IOException {
    long lines = Files.readAllLines(Path.of("README.md")).size();
    assertTrue(lines <= 450, "README.md has " + lines + " lines; reference depth belongs in docs/");
  }

  @Test
  void everyReadmeTableCellIsShort() throws IOException {
    List<String> long_ = new ArrayList<>();
    List<String> lines = Files.readAllLines(Path.of("README.md"));
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("|")) {
        for (String cell : lines.get(i).replace("\\|", "/").split("\\|")) {
          if (cell.strip().length() > 200) {
            long_.add("README.md:" + (i + 1) + ": " + cell.strip().length() + " characters");
          }
        }
      }
    }
    assertEquals(List.of(), long_, "a README table cell is one sentence of at most 200 characters; detail goes to docs/");
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

  /**
   * What the README's commands write inside the clone (their {@code --out}, {@code --json} and {@code --rejects}
   * paths, and import's default rejects file) is ignored by git, so following the tour leaves no untracked files.
   */
  @TestFactory
  Stream<DynamicTest> theReadmeCommandsWriteOnlyWhereGitIgnores() throws IOException {
    Set<String> written = new TreeSet<>(Set.of(ImportRequest.DEFAULT_REJECTS));
    for (String command : commands(Files.readAllLines(Path.of("README.md")))) {
      List<String> args = words(command);
      for (int i = 0; i + 1 < args.size(); i++) {
        String path = args.get(i + 1);
        if (Set.of("--out", "--json", "--rejects").contains(args.get(i)) && !Path.of(path).isAbsolute()) {
          written.add(args.get(i).equals("--out") ? path.replaceFirst("/*$", "/report.html") : path);
        }
      }
    }
    assertTrue(written.size() >= 3, "found only " + written);
    return written.stream().map(path -> DynamicTest.dynamicTest(path, () -> {
      Process git;
      try {
        git = new ProcessBuilder("git", "check-ignore", "-q", "--no-index", path).redirectErrorStream(true).start();
      } catch (IOException e) {
        Assumptions.abort("no git to ask: " + e.getMessage());
        return;
      }
      git.getInputStream().transferTo(OutputStream.nullOutputStream());
      int code = git.waitFor();
      Assumptions.assumeTrue(code != 128, "not inside a git work tree");
      assertEquals(0, code, path + " is written by a README command but not in .gitignore");
    }));
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

  @TestFactory
  Stream<DynamicTest> everyReferenceInTheHelpResolves() {
    List<DynamicTest> tests = new ArrayList<>();
    CommandLine root = new CommandLine(new StressCommand(new PrintStream(new ByteArrayOutputStream())));
    for (CommandLine cmd : withSubcommands(root)) {
      CommandSpec spec = cmd.getCommandSpec();
      for (Map.Entry<String, String> text : helpTexts(spec).entrySet()) {
        String where = spec.qualifiedName() + " " + text.getKey();
        Matcher m = HELP_REFERENCE.matcher(text.getValue());
        while (m.find()) {
          String target = m.group();
          tests.add(DynamicTest.dynamicTest(where + " → " + target, () -> resolve(Path.of("README.md"), target)));
        }
        String rest = HELP_REFERENCE.matcher(text.getValue()).replaceAll("");
        Matcher loose = HELP_MENTION.matcher(rest);
        if (loose.find()) {
          tests.add(DynamicTest.dynamicTest(where + " mentions '" + loose.group() + "'", () -> fail(where + " says \""
              + text.getValue() + "\": a README or docs reference in a help text is a path with its heading's anchor,"
              + " e.g. docs/outputs.md#report-reporthtml")));
        }
      }
    }
    assertTrue(tests.size() >= 3, "found only " + tests.size() + " references in the help");
    return tests.stream();
  }

  private static List<CommandLine> withSubcommands(CommandLine cmd) {
    List<CommandLine> out = new ArrayList<>(List.of(cmd));
    for (CommandLine sub : cmd.getSubcommands().values()) {
      out.addAll(withSubcommands(sub));
    }
    return out;
  }

  /** Every text picocli's usage message is made of: the command's own and each option's and parameter's. */
  private static Map<String, String> helpTexts(CommandSpec spec) {
    Map<String, String> out = new LinkedHashMap<>();
    UsageMessageSpec usage = spec.usageMessage();
    out.put("(header)", String.join(" ", usage.header()));
    out.put("(description)", String.join(" ", usage.description()));
    out.put("(footer)", String.join(" ", usage.footer()));
    for (OptionSpec option : spec.options()) {
      out.put(option.longestName(), String.join(" ", option.description()));
    }
    for (PositionalParamSpec param : spec.positionalParameters()) {
      out.put(param.paramLabel(), String.join(" ", param.description()));
    }
    return out;
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
