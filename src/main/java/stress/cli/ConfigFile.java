package stress.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import stress.model.NearestNames;
import stress.model.UsageException;
import stress.workload.YamlSyntax;

/**
 * {@code --config FILE}: a YAML map from option names (without dashes) to values. The file sits between
 * the command line (which wins) and the built-in defaults. A list becomes a comma-separated value, except
 * for repeatable options such as {@code set}, where each item is one occurrence. A relative path given to an option
 * that takes a file or directory ({@code workload}, {@code json}, {@code out}, ...) is taken from the file's own
 * folder, so a file works from any working directory; paths on the command line stay relative to the working
 * directory.
 */
final class ConfigFile implements IDefaultValueProvider {
  /** Jackson's words for a key given twice (with STRICT_DUPLICATE_DETECTION). */
  private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '(.*)'");
  private final Map<String, String> values;

  private ConfigFile(Map<String, String> values) {
    this.values = values;
  }

  /** The path after --config (or --config=...), or null. */
  static Path pathFrom(String[] args) {
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--config")) {
        if (i + 1 >= args.length) {
          throw new UsageException("--config needs a file name");
        }
        return Path.of(args[i + 1]);
      }
      if (args[i].startsWith("--config=")) {
        return Path.of(args[i].substring("--config=".length()));
      }
    }
    return null;
  }

  /** Reads the file; a key that names no option of any command is an error naming the nearest ones. */
  static ConfigFile load(Path file, CommandLine root) {
    JsonNode tree;
    try {
      tree = new ObjectMapper(new YAMLFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION))
          .readTree(Files.readString(file));
    } catch (JsonProcessingException e) {
      throw new UsageException("--config " + file + ":" + duplicate(e).orElseGet(() -> YamlSyntax.describe(e)));
    } catch (IOException e) {
      throw new UsageException("--config " + file + ": cannot read it: " + e.getMessage());
    }
    if (tree == null || tree.isNull() || tree.isMissingNode()) {
      return new ConfigFile(Map.of());
    }
    if (!tree.isObject()) {
      throw new UsageException("--config " + file + ": must be a YAML map of option names to values");
    }
    Set<String> known = new TreeSet<>();
    Map<String, String> separators = new LinkedHashMap<>();
    Set<String> paths = new TreeSet<>();
    collectOptionNames(root.getCommandSpec(), known, separators, paths);
    Path folder = file.normalize().getParent(); // null for a file in the working directory: nothing to change
    Map<String, String> values = new LinkedHashMap<>();
    List<String> unknown = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = e.getKey().startsWith("--") ? e.getKey().substring(2) : e.getKey();
      if (!known.contains(key)) {
        unknown.add(e.getKey());
        continue;
      }
      JsonNode value = e.getValue();
      values.put(key, paths.contains(key) ? text(value, separators.getOrDefault(key, ","), folder)
          : text(value, separators.getOrDefault(key, ",")));
    }
    if (!unknown.isEmpty()) {
      throw unknownKey(file, unknown, known);
    }
    return new ConfigFile(values);
  }

  /**
   * {@code --config FILE:LINE:COLUMN: unknown option 'thread_count'; did you mean threads?}: the first unknown key at
   * its place in the file, with the nearest option names (or where to find them), and how many more there are.
   */
  private static UsageException unknownKey(Path file, List<String> unknown, Set<String> known) {
    String first = unknown.get(0);
    String bare = first.startsWith("--") ? first.substring(2) : first;
    List<String> near = NearestNames.of(bare, known);
    return new UsageException("--config " + file + keyLocation(file, first) + ": unknown option '" + first + "'; "
        + (near.isEmpty() ? "see 'stress help COMMAND' for the options" : "did you mean " + String.join(" or ", near)
            + "?") + (unknown.size() > 1 ? " (" + (unknown.size() - 1) + " more unknown: "
            + String.join(", ", unknown.subList(1, unknown.size())) + ")" : ""));
  }

  /** ":LINE:COLUMN" of a top-level key of the file, read again with Jackson's streaming parser; empty if not found. */
  private static String keyLocation(Path file, String key) {
    try (JsonParser p = new YAMLFactory().createParser(Files.readString(file))) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return "";
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        if (p.currentName().equals(key)) {
          JsonLocation at = p.currentTokenLocation();
          return ":" + at.getLineNr() + ":" + at.getColumnNr();
        }
        p.nextToken();
        p.skipChildren();
      }
    } catch (IOException e) {
      return ""; // it was read whole a moment ago; the message goes without the place
    }
    return "";
  }

  /** {@code LINE: option 'x' is given twice}, for a key the file repeats. */
  private static Optional<String> duplicate(JsonProcessingException e) {
    Matcher m = DUPLICATE.matcher(e.getOriginalMessage());
    return m.find() && e.getLocation() != null
        ? Optional.of(e.getLocation().getLineNr() + ": option '" + m.group(1) + "' is given twice")
        : Optional.empty();
  }

  /**
   * Option names without dashes; for repeatable options that split their value, the separator to join a list with;
   * the names of options that take paths.
   */
  private static void collectOptionNames(CommandSpec spec, Set<String> into, Map<String, String> separators,
                                         Set<String> paths) {
    for (OptionSpec o : spec.options()) {
      String longest = o.longestName();
      if (longest.startsWith("--") && !longest.equals("--config") && !longest.equals("--help")
          && !longest.equals("--version")) {
        into.add(longest.substring(2));
        if (o.isMultiValue() && !o.splitRegex().isEmpty()) {
          separators.put(longest.substring(2), o.splitRegex());
        }
        if (o.type() == Path.class || o.isMultiValue() && o.auxiliaryTypes().length > 0
            && o.auxiliaryTypes()[0] == Path.class) {
          paths.add(longest.substring(2));
        }
      }
    }
    for (CommandLine sub : spec.subcommands().values()) {
      collectOptionNames(sub.getCommandSpec(), into, separators, paths);
    }
  }

  /** Like {@link #text(JsonNode, String)}, each relative path taken from {@code folder}, the config file's. */
  private static String text(JsonNode node, String separator, Path folder) {
    List<String> items = new ArrayList<>();
    if (node.isArray()) {
      node.forEach(n -> items.add(n.asText()));
    } else {
      items.add(node.asText());
    }
    return String.join(separator, items.stream().map(item -> folder == null || item.isEmpty()
        || Path.of(item).isAbsolute() ? item : folder.resolve(item).normalize().toString()).toList());
  }

  /** A scalar as is; a list joined with the option's separator (a comma for lists of values like modes). */
  private static String text(JsonNode node, String separator) {
    if (node.isArray()) {
      List<String> items = new ArrayList<>();
      node.forEach(n -> items.add(n.asText()));
      return String.join(separator, items);
    }
    return node.asText();
  }

  @Override
  public String defaultValue(ArgSpec arg) {
    if (!(arg instanceof OptionSpec option)) {
      return null;
    }
    String key = option.longestName().startsWith("--") ? option.longestName().substring(2) : null;
    return key == null ? null : values.get(key);
  }
}
