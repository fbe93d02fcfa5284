package stress.app;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import stress.app.process.ExitCode;
import stress.app.setup.ChosenDatabase;
import stress.connect.PhysicalConnections;
import stress.load.TableSetup;
import stress.model.UsageException;
import stress.mongo.value.PathFacts;
import stress.mongo.value.PathFactsStore;
import stress.table.DocumentTable;
import stress.workload.WorkloadFile;

/**
 * {@code stress analyze}: finds again, with one scan of the table, the facts of every path kept for it in
 * {@code stress_path_facts} and of the paths a workload file's MongoDB-style operations read, and prints them: the
 * kinds of values found, and whether an array occurs on the way. A run trusts the facts it finds kept; after the
 * data changed outside stress, this brings them up to date.
 */
public final class AnalyzeJob {
  private final WorkloadFile workload;
  private final String schema;
  private final String table;
  private final ChosenDatabase database;
  private final PrintStream out;

  public AnalyzeJob(WorkloadFile workload, String schema, String table, ChosenDatabase database, PrintStream out) {
    this.workload = workload;
    this.schema = schema;
    this.table = table;
    this.database = database;
    this.out = out;
  }

  /** Analyzes and returns the exit code. */
  public ExitCode run() throws SQLException {
    try (Connection c = PhysicalConnections.open(database.spec())) {
      DocumentTable documents = TableSetup.existing(c, schema, table, false);
      Set<String> paths = new TreeSet<>(PathFactsStore.storedPaths(c, documents));
      if (workload != null) {
        paths.addAll(workload.documentPaths());
      }
      if (paths.isEmpty()) {
        throw new UsageException("analyze: no path facts are kept for " + documents.displayName() + " and no --workload"
            + " names paths; give the workload file whose MongoDB-style operations run on it");
      }
      long start = System.nanoTime();
      Map<String, PathFacts> facts = new TreeMap<>(PathFactsStore.analyze(c, documents, paths));
      out.printf(java.util.Locale.ROOT, "path facts of %s: %d paths in one scan, %.2f s (kept in %s)%n",
          documents.displayName(), facts.size(), (System.nanoTime() - start) / 1e9, PathFactsStore.TABLE);
      for (Map.Entry<String, PathFacts> e : facts.entrySet()) {
        out.println("  " + e.getKey() + ": " + e.getValue());
      }
      return ExitCode.OK;
    }
  }
}
