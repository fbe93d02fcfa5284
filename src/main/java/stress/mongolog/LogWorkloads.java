package stress.mongolog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import stress.dump.naming.Namespace;
import stress.load.importer.TableNaming;
import stress.model.UsageException;
import stress.workload.ShardKeyRanking;
import stress.workload.WorkloadFile;

/**
 * {@code stress workload --from-log}: reads mongod logs, groups the application's statements into shapes and
 * writes one workload file per collection, named after the table {@code import} made of it. Every entry is
 * accounted for: entries read = used + getMore folded into the command they continue + skipped, by reason.
 * Each operation is checked by reading its text as {@code run --workload} would; one the translation refuses is
 * skipped with the refusal as its reason.
 */
public final class LogWorkloads {
  /** Skipped because the workload file reader (the translation) refuses the derived operation. */
  public static final String REFUSED = "statements the translation refuses";
  /**
   * How the part of a derived operation's note ({@link #differences}) starts that says the collation MongoDB ran it
   * under is not applied; that part comes last.
   */
  public static final String COLLATION_NOTE = EntryKinds.COLLATION;

  /**
   * @param logs   the log files, read in order
   * @param outDir where the workload files go (created when missing)
   * @param app    the only application whose entries are used, or null
   * @param tables a table per namespace ({@code db.collection}) instead of import's name for it
   * @param naming import's naming of the rest
   */
  public record Request(List<Path> logs, Path outDir, String app, Map<String, String> tables, TableNaming naming,
                        Path dump, boolean standIn, long seed) {
    /** A request without a dump: inserts are skipped. */
    public Request(List<Path> logs, Path outDir, String app, Map<String, String> tables, TableNaming naming) {
      this(logs, outDir, app, tables, naming, null);
    }

    /** A request without stand-in collections. */
    public Request(List<Path> logs, Path outDir, String app, Map<String, String> tables, TableNaming naming,
                   Path dump) {
      this(logs, outDir, app, tables, naming, dump, false, 0);
    }

    /** Where the stand-in collections go ({@code --stand-in}): {@code stand-in} under the output directory. */
    public Path standInDir() {
      return outDir.resolve(STAND_IN_DIR);
    }
  }

  /** The directory under {@code --out} that holds the stand-in collections, as mongodump writes them. */
  public static final String STAND_IN_DIR = "stand-in";

  /** A stand-in collection written ({@code --stand-in}): see {@link StandInData}. */
  public record StandIn(String ns, Path file, long documents, long built, long copies, boolean placeholder) {}

  /** One skip reason's count, MongoDB time and its details (e.g. the command names) with their counts. */
  public static final class Skipped {
    long entries;
    double millis;
    final Map<String, Long> details = new HashMap<>();

    public long entries() {
      return entries;
    }

    /** MongoDB's time of these entries. */
    public double millis() {
      return millis;
    }

    /** What each was (the command, the application, the refusal) and how often. */
    public Map<String, Long> details() {
      return Map.copyOf(details);
    }
  }

  /** One written file. */
  public record Written(String ns, String table, Path file, int operations, long entries) {}

  /**
   * One shape the translation refuses, as counted under {@link #REFUSED}: its namespace, kind, the operator the
   * refusal names (null when it names none), the refusal, its statements and the getMores that continued them.
   *
   * @param statement the shape as derived, its values parameters ({@code {"filter": {"$where": ...}}})
   */
  public record Refusal(String ns, String kind, String operator, String reason, long entries, long getMores,
                        String statement) {}

  /** What was read, used and skipped, and the files written. */
  public record Result(long entries, long used, long folded, double totalMillis,
                       Map<String, Skipped> skipped, Map<String, Long> applications, List<Written> files,
                       long otherLines, long damaged, List<String> damagedNamed, List<String> thresholds,
                       String representativeness, Path application, List<StandIn> standIns,
                       List<Refusal> refusals) {}

  private LogWorkloads() {}

