package stress.load.importer;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import stress.dump.KeyPath;
import stress.dump.ReadPolicy;
import stress.load.ConnectionSupplier;
import stress.load.TableSetup;
import stress.model.ExistingTablePolicy;
import stress.model.UsageException;
import stress.table.KeyType;
import stress.table.Layout;
import stress.server.dialect.Dialect;

/**
 * The layouts of an import, settled before anything is created: every {@code --distribute-by} and {@code --reference}
 * names a collection of the dump, a path's values are read once to choose the key column's type (bigint, numeric,
 * text, timestamptz) and to count documents lacking it, and an existing table to load into has the layout asked.
 * A path holding arrays or documents refuses the import here with their count, unless {@code --on-error skip} asks to
 * reject those documents and load the others.
 */
final class LayoutPlan {
  private LayoutPlan() {}

  /**
   * Gives each run its layout and the summary line about it.
   *
   * @throws UsageException naming the collection, the path and the rule, before any table is created
   */
  static void settle(ImportRequest request, List<CollectionRun> runs, ConnectionSupplier connections, Dialect dialect)
      throws IOException, SQLException {
    TreeSet<String> unknown = new TreeSet<>(request.distributeBy().keySet());
    unknown.addAll(request.reference());
    runs.forEach(run -> unknown.remove(run.collection.namespace().toString()));
    if (!unknown.isEmpty()) {
      List<String> held = runs.stream().map(run -> run.collection.namespace().toString()).sorted().toList();
      throw new UsageException("import: a layout is given for " + String.join(", ", unknown) + ", which the dump does"
          + " not hold (after --db/--collection); it holds: " + (held.isEmpty() ? "nothing" : String.join(", ", held)));
    }
    List<String> problems = new ArrayList<>();
    for (CollectionRun run : runs) {
      String namespace = run.collection.namespace().toString();
      String path = request.distributeBy().get(namespace);
      if (path != null) {
        String problem = key(request, run, path, dialect);
        if (problem != null) {
          problems.add(problem);
        }
      } else if (request.reference().contains(namespace)) {
        run.layout = Layout.REFERENCE;
        run.layoutGiven = true;
        run.layoutSummary = join(Layout.REFERENCE.describe(), dialect.layoutNote(Layout.REFERENCE));
      }
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("\n", problems));
    }
    ExistingTablePolicy policy = request.resume() ? ExistingTablePolicy.REUSE : request.policy();
    if (policy == ExistingTablePolicy.DROP_EXISTING || runs.stream().noneMatch(run -> run.layoutGiven)) {
      return;
    }
    try (Connection c = connections.get()) {
      for (CollectionRun run : runs) {
        if (run.layoutGiven) {
          Layout found = TableSetup.layoutOf(c, request.naming().schema(), run.tableName);
          if (found != null && !TableSetup.sameLayout(dialect, found, dialect.placed(run.layout))) {
            problems.add("import: " + run.collection.namespace() + ": table " + run.tableName + " exists "
                + found.describe() + ", not " + run.layout.describe() + " as asked; a table keeps the layout it was"
                + " made with: --drop-existing makes it again");
          }
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("\n", problems));
    }
  }

  /** Reads the path's values and sets the run's key layout; the refusal, or null. */
  private static String key(ImportRequest request, CollectionRun run, String path, Dialect dialect)
      throws IOException {
    KeyPath.Detector detector = KeyPath.Detector.of(run.collection, path);
    String name = "import: " + run.collection.namespace() + ": --distribute-by " + path;
    long held = detector.seen() - detector.missing();
    if (detector.seen() > 0 && held == 0) {
      return name + ": no document of " + detector.seen() + " holds a value there (field names are case-sensitive;"
          + " a nested field is a.b); every row would get a null key on one node";
    }
    if (detector.missing() * 2 > detector.seen() && !request.allowMissingKey()) {
      return name + ": " + detector.missing() + " of " + detector.seen() + " documents hold no value there; their"
          + " rows would get a null key and all land on one node: choose another path, or --allow-missing-key to load"
          + " them so";
    }
    long unfit = detector.arrays() + detector.documents();
    if (unfit > 0 && request.onError() == ReadPolicy.ABORT) {
      return name + " holds an array in " + detector.arrays() + " and a document in " + detector.documents() + " of "
          + detector.seen() + " documents; MongoDB refuses arrays in a shard key and no key column holds a document:"
          + " choose another path, or --on-error skip to reject those documents and load the others";
    }
    KeyType type = detector.type();
    if (type == null) {
      return name + " holds values of kinds no one key column type holds: " + detector.kinds()
          + "; a key column is bigint (whole numbers), numeric (numbers), text (strings, ObjectIds) or timestamptz"
          + " (dates)";
    }
    Layout layout = dialect.placed(Layout.key(path, type));
    run.layout = layout;
    run.layoutGiven = true;
    String nulls = detector.missing() == 0 ? "every document has a value there"
        : detector.missing() + " of " + detector.seen() + " document(s) without a value there" + (layout.keyInPrimaryKey()
        ? " are rejected: the key is part of the primary key here and holds no null" : " get a null key");
    String unique = layout.keyInPrimaryKey() ? "primary key (" + path + ", _id): _id is unique per " + path + " value,"
        + " as in a MongoDB collection sharded on " + path : "primary key (_id)";
    run.layoutSummary = join(layout.describe() + " from " + detector.kinds() + "; " + unique + "; " + nulls
        + (unfit > 0 ? "; " + unfit + " document(s) holding an array or a document there are rejected" : ""),
        dialect.layoutNote(layout));
    return null;
  }

  private static String join(String line, String note) {
    return note == null ? line : line + "; " + note;
  }
}
