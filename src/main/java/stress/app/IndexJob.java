package stress.app;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import stress.app.index.DeclaredIndexCheck;
import stress.app.index.IndexEntry;
import stress.app.index.IndexProgress;
import stress.app.index.IndexStatistics;
import stress.app.index.NumericIndexCheck;
import stress.app.index.StatementWatch;
import stress.app.index.SuggestedIndexes;
import stress.app.index.SuggestionTrial;
import stress.app.process.ExitCode;
import stress.app.setup.ChosenDatabase;
import stress.config.Durations;
import stress.connect.PhysicalConnections;
import stress.connect.ReadTimeout;
import stress.load.TableSetup;
import stress.model.UsageException;
import stress.ops.file.WorkloadOperation;
import stress.table.DocumentTable;
import stress.server.TargetDetector;
import stress.workload.IndexSpec;
import stress.workload.WorkloadFile;

/**
 * {@code stress index --workload FILE}: creates the indexes of the file's {@code indexes:} section on the run's
 * table, one statement each in autocommit, and says per index whether it was created or already there. A
 * distributed table needs nothing special: Citus propagates CREATE INDEX to every shard, Postgres-XL to every
 * datanode, Greenplum to every segment. Nothing is built before every entry is checked: a name another relation
 * holds is refused (exit 1), and so is a {@code type: numeric} entry whose path holds a non-number in some document
 * ({@link NumericIndexCheck}, exit 2), since the cast would fail the build.
 *
 * <p>A build takes as long as it takes: the tool sets no statement_timeout, and the client waits for the server
 * as long as the socket timeout it is given allows (none by default). A statement_timeout the server, database or
 * role sets is said before the first build, since it cancels a longer build. While an index builds, a second
 * connection prints its progress every few seconds ({@link StatementWatch}, {@link IndexProgress}), and a stop
 * (Ctrl-C) cancels the build on the server. After building, it analyses the table: an expression index has no
 * statistics until then ({@link IndexStatistics}).
 */
public final class IndexJob {
  /** Between progress lines of a build. */
  static final Duration POLL_INTERVAL = Duration.ofSeconds(5);
  /** The statement a cancel ends (a stop), and the server's cancel for statement_timeout. */
  private static final String QUERY_CANCELED = "57014";
  /** Only on the second connection, which reads progress: a stuck poll must not hold a stop up. */
  private static final String CONTROL_STATEMENT_TIMEOUT = "SET statement_timeout = 10000";

  private final WorkloadFile workload;
  private final String schema;
  private final String table;
  private final ChosenDatabase database;
  private final Duration socketTimeout;
  private final PrintStream out;
  private boolean suggest;
  private boolean strict;
  private final Duration pollInterval;
  private boolean stopped;
  private StatementWatch watch;
  /** What the run built and found, which its lines print and {@link #result()} returns. */
  private final List<Built> builtIndexes = new ArrayList<>();
  private final List<Suggested> suggestions = new ArrayList<>();

  /**
   * An index this run created: where it is written (the file's line, or "suggested"), its name and its statement.
   */
  public record Built(String where, String name, String createIndex, double seconds) {
    String line() {
      return where + ": created in " + String.format(Locale.ROOT, "%.2f", seconds) + " s: " + createIndex;
    }
  }

  /**
   * One suggested index: as an {@code indexes:} entry, its statement, the operations it serves, and what became of
   * it: {@code already built} (named in {@code there}), {@code kept} or {@code dropped} by the trial (its line says
   * why).
   */
  public record Suggested(String entry, String name, String createIndex, List<String> forOperations, String outcome,
                          String there, String reason) {}

  /** What a run built and suggested: the same records its lines were printed from. */
  public record Result(List<Built> built, List<Suggested> suggested) {
    public Result {
      built = List.copyOf(built);
      suggested = List.copyOf(suggested);
    }
  }

  /**
   * @param socketTimeout the socket timeout {@code database}'s connections carry, zero for none (named when a
   *                      build fails by it)
   */
  public IndexJob(WorkloadFile workload, String schema, String table, ChosenDatabase database, Duration socketTimeout,
                  PrintStream out) {
    this(workload, schema, table, database, socketTimeout, out, POLL_INTERVAL);
  }

