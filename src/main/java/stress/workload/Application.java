package stress.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import stress.model.MongoRecorded;
import stress.model.UsageException;
import stress.ops.Operation;

/**
 * {@code run --workload DIR}: an application's collections, each a workload file on its own table, run together in one
 * phase. Read from the listing {@code workload --from-log} writes ({@value #LISTING} in DIR), or from such a listing
 * given as the file; a directory without a listing runs each of its {@code TABLE.yaml} files on table TABLE. Each operation of the run is named {@code table.operation} and keeps the weight of its file: the
 * derived files weigh each operation by its logged count, so the mix across collections is the application's.
 *
 * @param listing     the listing read, or the directory of workload files that had none
 * @param collections the collections in the listing's order
 * @param merged      every collection's operations as one workload, named {@code table.operation}, with their weights
 *                    and what MongoDB recorded for them; its operations are still written for no table
 * @param logged      the listing's {@code logged:} key: the collections' statements together, or null without one
 */
public record Application(Path listing, List<Collection> collections, WorkloadFile merged, Logged logged) {
  /** The listing's name in a directory {@code workload --from-log} wrote. */
  public static final String LISTING = "application.yaml";
  private static final Set<String> COLLECTION_KEYS = Set.of("namespace", "table", "file", MongoRecordedReader.KEY);

  /**
   * One collection of the application.
   *
   * @param namespace the collection ({@code db.collection}) as logged
   * @param table     the table its documents are in ({@code import}'s name for it)
   * @param workload  its workload file
   * @param recorded  what MongoDB recorded for its operations together, or null when the listing does not say
   */
  public record Collection(String namespace, String table, WorkloadFile workload, MongoRecorded recorded) {
    /** The name one of its operations has in the application's run. */
    public String operationName(String operation) {
      return table + "." + operation;
    }

    /** The name in its own file of the operation named {@code nameInRun} in the application's run. */
    public String ownName(String nameInRun) {
      return nameInRun.substring(table.length() + 1);
    }

    /** Its operations' names in the application's run, in the file's order. */
    public List<String> operationNames() {
      return workload.operations().keySet().stream().map(this::operationName).toList();
    }
  }

  /**
   * What the log shows for the listed collections together ({@code logged:}, written by {@code workload --from-log}).
   *
   * @param entries       their statements
   * @param first         the first one's time (ISO-8601)
   * @param last          the last one's time
   * @param perSecond     entries over the span from first to last, or null when the span is empty
   * @param peakPerSecond the statements of the busiest second: the application's logged peak
   * @param peakAt        that second
   */
  public record Logged(long entries, String first, String last, Double perSecond, long peakPerSecond,
                       String peakAt) {}

  private static final Set<String> LOGGED_KEYS = Set.of("entries", "first", "last", "perSecond", "peakPerSecond",
      "peakAt");

  /**
   * The application's logged peak for a run of {@code names}: only a run of all its operations has it (the peak of
   * some collections is not known from the whole's); NaN otherwise or without a {@code logged:} key.
   */
  public double loggedPeak(java.util.Collection<String> names) {
    return logged == null || !Set.copyOf(names).equals(merged.weights().keySet()) ? Double.NaN
        : logged.peakPerSecond();
  }

  /** True when {@code --workload} names an application: a directory, or a listing (a file whose top key is collections). */
  public static boolean names(Path path) {
    if (Files.isDirectory(path)) {
      return true;
    }
    try {
      return Files.isRegularFile(path) && Files.readAllLines(path).stream().anyMatch(l -> l.startsWith("collections:"));
    } catch (IOException | java.io.UncheckedIOException e) {
      return false; // WorkloadFile.load names the file and the reason
    }
  }

  /** Reads the listing (of the directory, or the file) and each collection's workload file. */
  public static Application load(Path path) {
    Path listing = Files.isDirectory(path) ? path.resolve(LISTING) : path;
    if (Files.isDirectory(path) && !Files.exists(listing)) {
      return ofFiles(path);
    }
    if (!Files.isRegularFile(listing)) {
      throw new UsageException("--workload " + path + ": " + listing + " is not a file");
    }
    String text;
    try {
      text = Files.readString(listing);
    } catch (IOException e) {
      throw new UsageException("--workload " + listing + ": cannot read it: " + e.getMessage());
    }
    YamlNode root = WorkloadFile.root(listing, text);
    try {
      return parse(listing, listing.toAbsolutePath().getParent(), root);
    } catch (WorkloadFileException e) {
      throw new UsageException(listing + ":" + e.line() + ": " + e.getMessage());
    }
  }