  public static Result derive(Request request) {
    Map<String, Map<String, ShapeStats>> byNamespace = new TreeMap<>();
    Map<String, Skipped> skipped = new LinkedHashMap<>();
    List<Refusal> refusals = new ArrayList<>();
    Map<String, Long> apps = new HashMap<>();
    LogTally tally = new LogTally();
    long[] counts = new long[3]; // entries, used, folded
    double[] total = new double[1];
    StandInData standIn = request.standIn() ? new StandInData(request.seed()) : null;
    for (Path log : request.logs()) {
      LogReader.read(log, tally, e -> {
        counts[0]++;
        total[0] += e.durationMillis();
        apps.merge(e.appName().isEmpty() ? "(none)" : e.appName(), 1L, Long::sum);
        EntryKinds.Use use = EntryKinds.of(e, request.app());
        if (use.skipped()) {
          skip(skipped, use.reason(), use.detail(), 1, e.durationMillis());
          return;
        }
        counts[use.folded() ? 2 : 1]++;
        for (Logged statement : use.statements()) {
          if (standIn != null && !use.folded()) {
            standIn.add(statement, e.returned());
          }
          byNamespace.computeIfAbsent(statement.ns(), k -> new LinkedHashMap<>())
              .computeIfAbsent(statement.shapeKey(), k -> new ShapeStats(statement)).add(e, statement, use.folded());
        }
      });
    }
    List<Written> files = new ArrayList<>();
    Map<String, ShapeStats> collections = new HashMap<>();
    List<StandIn> standIns = List.of();
    if (standIn != null) {
      standIns = standIn.write(request.standInDir());
    }
    // without --dump, the stand-in collections give the inserts their document
    InsertTemplates templates = new InsertTemplates(request.dump() == null && standIn != null
        ? request.standInDir() : request.dump());
    for (Map.Entry<String, Map<String, ShapeStats>> ns : byNamespace.entrySet()) {
      Written w = write(request, ns.getKey(), ns.getValue().values(), skipped, refusals, counts, templates,
          collections);
      if (w != null) {
        files.add(w);
      }
    }
    Path application = files.isEmpty() ? null : ApplicationListing.write(request, files, collections);
    return new Result(counts[0], counts[1], counts[2], total[0], skipped, apps, files, tally.otherLines(),
        tally.damaged(), tally.damagedNamed(), tally.thresholds(), tally.representativeness(), application,
        standIns, List.copyOf(refusals));
  }

  /**
   * The operator a refusal names: the first {@code $name} in its text ({@code find: operator $where runs
   * JavaScript ...} names {@code $where}), or null when it names none (a projection of a nested field, ...).
   */
  public static String operatorOf(String refusal) {
    java.util.regex.Matcher m = OPERATOR.matcher(refusal);
    return m.find() ? m.group() : null;
  }

  private static final java.util.regex.Pattern OPERATOR = java.util.regex.Pattern.compile("\\$[A-Za-z][A-Za-z0-9]*");

  /**
   * What differs from what MongoDB ran, per operation of a derived file: the {@code differs from MongoDB:} comment
   * {@link OperationText} writes under an operation (a distinct written as a pipeline, a findAndModify that returns
   * nothing), by operation name; empty for a file written by hand.
   */
  public static Map<String, String> differences(Path file) throws IOException {
    Map<String, String> notes = new LinkedHashMap<>();
    String operation = null;
    boolean inOperations = false;
    for (String line : Files.readAllLines(file)) {
      if (!line.startsWith(" ") && !line.startsWith("#")) {
        inOperations = line.startsWith("operations:");
        operation = null;
      } else if (inOperations && line.matches("  [A-Za-z_][A-Za-z0-9_]*:\\s*")) {
        operation = line.trim().substring(0, line.trim().length() - 1);
      } else if (operation != null && line.startsWith("    # " + OperationText.DIFFERS)) {
        notes.put(operation, line.substring(("    # " + OperationText.DIFFERS).length()));
      }
    }
    return notes;
  }

  /** The five most frequent keys with their counts, most frequent first, and how many more there are. */
  public static String mostFrequent(Map<String, Long> counts) {
    return String.join(", ", mostFrequentEach(counts)) + (counts.size() > 5 ? ", " + (counts.size() - 5) + " more" : "");
  }