  /** @param pollInterval between progress lines of a build */
  IndexJob(WorkloadFile workload, String schema, String table, ChosenDatabase database, Duration socketTimeout,
           PrintStream out, Duration pollInterval) {
    this.workload = workload;
    this.schema = schema;
    this.table = table;
    this.database = database;
    this.socketTimeout = socketTimeout;
    this.out = out;
    this.pollInterval = pollInterval;
  }

  /**
   * Ctrl-C / SIGTERM: cancels on the server what runs now (a build, or the check before the builds) and starts
   * nothing more; {@link #run} then returns {@link ExitCode#INTERRUPTED}. May run twice.
   */
  public void stop() {
    StatementWatch current;
    synchronized (this) {
      stopped = true;
      current = watch;
    }
    if (current != null) {
      current.cancel();
    }
  }

  /**
   * Also builds the indexes that serve the forms the file's MongoDB-style operations take on the table (MongoDB's
   * index advice, {@code --suggest}), beside the file's own entries.
   */
  public IndexJob suggesting() {
    suggest = true;
    return this;
  }

  /**
   * Makes an entry of the file that no operation reads, or whose path no document holds, an error (exit 2, nothing
   * built) instead of a note ({@code --strict}).
   */
  public IndexJob strict() {
    strict = true;
    return this;
  }

  /** What the last {@link #run} built and suggested (what it printed), as far as it got. */
  public Result result() {
    return new Result(builtIndexes, suggestions);
  }

  /** Creates what is missing; returns the exit code. */
  public ExitCode run() throws SQLException {
    if (workload.indexes().isEmpty() && !suggest) {
      throw new UsageException("--workload " + workload.file() + ": the file has no 'indexes:' section"
          + " (a list such as - {gin: data} or - {path: address.city, type: text}); --suggest builds the indexes its"
          + " operations are served by instead");
    }
    try (Connection c = PhysicalConnections.open(database.spec())) {
      for (String line : TargetDetector.detect(c).describeLines()) {
        out.println(line);
      }
      DocumentTable documents = TableSetup.existing(c, schema, table, false);
      out.println("indexes of " + workload.file() + " on " + documents.displayName() + ":");
      List<WorkloadOperation> written = SuggestedIndexes.written(c, documents, workload);
      List<IndexEntry> entries = new ArrayList<>();
      List<String> listed = new ArrayList<>();
      for (IndexSpec spec : workload.indexes()) {
        entries.add(IndexEntry.onServer(c, documents, spec, workload.file()));
        listed.add(spec.describe());
      }
      List<SuggestedIndexes.Suggestion> candidates = new ArrayList<>();
      if (suggest) {
        boolean built = false;
        for (SuggestedIndexes.Suggestion s : SuggestedIndexes.of(c, documents, written)) {
          if (listed.contains(s.spec().describe())) {
            continue;
          }
          if (s.there() != null) {
            suggestions.add(new Suggested(s.spec().describe(), s.there(), s.spec().ddl(documents),
                s.operations().stream().map(WorkloadOperation::name).toList(), "already built", s.there(), null));
            out.println(workload.file() + ": suggested " + s.spec().describe() + ": already built: " + s.there());
            built = true;
          } else {
            candidates.add(s);
          }
        }
        if (entries.isEmpty() && candidates.isEmpty()) {
          out.println(built ? "no index to suggest beyond those already built"
              : "no index to suggest: the file has no MongoDB-style operation an index would serve");
          return ExitCode.OK;
        }
      }
      List<IndexSpec> missing = entries.stream().filter(e -> e.existing() == null).map(IndexEntry::spec).toList();
      try (Connection control = openControl()) {
        ExitCode checked = checkNumericPaths(c, control, documents, missing);
        if (checked == ExitCode.OK) {
          checked = checkDeclared(c, control, documents, written);
        }
        if (checked != ExitCode.OK) {
          return checked;
        }
        if (missing.isEmpty() && candidates.isEmpty()) {
          entries.forEach(e -> out.println(e.where() + ": already there: " + e.existing()));
          return ExitCode.OK;
        }
        noteStatementTimeout(c);
        boolean progress = control != null && progressShown(control);
        for (IndexEntry entry : entries) {
          if (entry.existing() != null) {
            out.println(entry.where() + ": already there: " + entry.existing());
            continue;
          }
          ExitCode built = create(c, control, progress, documents, entry);
          if (built != ExitCode.OK) {
            return built;
          }
        }
        if (stopped()) {
          return ExitCode.INTERRUPTED;
        }
        if (!missing.isEmpty()) {
          out.println(IndexStatistics.analyze(c, documents));
        }
        return trySuggested(c, control, progress, documents, candidates);
      }
    }
  }

