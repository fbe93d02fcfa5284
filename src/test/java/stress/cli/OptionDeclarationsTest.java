package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Each option is declared once: commands that take the same option share the class that declares it (a picocli
 * mixin such as {@link ConnectionArgs}, {@link TargetTableArgs} or {@link KeyChoiceArgs}) instead of a copy of it. A
 * name declared by more than one class is listed in {@link #OWN_PER_COMMAND} with the reason the commands' options
 * differ, and even then no two of its declarations may be alike in help, default and value.
 */
class OptionDeclarationsTest {
  /** Option names that mean something else per command, each declared by the commands it belongs to. */
  private static final Map<String, String> OWN_PER_COMMAND = Map.ofEntries(
      Map.entry("--json", "each command writes its own result: a run's, a merge's, import's per collection,"
          + " init's and generate's, analyze --shard-key's"),
      Map.entry("--out", "a run's result directory, generate's dump directory, merge's and report's output,"
          + " workload's files"),
      Map.entry("--workload", "run measures the file's operations, explain explains them, analyze reads their paths,"
          + " index requires the file for its indexes"),
      Map.entry("--force", "generate writes into a non-empty directory, replacing files of the same names; workload"
          + " --from-log clears its --out directory first"),
      Map.entry("--op", "run takes a weighted mix, explain names operations (all, weights ignored)"),
      Map.entry("--batch", "explain inserts nothing, so its batch is only find_in's"),
      Map.entry("--statement-timeout", "explain's applies while it explains"),
      Map.entry("--socket-timeout", "explain names the operation it ends; index has no default, as builds take long"),
      Map.entry("--schema", "import's schema holds one table per collection"),
      Map.entry("--table", "import's names one collection's table and has no default; workload's maps a namespace"),
      Map.entry("--seed", "init and generate seed the documents, run and explain the key choice"),
      Map.entry("--shape", "init and generate make the data set, run the documents its inserts write"),
      Map.entry("--unlogged", "init makes its table unlogged, run the tables of --table-per-thread"),
      Map.entry("--jobs", "init's COPY streams into one table, import's streams over collections"),
      Map.entry("--distribute-by", "import's is per collection and repeatable, init's names its one table"),
      Map.entry("--reference", "import's is per collection and repeatable, init's names its one table"),
      Map.entry("--table-prefix", "workload derives the table names as import does, and says so"),
      Map.entry("--lower-case-names", "workload derives the table names as import does, and says so"),
      Map.entry("--db", "generate names the dump's database, import selects databases by pattern"),
      Map.entry("--collection", "generate names the dump's collection, import selects collections by pattern, check and"
          + " explain name the MongoDB collection beside the table"),
      Map.entry("--archive", "generate writes the archive, import reads it"),
      Map.entry("--against", "assess takes the MongoDB server alone: its collections are the dump's namespaces"),
      Map.entry("--app", "assess passes it to the log's derivation, as workload --from-log takes it"),
      Map.entry("--drop-existing", "assess passes it to its import only; it has no --reuse"),
      Map.entry("--dump", "assess assesses the dump; workload reads it for the inserts' documents"),
      Map.entry("--slo", "assess gives the objective to its capacity step, which takes none of the search's options"),
      Map.entry("--port", "embedded start's port to listen on, not the server's port to connect to"));

  /** Per option name, its declarations ({@code Class.field}), found by walking every command from the root. */
  private static Map<String, Map<String, OptionSpec>> declarations() {
    Map<String, Map<String, OptionSpec>> byName = new TreeMap<>();
    collect(new CommandLine(new StressCommand(new PrintStream(new ByteArrayOutputStream()))).getCommandSpec(), byName);
    return byName;
  }

  private static void collect(CommandSpec spec, Map<String, Map<String, OptionSpec>> byName) {
    for (OptionSpec option : spec.options()) {
      Field field = (Field) option.userObject();
      byName.computeIfAbsent(option.longestName(), name -> new TreeMap<>())
          .putIfAbsent(field.getDeclaringClass().getSimpleName() + "." + field.getName(), option);
    }
    for (CommandLine sub : spec.subcommands().values()) {
      collect(sub.getCommandSpec(), byName);
    }
  }

  @Test
  void anOptionTwoCommandsShareIsDeclaredOnce() {
    List<String> copies = new ArrayList<>();
    declarations().forEach((name, places) -> {
      if (places.size() > 1 && !OWN_PER_COMMAND.containsKey(name)) {
        copies.add(name + " in " + String.join(", ", places.keySet()));
      }
    });
    assertEquals(List.of(), copies, "options declared in several classes: share one class (a mixin) between the"
        + " commands, or list the name with the reason the commands' options differ");
  }

  @Test
  void theOptionsOfOneNameThatDifferOnPurposeDoDiffer() {
    List<String> alike = new ArrayList<>();
    declarations().forEach((name, places) -> {
      Map<String, String> seen = new TreeMap<>();
      places.forEach((place, option) -> {
        String earlier = seen.putIfAbsent(help(option), place);
        if (earlier != null) {
          alike.add(name + " in " + earlier + " and " + place);
        }
      });
    });
    assertEquals(List.of(), alike, "declarations alike in help, default and value: one mixin instead");
  }

  @Test
  void everyNameListedIsStillDeclaredMoreThanOnce() {
    Map<String, Map<String, OptionSpec>> declarations = declarations();
    List<String> stale = OWN_PER_COMMAND.keySet().stream()
        .filter(name -> declarations.getOrDefault(name, Map.of()).size() < 2).sorted().toList();
    assertEquals(List.of(), stale, "listed as declared per command, but declared once or not at all");
    assertTrue(declarations.get("--limit-min").size() == 1 && declarations.get("--host").size() == 1,
        "a shared option is found once: " + declarations.get("--limit-min") + " " + declarations.get("--host"));
  }

  /** What a user sees of an option and what it takes. */
  private static String help(OptionSpec option) {
    return String.join(" ", option.description()) + "|" + option.defaultValue() + "|" + option.paramLabel() + "|"
        + option.arity() + "|" + option.type().getName() + "|" + option.splitRegex() + "|" + option.required();
  }
}