  /**
   * A directory of one's own workload files without a listing: each {@code TABLE.yaml} (or {@code .yml}) runs on table
   * TABLE, in the order of the files' names; nothing recorded by MongoDB.
   */
  private static Application ofFiles(Path dir) {
    List<Path> files;
    try (java.util.stream.Stream<Path> list = Files.list(dir)) {
      files = list.filter(f -> Files.isRegularFile(f) && (f.toString().endsWith(".yaml") || f.toString().endsWith(
          ".yml"))).sorted().toList();
    } catch (IOException e) {
      throw new UsageException("--workload " + dir + ": cannot list it: " + e.getMessage());
    }
    if (files.isEmpty()) {
      throw new UsageException("--workload " + dir + ": the directory holds no workload file (TABLE.yaml, one per"
          + " table) and no " + LISTING + "; see docs/workloads.md");
    }
    StringBuilder text = new StringBuilder("collections:\n");
    for (Path f : files) {
      String name = f.getFileName().toString();
      String table = name.substring(0, name.lastIndexOf('.'));
      text.append("  - {namespace: ").append(yaml(table)).append(", table: ").append(yaml(table)).append(", file: ")
          .append(yaml(name)).append("}\n");
    }
    try {
      return parse(dir, dir.toAbsolutePath(), WorkloadFile.root(dir, text.toString()));
    } catch (WorkloadFileException e) {
      throw new UsageException("--workload " + dir + ": " + e.getMessage());
    }
  }

  private static String yaml(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  /**
   * @param listing the listing, or the directory whose files stand for one
   * @param base    the directory its files are named in
   */
  private static Application parse(Path listing, Path base, YamlNode root) {
    if (!root.isMap()) {
      throw new WorkloadFileException(root.line(), "the listing must be a map with the key 'collections'");
    }
    WorkloadFile.checkKeys(root, Set.of("collections", "logged"), "the listing");
    YamlNode list = root.map().get("collections");
    if (list == null || !list.isList() || list.list().isEmpty()) {
      throw new WorkloadFileException(list == null ? root.line() : list.line(), "'collections' must list at least one"
          + " collection: {namespace, table, file, mongodb}");
    }
    List<Collection> collections = new ArrayList<>();
    Set<String> tables = new HashSet<>();
    Map<String, Operation> operations = new LinkedHashMap<>();
    Map<String, Integer> weights = new LinkedHashMap<>();
    Map<String, MongoRecorded> recorded = new LinkedHashMap<>();
    Map<String, MongoSpec> mongo = new LinkedHashMap<>();
    Set<String> paths = new HashSet<>();
    for (YamlNode item : list.list()) {
      if (!item.isMap()) {
        throw new WorkloadFileException(item.line(), "each collection must be a map {namespace, table, file, mongodb}");
      }
      WorkloadFile.checkKeys(item, COLLECTION_KEYS, "a collection");
      String namespace = text(item, "namespace");
      String table = text(item, "table");
      if (!tables.add(table)) {
        throw new WorkloadFileException(item.line(), "table '" + table + "' is listed twice: each collection runs on"
            + " a table of its own");
      }
      Path file = base.resolve(text(item, "file"));
      WorkloadFile workload = WorkloadFile.load(file);
      YamlNode figures = item.map().get(MongoRecordedReader.KEY);
      Collection c = new Collection(namespace, table, workload, figures == null ? null
          : MongoRecordedReader.read(figures));
      collections.add(c);
      paths.addAll(workload.documentPaths());
      workload.operations().forEach((name, op) -> operations.put(c.operationName(name), op));
      workload.weights().forEach((name, w) -> weights.put(c.operationName(name), w));
      workload.recorded().forEach((name, r) -> recorded.put(c.operationName(name), r));
      workload.mongo().forEach((name, m) -> mongo.put(c.operationName(name), m));
    }
    return new Application(listing, List.copyOf(collections),
        new WorkloadFile(listing, operations, weights, List.of(), paths, recorded, mongo),
        root.map().containsKey("logged") ? logged(root.map().get("logged")) : null);
  }

  private static Logged logged(YamlNode node) {
    if (!node.isMap()) {
      throw new WorkloadFileException(node.line(), "'logged' must be a map {entries, first, last, perSecond,"
          + " peakPerSecond, peakAt}");
    }
    WorkloadFile.checkKeys(node, LOGGED_KEYS, "'logged'");
    Map<String, YamlNode> map = node.map();
    for (String key : List.of("entries", "first", "last", "peakPerSecond", "peakAt")) {
      if (!map.containsKey(key)) {
        throw new WorkloadFileException(node.line(), "'logged' has no '" + key + "'");
      }
    }
    long entries = MongoRecordedReader.count(map.get("entries"), "logged.entries");
    long peak = MongoRecordedReader.peak(map.get("peakPerSecond"), entries, "logged.peakPerSecond", "logged.entries");
    return new Logged(entries, MongoRecordedReader.time(map.get("first"), "logged.first"),
        MongoRecordedReader.time(map.get("last"), "logged.last"),
        MongoRecordedReader.decimal(map.get("perSecond"), "logged.perSecond"), peak,
        MongoRecordedReader.time(map.get("peakAt"), "logged.peakAt"));
  }

  /** The collection an operation of the application's run belongs to, or null. */
  public Collection collectionOf(String operationName) {
    return collections.stream().filter(c -> c.operationNames().contains(operationName)).findFirst().orElse(null);
  }

  private static String text(YamlNode map, String key) {
    YamlNode value = map.map().get(key);
    if (value == null || value.scalar() == null || value.text() == null || value.text().isBlank()) {
      throw new WorkloadFileException(value == null ? map.line() : value.line(), "'" + key + "' must be given, as"
          + " text");
    }
    return value.text();
  }
}