  /**
   * Names each entry of the file that no operation reads and each path no document holds (notes), or refuses them
   * under {@link #strict} (one line each, nothing built); the paths are read under a watch, so a stop cancels it.
   */
  private ExitCode checkDeclared(Connection c, Connection control, DocumentTable documents,
                                 List<WorkloadOperation> written) throws SQLException {
    if (workload.indexes().isEmpty() || stopped()) {
      return ExitCode.OK; // after a stop nothing is built: the builds say so
    }
    List<DeclaredIndexCheck.Finding> findings = new ArrayList<>(DeclaredIndexCheck.unread(workload, written));
    try (StatementWatch w = watch(c, control, null)) {
      findings.addAll(DeclaredIndexCheck.emptyPaths(c, documents, workload));
    } catch (SQLException e) {
      if (stopped() && QUERY_CANCELED.equals(e.getSQLState())) {
        out.println("check of the declared paths cancelled on the server");
        return ExitCode.INTERRUPTED;
      }
      throw e;
    }
    List<String> refused = findings.stream().filter(f -> strict && f.strict()).map(DeclaredIndexCheck.Finding::line)
        .toList();
    if (!refused.isEmpty()) {
      throw new UsageException(String.join(System.lineSeparator(), refused) + System.lineSeparator()
          + "--strict: nothing was built");
    }
    findings.forEach(f -> out.println("note: " + f.line()));
    return ExitCode.OK;
  }

  /**
   * {@code --suggest}: builds each suggested index that is not there yet and keeps it only where the planner's
   * estimate of the operations it was suggested for falls with it ({@link SuggestionTrial}).
   */
  private ExitCode trySuggested(Connection c, Connection control, boolean progress, DocumentTable documents,
                                List<SuggestedIndexes.Suggestion> candidates) throws SQLException {
    if (candidates.isEmpty()) {
      return ExitCode.OK;
    }
    out.println("suggested indexes: each is built, the table analysed, and the index kept only where the planner's"
        + " estimate of an operation it serves falls with it (" + SuggestionTrial.DRAWS + " draws of its parameters,"
        + " explained with the index and without it on the same statistics)");
    SuggestionTrial trial = SuggestionTrial.on(c, documents, candidates.stream().flatMap(s -> s.operations().stream())
        .anyMatch(WorkloadOperation::insertsNewKeys));
    for (SuggestedIndexes.Suggestion s : candidates) {
      List<WorkloadOperation> served = s.operations().stream()
          .map(op -> (WorkloadOperation) workload.operations().get(op.name())).toList();
      String name = s.spec().name(documents);
      String where = workload.file() + ": suggested " + s.spec().describe();
      var before = trial.statements(served);
      ExitCode built = create(c, control, progress, documents, new IndexEntry(s.spec(), name, where, null));
      if (built != ExitCode.OK) {
        return built;
      }
      out.println(IndexStatistics.analyze(c, documents));
      var with = trial.estimates(trial.statements(served));
      SuggestionTrial.Verdict verdict = SuggestionTrial.verdict(name, trial.estimatesWithout(name, before), with);
      if (!verdict.kept()) {
        trial.drop(name);
      }
      suggestions.add(new Suggested(s.spec().describe(), name, s.spec().ddl(documents),
          served.stream().map(WorkloadOperation::name).toList(), verdict.kept() ? "kept" : "dropped", null,
          verdict.line()));
      out.println(where + ": " + verdict.line());
      if (stopped()) {
        return ExitCode.INTERRUPTED;
      }
    }
    return ExitCode.OK;
  }

  /**
   * The second connection that reads progress, or null (said) when it cannot be opened: builds then go on without
   * progress, and a cancel still reaches the server (pgjdbc sends it on a connection of its own).
   */
  private Connection openControl() {
    try {
      return PhysicalConnections.open(database.spec().withInitStatements(List.of(CONTROL_STATEMENT_TIMEOUT)));
    } catch (SQLException e) {
      out.println("progress: not shown, a second connection failed: " + firstLine(e));
      return null;
    }
  }

