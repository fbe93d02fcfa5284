package stress.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The package layering of {@code src/main}, checked by ArchUnit on the compiled classes (which also sees uses without
 * an import line, and no Javadoc link): every use of another project package must be an allowed edge (data flows one
 * way: cli → config → app → the libraries), the allowed edges have no cycle, and the "depends on" column of
 * {@code docs/architecture.md} names exactly the project packages each package uses. A package split by concern
 * ({@code mongo}, {@code app}) is layered the same way: each sub-package has its row in {@link #ALLOWED}, so a use
 * that runs back up from one sub-package to a higher one fails as any other, and no two packages use each other.
 */
class ArchitectureTest {
  private static final Path DOCS = Path.of("docs/architecture.md");

  /** Intended edges, lowest packages first: what each package may use. */
  static final Map<String, Set<String>> ALLOWED = new LinkedHashMap<>();

  /**
   * Uses the layering does not want but that are known, each with why it is still there. A new one fails the test
   * until it is removed or written down here.
   */
  static final Map<String, Set<String>> KNOWN_EXCEPTIONS = new LinkedHashMap<>();

  static {
    allow("model");
    allow("table", "model");
    allow("config", "model");
    allow("connect", "model");
    for (String pool : List.of("connect.none", "connect.hikari", "connect.c3p0", "connect.embedded",
        "connect.eventloop")) {
      allow(pool, "connect", "model");
    }
    allow("server", "model", "table");
    allow("server.explain", "server", "table", "model");
    // what differs per target above detection: its SQL (dialects) and its settings
    allow("server.dialect", "server", "table", "model");
    allow("server.settings", "server", "table", "model");
    allow("server.pooler", "connect", "connect.eventloop");
    // dump in layers: the names of a dump and the BSON walk at the bottom, the documents read above the walk, the
    // readers of files, archives and exports (dump itself) on top
    allow("dump.naming", "model");
    allow("dump.bson", "model");
    allow("dump.document", "model", "table", "dump.bson");
    allow("dump", "model", "table", "dump.naming", "dump.bson", "dump.document");
    allow("dump.generate", "dump", "dump.bson", "model");
    allow("metrics", "model");
    // what the client process and its host cost while a phase is measured, above the figures they give
    allow("metrics.client", "metrics");
    allow("load", "model", "table", "server", "server.dialect", "dump", "dump.generate", "connect");
    // what an import tells (its listener, progress and results), below the importer
    allow("load.importer.progress", "load", "dump", "dump.naming", "table", "model");
    // the import's connections to the target (a load stream's, the early one, their closing), below the importer
    allow("load.importer.connection", "load");
    allow("load.importer", "load", "load.importer.progress", "load.importer.connection", "dump", "dump.naming", "dump.bson", "dump.document",
        "server", "server.dialect", "table", "model", "connect");
    allow("keys", "model", "table", "server");
    // the Operation interface above statement execution (ops.sql), below the built-ins and a workload file's operations
    allow("ops.sql", "model");
    String[] opsLibraries = {"model", "keys", "table", "server", "dump.generate", "ops.sql"};
    allow("ops", opsLibraries);
    allow("ops.builtin", with(opsLibraries, "ops"));
    allow("ops.file", with(opsLibraries, "ops"));
    // the translation of MongoDB's language, in layers: value below expression and routing, below filter, below
    // update and aggregate (which do not use each other), below mongo (MongoStatement), the one entry point on top
    String[] mongoLibraries = {"model", "ops", "ops.file", "dump", "dump.bson", "table"};
    allow("mongo.value", mongoLibraries);
    allow("mongo.expression", with(mongoLibraries, "mongo.value"));
    allow("mongo.routing", with(mongoLibraries, "mongo.value"));
    allow("mongo.filter", with(mongoLibraries, "mongo.value", "mongo.expression", "mongo.routing"));
    allow("mongo.update", with(mongoLibraries, "mongo.value", "mongo.expression", "mongo.routing", "mongo.filter"));
    allow("mongo.aggregate", with(mongoLibraries, "mongo.value", "mongo.expression", "mongo.routing", "mongo.filter"));
    allow("mongo", with(mongoLibraries, "mongo.value", "mongo.expression", "mongo.routing", "mongo.filter",
        "mongo.update", "mongo.aggregate"));
    allow("workload", "model", "ops", "ops.builtin", "ops.file", "table", "server", "mongo", "mongo.value",
        "mongo.routing");
    allow("mongolog", "model", "dump", "dump.naming", "dump.document", "load.importer", "workload");
    allow("mongodb", "model", "dump", "dump.naming", "dump.document", "keys", "ops", "ops.file", "table",
        "workload");
    allow("runner", "model", "ops", "ops.sql", "ops.builtin", "keys", "metrics", "metrics.client", "connect",
        "connect.eventloop", "server", "server.settings", "table");
    allow("fleet", "runner");
    allow("live", "metrics", "metrics.client", "runner", "connect", "model");
    allow("report", "metrics", "model");
    // above the results and their texts: the files of --out DIR, the merge of several processes' results (stress
    // merge) and two runs compared (stress report A B)
    // a capacity search as its result holds it (one search, or capacities compared), above the results and their texts
    allow("report.capacity", "report");
    allow("report.files", "report", "report.capacity", "metrics", "model");
    allow("report.merge", "report", "metrics", "model");
    allow("report.tworuns", "report", "report.capacity", "metrics", "model");
    // report.html reads ResultMerger.MERGED_FROM, a constant the compiler copies, so no use is in its bytecode
    allow("report.html", "report", "report.capacity", "report.merge", "report.tworuns", "metrics", "model");
    // an assessment's sections and report (stress assess), read from its file, above the results they quote
    allow("report.assess", "report", "model");
    String[] belowApp = new TreeSet<>(ALLOWED.keySet()).toArray(String[]::new);
    // how the tool's process ends (exit codes, Ctrl-C and SIGTERM) and its version, below every job
    allow("app.process");
    // what the jobs share, below them: index advice and plan reading, then the run's set-up, which uses both
    allow("app.index", belowApp);
    allow("app.plan", belowApp);
    allow("app.setup", with(belowApp, "app.index", "app.plan"));
    // where a run's result goes (--out, --json) and how the comparisons of runs mark their phases, below every job
    allow("app.output", belowApp);
    // the capacity search and its job, below the jobs that make its contenders and run their steps (RunJob,
    // LocalInstances, against.CompareTargetsJob), which give it each step as a call
    allow("app.capacity", with(belowApp, "app.process", "app.output"));
    // the commands that make a data set (init, import, generate) and their --json files, below the other commands
    allow("app.data", with(belowApp, "app.process", "app.output", "app.setup"));
    // the shard-key analysis, whose --json has the header of import's and generate's (app.data.CommandResultJson)
    allow("app.shardkey", with(belowApp, "app.process", "app.output", "app.setup", "app.data"));
    // the comparison with other servers (run --against) and its job, CompareTargetsJob: the answer checks before it
    // measures (also stress check) and what it reads beside its runs; each target's run is a call app gives it (RunJob),
    // and with --slo each target a contender of the capacity search
    allow("app.against", with(belowApp, "app.process", "app.output", "app.index", "app.setup", "app.capacity"));
    allow("app", with(belowApp, "app.process", "app.output", "app.index", "app.plan", "app.setup", "app.capacity",
        "app.data", "app.shardkey", "app.against"));
    // stress assess: the other commands run in turn as calls of app, each step's section saved for the report
    allow("app.assess", with(belowApp, "app", "app.process", "app.output", "app.index", "app.plan", "app.setup",
        "app.capacity", "app.data", "app.shardkey", "app.against"));
    allow("cli", "app.assess", "app", "app.process", "app.output", "app.data", "app.shardkey", "app.against", "config", "model");

    // RunConfig carries the parsed --workload file; a workload record of its own in config would remove the edge
    known("config", "workload");
    // the copy operation streams its rows with load's CopyLoader; COPY writing would have to move below both
    known("ops.builtin", "load");
    // ConnectionArgs builds connect's ConnectionOptions; RunArgs reads the workload file; ConfigFile says YAML mistakes
    // as workload files do (workload.YamlSyntax)
    known("cli", "connect", "workload");
  }

  private static void allow(String pkg, String... uses) {
    ALLOWED.put(pkg, Set.of(uses));
  }

  /** The packages {@code base} names and {@code more}. */
  private static String[] with(String[] base, String... more) {
    List<String> all = new ArrayList<>(List.of(base));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  private static void known(String pkg, String... uses) {
    KNOWN_EXCEPTIONS.put(pkg, Set.of(uses));
  }

  /** The classes of src/main, as compiled. */
  private static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("stress");

  /** The project package of a class, relative to {@code stress} ({@code connect.hikari}); null outside the project. */
  static String projectPackage(JavaClass c) {
    String name = c.getPackageName();
    return name.startsWith("stress.") ? name.substring("stress.".length()) : null;
  }

  /** For each project package, the other project packages its classes use (any dependency in the bytecode). */
  static Map<String, Set<String>> uses(JavaClasses classes) {
    Map<String, Set<String>> uses = new TreeMap<>();
    for (JavaClass c : classes) {
      String from = projectPackage(c);
      if (from == null) {
        continue;
      }
      Set<String> used = uses.computeIfAbsent(from, k -> new TreeSet<>());
      c.getDirectDependenciesFromSelf().forEach(d -> {
        String to = projectPackage(d.getTargetClass());
        if (to != null && !to.equals(from)) {
          used.add(to);
        }
      });
    }
    return uses;
  }

  /**
   * The layering as ArchUnit rules: no class of a package uses a project package that is neither allowed nor a known
   * exception; a class in a package the layering does not know breaks the first rule.
   */
  static ArchRule layering() {
    List<ArchRule> rules = new ArrayList<>();
    rules.add(noClasses().that().resideInAPackage("stress..").and().resideOutsideOfPackages(
        ALLOWED.keySet().stream().map(p -> "stress." + p).toArray(String[]::new))
        .should().bePublic().orShould().notBePublic()
        .because("every package of the project has its place in the layering (ArchitectureTest and the docs)")
        .allowEmptyShould(true));
    for (Map.Entry<String, Set<String>> e : ALLOWED.entrySet()) {
      Set<String> may = new HashSet<>(e.getValue());
      may.addAll(KNOWN_EXCEPTIONS.getOrDefault(e.getKey(), Set.of()));
      may.add(e.getKey());
      String[] forbidden = ALLOWED.keySet().stream().filter(p -> !may.contains(p)).map(p -> "stress." + p)
          .toArray(String[]::new);
      if (forbidden.length > 0) {
        rules.add(noClasses().that().resideInAPackage("stress." + e.getKey())
            .should().dependOnClassesThat().resideInAnyPackage(forbidden)
            .because(e.getKey() + " may use " + new TreeSet<>(e.getValue()) + " only").allowEmptyShould(true));
      }
    }
    // described in one line: the violations name both classes, and a description of every rule would hide them
    return CompositeArchRule.of(rules).as("every use of another project package is one that ArchitectureTest.ALLOWED"
        + " allows (nothing uses a higher package, nor a sub-package of a split one a higher sibling)");
  }

  @Test
  void everyUseOfAnotherPackageGoesDown() {
    layering().check(MAIN);
  }

  /** The one class allowed to use Vert.x's and vertx-sql-client's internal API ({@code impl} packages). */
  static final String VERTX_INTERNALS = "stress.connect.eventloop.VertxInternals";

  @Test
  void onlyTheAdapterUsesVertxInternals() {
    noClasses().that().haveNameNotMatching(Pattern.quote(VERTX_INTERNALS) + "(\\$.*)?").and().resideInAPackage("stress..")
        .should().dependOnClassesThat().resideInAPackage("io.vertx..impl..")
        .because("Vert.x's internal API is used in VertxInternals only, so that an upgrade breaks one class")
        .check(MAIN);
  }

  @Test
  void anUpwardUseIsFound() {
    JavaClasses fixture = new ClassFileImporter().importClasses(stress.config.UpwardUseFixture.class);
    AssertionError e = assertThrows(AssertionError.class, () -> layering().check(fixture));
    assertTrue(e.getMessage().contains("stress.config.UpwardUseFixture") && e.getMessage().contains("stress.app.Commands"),
        e.getMessage());
    assertEquals(Set.of("app", "model"), uses(fixture).get("config"), "a fully qualified use counts, a Javadoc link not");
  }

  @Test
  void anUpwardUseBetweenSubPackagesIsFound() {
    JavaClasses fixture = new ClassFileImporter().importClasses(stress.mongo.value.UpwardUseFixture.class);
    AssertionError e = assertThrows(AssertionError.class, () -> layering().check(fixture));
    assertTrue(e.getMessage().contains("stress.mongo.value.UpwardUseFixture")
        && e.getMessage().contains("stress.mongo.filter.FilterTranslator"), e.getMessage());
    assertEquals(Set.of("model", "mongo.filter"), uses(fixture).get("mongo.value"));
  }

  /** No two packages of the project use each other, through any number of others: sub-packages included. */
  @Test
  void noPackageCycle() {
    slices().matching("stress.(**)").should().beFreeOfCycles()
        .because("each package, and each sub-package of a split one, depends one way (docs/architecture.md)")
        .check(MAIN);
  }

  @Test
  void theKnownExceptionsAreStillNeeded() {
    Map<String, Set<String>> uses = uses(MAIN);
    KNOWN_EXCEPTIONS.forEach((pkg, others) -> {
      for (String other : others) {
        assertTrue(uses.getOrDefault(pkg, Set.of()).contains(other),
            pkg + " no longer uses " + other + ": remove the exception from ArchitectureTest");
      }
    });
  }

  @Test
  void theAllowedEdgesHaveNoCycle() {
    // ALLOWED lists each package after all it may use, so any edge to a later package is a way back up
    List<String> order = new ArrayList<>(ALLOWED.keySet());
    Set<String> seen = new HashSet<>();
    for (String pkg : order) {
      for (String used : ALLOWED.get(pkg)) {
        assertTrue(seen.contains(used), pkg + " may use " + used + ", which comes later in the layering");
      }
      seen.add(pkg);
    }
  }

  @Test
  void theDocsNameWhatEachPackageReallyUses() throws IOException {
    Map<String, Set<String>> documented = documentedDependencies(Files.readString(DOCS), ALLOWED.keySet());
    Map<String, Set<String>> real = uses(MAIN);
    assertEquals(real.keySet(), documented.keySet(), "one row per package in the table of " + DOCS);
    real.forEach((pkg, used) -> assertEquals(used, documented.get(pkg),
        "the 'depends on' column of `" + pkg + "` in " + DOCS + " (project packages only)"));
  }

  /** A table row: | `pkg` (or `a.b` / `.c`) | what it owns | depends on |. */
  private static final Pattern ROW = Pattern.compile("^\\| (`[a-z][\\w.]*`(?: / `\\.[a-z]\\w*`)*) \\|.*\\| ([^|]*) \\|$",
      Pattern.MULTILINE);
  private static final Pattern NAME = Pattern.compile("`(\\.?[a-z][\\w.]*)`");
  private static final Pattern LEADING_NAME = Pattern.compile("^`?([a-z][\\w.]*)");

  /** The project packages the docs' table says each package depends on; other names (libraries) are left out. */
  static Map<String, Set<String>> documentedDependencies(String markdown, Set<String> packages) {
    Map<String, Set<String>> documented = new TreeMap<>();
    Matcher row = ROW.matcher(markdown);
    while (row.find()) {
      Set<String> deps = new TreeSet<>();
      for (String item : topLevelItems(row.group(2))) {
        Matcher name = LEADING_NAME.matcher(item.strip());
        if (name.find() && packages.contains(name.group(1))) {
          deps.add(name.group(1));
        }
      }
      Matcher names = NAME.matcher(row.group(1));
      String prefix = null;
      while (names.find()) {
        String name = names.group(1);
        if (name.startsWith(".")) {
          name = prefix + name;
        } else {
          prefix = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
        }
        documented.put(name, deps);
      }
    }
    return documented;
  }

  /** Splits at commas outside parentheses. */
  private static List<String> topLevelItems(String column) {
    List<String> items = new ArrayList<>();
    int depth = 0;
    StringBuilder item = new StringBuilder();
    for (char ch : column.toCharArray()) {
      if (ch == '(') {
        depth++;
      } else if (ch == ')') {
        depth--;
      } else if (ch == ',' && depth == 0) {
        items.add(item.toString());
        item.setLength(0);
        continue;
      }
      item.append(ch);
    }
    items.add(item.toString());
    return items;
  }
}