  /** The five most frequent keys, each with its count ({@code key (n)}), most frequent first. */
  public static List<String> mostFrequentEach(Map<String, Long> counts) {
    List<String> parts = new ArrayList<>();
    counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
        .thenComparing(Map.Entry.comparingByKey())).limit(5).forEach(e -> parts.add(e.getKey() + " (" + e.getValue() + ")"));
    return parts;
  }

  private static void skip(Map<String, Skipped> skipped, String reason, String detail, long entries, double millis) {
    Skipped s = skipped.computeIfAbsent(reason, k -> new Skipped());
    s.entries += entries;
    s.millis += millis;
    s.details.merge(detail, entries, Long::sum);
  }

  /**
   * Writes the namespace's file; its shapes the translation refuses move to the skipped ones. The figures of the
   * shapes written, together, go into {@code collections} under the namespace.
   */
  private static Written write(Request request, String ns, java.util.Collection<ShapeStats> shapes,
                               Map<String, Skipped> skipped, List<Refusal> refusedShapes, long[] counts,
                               InsertTemplates templates,
                               Map<String, ShapeStats> collections) {
    String table = request.tables().getOrDefault(ns, request.naming().nameFor(namespace(ns)));
    Path file = request.outDir().resolve(table + ".yaml");
    List<ShapeStats> ordered = shapes.stream()
        .sorted((a, b) -> Long.compare(b.entries, a.entries)).toList();
    StringBuilder ops = new StringBuilder();
    Map<String, Integer> names = new HashMap<>();
    int written = 0;
    long entries = 0;
    Map<String, Long> refusals = new LinkedHashMap<>();
    for (ShapeStats s : ordered) {
      if (s.entries == 0) { // only getMores continue it: the command that opened their cursors is not logged
        skip(skipped, EntryKinds.ORPHAN_GET_MORE, ns, s.folded, s.totalMillis);
        counts[2] -= s.folded;
        continue;
      }
      InsertTemplates.Template template = s.first.kind().startsWith("insert") ? templates.of(ns) : null;
      if (template != null && template.refusal() != null) {
        skip(skipped, EntryKinds.INSERT, template.refusal(), s.entries, s.totalMillis);
        counts[1] -= s.entries;
        continue;
      }
      String name = name(s.first, names);
      String text = template == null ? OperationText.of(name, s)
          : s.first.kind().equals("insertMany") ? OperationText.insertMany(name, s, template.document(),
          template.source(), s.first.spec().getInt64("documents").getValue())
          : OperationText.insert(name, s, template.document(), template.source());
      try {
        WorkloadFile.read(file, "operations:\n" + text);
      } catch (UsageException refused) {
        String why = refused.getMessage().replaceFirst("^.*?operation '" + name + "': ", "");
        skip(skipped, REFUSED, why, s.entries + s.folded, s.totalMillis);
        refusals.merge(why, s.entries + s.folded, Long::sum);
        refusedShapes.add(new Refusal(ns, s.first.kind(), operatorOf(why), why, s.entries, s.folded,
            s.first.spec().toJson()));
        counts[1] -= s.entries;
        counts[2] -= s.folded;
        continue;
      }
      ops.append(text);
      written++;
      entries += s.entries;
      collections.computeIfAbsent(ns, k -> new ShapeStats(s.first)).addFigures(s);
    }
    if (written == 0) {
      return null;
    }
    String header = "# Derived by 'stress workload --from-log' from " + request.logs().size() + " log file(s): "
        + entries + " logged statements of " + ns + " in " + written + " operations, weighted by how often each was"
        + " logged.\n# Run it on the table import made of the collection:\n#   stress run --workload " + file
        + " " + stress.model.TableName.option(null, table) + "\n" + shardKey(WorkloadFile.read(file, "operations:\n" + ops), file, table);
    try {
      Files.createDirectories(request.outDir());
      Files.writeString(file, header + refused(refusals) + "operations:\n" + ops);
    } catch (IOException e) {
      throw new UsageException("--out " + request.outDir() + ": cannot write " + file + ": " + e.getMessage());
    }
    return new Written(ns, table, file, written, entries);
  }

  /**
   * The comment lines naming the best shard-key candidate among the paths the operations pin, with the reason, or
   * nothing when they pin none. Ranked by the operations alone: the log holds no data.
   */
  static String shardKey(WorkloadFile derived, Path file, String table) {
    List<ShardKeyRanking.Ranked> ranked = ShardKeyRanking.rankByOperations(derived);
    if (ranked.isEmpty()) {
      return "";
    }
    String best = ranked.get(0).candidate().path();
    List<String> others = ranked.stream().skip(1).map(r -> r.candidate().path()).toList();
    return "# Shard key: best candidate " + best + (others.isEmpty() ? ", the one path the operations pin"
        : ", of the " + ranked.size() + " paths the operations pin (also " + String.join(", ", others) + ")") + ": "
        + OperationText.oneLine(ranked.get(0).reason()) + ".\n# Ranked by the operations alone; with the data's"
        + " figures (distinct values, the most frequent, arrays): stress analyze --shard-key --workload " + file
        + " " + stress.model.TableName.option(null, table) + "\n";
  }

  /** The collection's statements the translation refuses, each reason in full (the printed summary shortens them). */
  private static String refused(Map<String, Long> refusals) {
    StringBuilder text = new StringBuilder();
    refusals.forEach((why, n) -> text.append("# ").append(REFUSED).append(" (").append(n)
        .append(n == 1 ? " entry" : " entries").append("): ").append(why.replace("\n", "\n#   ")).append('\n'));
    return text.toString();
  }

  private static Namespace namespace(String ns) {
    int dot = ns.indexOf('.');
    return new Namespace(ns.substring(0, dot), ns.substring(dot + 1));
  }

  private static String name(Logged shape, Map<String, Integer> taken) {
    StringBuilder base = new StringBuilder(shape.kind().replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT));
    shape.slots().stream().map(Slot::name).distinct().limit(3).forEach(n -> base.append('_').append(n));
    boolean insert = shape.kind().startsWith("insert");
    String name = (shape.slots().isEmpty() && !insert ? base + "_all" : base.toString()).replaceAll("_+", "_");
    int n = taken.merge(name, 1, Integer::sum);
    return n == 1 ? name : name + "_" + n;
  }
}