  /** Whether the server shows builds in progress; said either way, once. */
  private boolean progressShown(Connection control) throws SQLException {
    if (!IndexProgress.available(control)) {
      out.println("progress: not available on this server (pg_stat_progress_create_index needs PostgreSQL 12 or"
          + " later); each build is reported when it ends");
      return false;
    }
    out.println("progress: every " + Durations.format(pollInterval) + " from pg_stat_progress_create_index");
    return true;
  }

  /**
   * Refuses, before any index is built, every numeric entry whose path holds a non-number (one scan for all);
   * {@link ExitCode#INTERRUPTED} when a stop came first or cancelled the scan.
   */
  private ExitCode checkNumericPaths(Connection c, Connection control, DocumentTable documents,
                                     List<IndexSpec> missing) throws SQLException {
    List<NumericIndexCheck.Column> columns = NumericIndexCheck.columns(missing);
    if (columns.isEmpty()) {
      return ExitCode.OK;
    }
    if (stopped()) {
      out.println("stopped before the check of the numeric paths");
      return ExitCode.INTERRUPTED;
    }
    String paths = NumericIndexCheck.distinctPaths(columns).stream().map(p -> String.join(".", p))
        .collect(Collectors.joining(", "));
    out.println("reading " + paths + " in " + documents.displayName() + ": a numeric index needs numbers there");
    List<String> refusals;
    try (StatementWatch w = watch(c, control, null)) {
      refusals = NumericIndexCheck.refusals(c, documents, columns, workload.file().toString());
    } catch (SQLException e) {
      if (stopped() && QUERY_CANCELED.equals(e.getSQLState())) {
        out.println("check of the numeric paths cancelled on the server");
        return ExitCode.INTERRUPTED;
      }
      throw e;
    }
    if (!refusals.isEmpty()) {
      throw new UsageException(String.join("; ", refusals));
    }
    return ExitCode.OK;
  }

  /** A statement_timeout the connection has without this tool (server, database, role, startup options). */
  private void noteStatementTimeout(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW statement_timeout")) {
      String value = rs.next() ? rs.getString(1) : "0";
      if (!"0".equals(value)) {
        out.println("note: statement_timeout is " + value + " on this connection (set by the server, database or"
            + " role, not by this tool); the server cancels a build that takes longer");
      }
    }
  }

  /**
   * Builds one index under a watch (progress, cancel); {@link ExitCode#INTERRUPTED} when a stop came before it or
   * cancelled it, and when it ended before the cancel reached the server (then no further index is built).
   */
  private ExitCode create(Connection c, Connection control, boolean progress, DocumentTable documents, IndexEntry entry)
      throws SQLException {
    if (stopped()) {
      out.println("stopped before building " + entry.name());
      return ExitCode.INTERRUPTED;
    }
    String where = entry.where();
    String ddl = entry.spec().ddl(documents);
    long start = System.nanoTime();
    try (StatementWatch w = watch(c, control, progress ? entry.name() : null); Statement s = c.createStatement()) {
      s.execute(ddl);
    } catch (SQLException e) {
      if (stopped() && QUERY_CANCELED.equals(e.getSQLState())) {
        out.println("index build of " + entry.name() + " cancelled on the server");
        return ExitCode.INTERRUPTED;
      }
      if (ReadTimeout.causedBy(e)) {
        throw new IllegalStateException(where + ": no reply from the server within --socket-timeout "
            + Durations.format(socketTimeout) + " while running " + ddl + "; the client closed the connection (the"
            + " server may go on building until it notices); raise --socket-timeout or leave it out for no limit", e);
      }
      throw new IllegalStateException(where + ": the server refused " + ddl + ": " + firstLine(e), e);
    }
    Built made = new Built(where, entry.name(), ddl, (System.nanoTime() - start) / 1e9);
    builtIndexes.add(made);
    out.println(made.line());
    if (stopped()) {
      out.println("stopped: the build of " + entry.name() + " ended before the cancel reached the server");
      return ExitCode.INTERRUPTED;
    }
    return ExitCode.OK;
  }

  /** Watches what runs next on {@code c}; a stop that came already cancels it at once. */
  private StatementWatch watch(Connection c, Connection control, String index) throws SQLException {
    StatementWatch w = StatementWatch.start(c, control, index, pollInterval, out);
    synchronized (this) {
      watch = w;
      if (stopped) {
        w.cancel();
      }
    }
    return w;
  }

  private synchronized boolean stopped() {
    return stopped;
  }

  private static String firstLine(SQLException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
  }
}
