package stress.app.against;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import stress.app.process.ExitCode;
import stress.app.process.FailedStep;
import stress.app.setup.ChosenDatabase;
import stress.connect.PhysicalConnections;
import stress.keys.KeyChooser;
import stress.keys.KeySpace;
import stress.keys.KeySpaceReader;
import stress.keys.UniformDistribution;
import stress.load.TableSetup;
import stress.model.StatementMode;
import stress.mongodb.AnswerComparison;
import stress.mongodb.MongoTarget;
import stress.mongodb.NativeOperation;
import stress.ops.OperationSession;
import stress.ops.file.WorkloadOperation;
import stress.table.DocumentTable;
import stress.workload.MongoSpec;
import stress.workload.WorkloadFile;

/**
 * {@code stress check}: the answers of a workload file's MongoDB-style reads on PostgreSQL (as translated for the
 * table) and on a MongoDB server (sent natively), for the same drawn parameter values, compared: one line per
 * operation, same / same within jsonb's limits / different (the first difference shown) / refused by one side (its
 * message) / not checked (why). Writes are not run: their effects would change both databases.
 */
public final class CheckJob {
  /**
   * What to check.
   *
   * @param workload   the workload file
   * @param operations the operations to check (all of the file's when empty)
   * @param schema     the table's schema, or null
   * @param table      the PostgreSQL table
   * @param against    the MongoDB URL
   * @param collection the collection on it, {@code db.collection}
   * @param samples    draws of parameter values per operation
   * @param seed       the seed of the draws
   * @param maxTimeMs  the time limit of each statement on both servers, 0 for none
   */
  public record Request(WorkloadFile workload, List<String> operations, String schema, String table, String against,
                        String collection, int samples, long seed, long maxTimeMs) {}

  private final Request request;
  private final ChosenDatabase database;
  private final PrintStream out;

  public CheckJob(Request request, ChosenDatabase database, PrintStream out) {
    this.request = request;
    this.database = database;
    this.out = out;
    this.step = TargetTrial.step(database == null ? null : database.spec().url(),
        MongoTarget.withoutPassword(request.against()));
  }

  /** The check as a step; its MongoDB server as the server describes itself once connected. */
  private FailedStep.Step step;

  /** How a check of one operation ended. */
  public enum Verdict {
    SAME,
    /** The same documents, within what jsonb keeps: keys in another order, numbers of another kind. */
    SAME_WITHIN_JSONB,
    DIFFERENT, REFUSED_BY_POSTGRESQL, REFUSED_BY_MONGODB, TIMED_OUT, NOT_CHECKED, WRITTEN_ONCE,
    /** The collection does not exist, or holds no document: every read would answer nothing. */
    NO_COLLECTION
  }

  /** MongoDB's code for an operation that ran past its {@code maxTimeMS}. */
  private static final int MAX_TIME_EXPIRED = 50;

  /** One operation's line and how it ended. */
  public record Outcome(String operation, Verdict verdict, String line) {
    /** True when one of the servers refused it, or did not finish it in time: it cannot be measured on both. */
    public boolean refused() {
      return verdict == Verdict.REFUSED_BY_MONGODB || verdict == Verdict.REFUSED_BY_POSTGRESQL
          || verdict == Verdict.TIMED_OUT || verdict == Verdict.NO_COLLECTION;
    }
  }

  /**
   * What a check found: the two sides as its header names them, each operation's outcome in the file's order, and why
   * answers may differ (the table or the collection written since the load), or null. {@code stress check} prints it;
   * {@code stress assess} keeps it per operation.
   */
  public record Result(String sides, List<Outcome> outcomes, String writtenSinceLoad) {
    public long count(Verdict... verdicts) {
      List<Verdict> any = List.of(verdicts);
      return outcomes.stream().filter(o -> any.contains(o.verdict())).count();
    }

    /** Operations whose answers were compared and agree (exactly, or within jsonb's limits). */
    public long same() {
      return count(Verdict.SAME, Verdict.SAME_WITHIN_JSONB);
    }

    public long different() {
      return count(Verdict.DIFFERENT);
    }

    /** Operations one side refused or did not finish in time. */
    public long refused() {
      return count(Verdict.REFUSED_BY_POSTGRESQL, Verdict.REFUSED_BY_MONGODB, Verdict.TIMED_OUT);
    }

    public long notChecked() {
      return count(Verdict.NOT_CHECKED);
    }
  }

  /** Checks every operation and prints each one's line; exit 0 when answers were compared and none differs, 1 otherwise. */
  public ExitCode run() throws SQLException {
    return print(result(), request.workload().file(), out);
  }

  /** Checks every operation, printing nothing. */
  public Result result() throws SQLException {
    try {
      return check();
    } catch (SQLException e) {
      throw FailedStep.named(step, e); // a server's failure names the check and that server
    } catch (RuntimeException e) {
      throw FailedStep.named(step, e);
    }
  }

  /** The check as {@code stress check} prints it, and its exit code. */
  public static ExitCode print(Result result, java.nio.file.Path workload, PrintStream out) {
    out.println(result.sides());
    result.outcomes().forEach(o -> out.println(o.line()));
    if (result.writtenSinceLoad() != null) {
      out.println(result.writtenSinceLoad());
    }
    out.println("checked: " + result.same() + " same, " + result.different() + " different, " + result.refused()
        + " refused by one side" + (result.notChecked() == 0 ? "" : ", " + result.notChecked() + " not checked"));
    if (result.same() + result.different() == 0) {
      // a check that compared no answer would pass on anything: it says so and fails
      out.println("nothing compared: no read of " + workload + " was answered by both servers, so nothing shows that"
          + " their answers agree; check reads (--op), or measure the writes on both with run --against");
      return ExitCode.FAILURE;
    }
    return result.different() > 0 ? ExitCode.FAILURE : ExitCode.OK;
  }

  private Result check() throws SQLException {
    try (Connection c = PhysicalConnections.open(database.spec());
         MongoTarget mongo = MongoTarget.connect("--against", request.against(), null)) {
      step = TargetTrial.step(database.spec().url(), mongo.describe());
      DocumentTable table = TableSetup.existing(c, request.schema(), request.table(), false);
      String missing = stress.mongodb.CollectionPresence.problem(mongo, request.collection());
      if (missing != null) {
        throw new stress.model.DataStateException("--collection: " + missing + "; nothing compared");
      }
      String sides = "PostgreSQL: table " + table.displayName() + "; MongoDB: " + mongo.describe() + ", "
          + mongo.version() + ", collection " + request.collection() + "\neach read run " + request.samples()
          + " times with the same drawn values on both (seed " + request.seed() + "); documents compared as sets"
          + " unless sorted, numbers by value, keys in any order where jsonb keeps them so";
      List<Outcome> outcomes = outcomes(c, table, mongo, false, null);
      String written = outcomes.stream().anyMatch(o -> o.verdict() == Verdict.DIFFERENT)
          ? writtenSinceLoad(c, mongo) : null;
      return new Result(sides, List.copyOf(outcomes), written);
    }
  }

  /** {@link WritesSinceLoad}: why the answers may differ; null where nothing shows it or it cannot be read. */
  private String writtenSinceLoad(Connection c, MongoTarget mongo) {
    try {
      return WritesSinceLoad.of(c, request.schema(), request.table(), mongo, request.collection());
    } catch (SQLException | RuntimeException e) {
      return null; // only a hint: the differences are said either way
    }
  }

  /**
   * Before {@code run --against} measures: each read checked as above, and each write run once on MongoDB (the run
   * writes both sides many times anyway), so that what a server refuses is named before anything is measured.
   *
   * @param objectIds whether the table's documents hold ObjectId {@code _id}s, as the caller read already
   */
  List<Outcome> trial(Connection c, DocumentTable table, MongoTarget mongo, boolean objectIds) throws SQLException {
    return outcomes(c, table, mongo, true, objectIds);
  }

  /** Each operation's outcome; {@code objectIds} null: read from the table once an operation draws keys. */
  private List<Outcome> outcomes(Connection c, DocumentTable table, MongoTarget mongo, boolean writeOnce,
                                 Boolean objectIds) throws SQLException {
    List<String> names = request.operations().isEmpty()
        ? new ArrayList<>(request.workload().operations().keySet()) : request.operations();
    MongoCollection<BsonDocument> collection = mongo.collection(request.collection());
    List<Outcome> outcomes = new ArrayList<>();
    KeyChooser keys = null;
    for (String name : names) {
      if (!(request.workload().operations().get(name) instanceof WorkloadOperation fromFile)) {
        throw new stress.model.UsageException("--op " + name + ": " + request.workload().file() + " has no such"
            + " operation (its operations: " + String.join(", ", request.workload().operations().keySet()) + ")");
      }
      MongoSpec spec = request.workload().mongo().get(name);
      if (spec == null) {
        outcomes.add(new Outcome(name, Verdict.NOT_CHECKED, name + ": not checked: SQL written by hand has no MongoDB"
            + " form"));
        continue;
      }
      if (fromFile.usesKeys() && keys == null) {
        KeySpace space = KeySpaceReader.read(c, table, 100_000);
        keys = new KeyChooser(space, new UniformDistribution(space.size()));
        if (objectIds == null) {
          objectIds = stress.table.DocumentIds.objectIds(c, table);
        }
      }
      NativeOperation nativeOp = new NativeOperation(name, spec).withKeys(fromFile.keyParameters(),
          fromFile.usesKeys() && objectIds);
      if (!nativeOp.reads() && fromFile.insertsNewKeys()) {
        outcomes.add(new Outcome(name, Verdict.NOT_CHECKED, name + ": not tried: " + spec.kind() + " of new documents"
            + " under new keys, which no document has (tried before measuring they would leave the sides unequal); a"
            + " refusal would show as its failed executions"));
        continue;
      }
      if (!nativeOp.reads()) {
        outcomes.add(writeOnce ? writeOnce(c, table, fromFile.forTable(c, table), nativeOp, collection, keys)
            : new Outcome(name, Verdict.NOT_CHECKED, name + ": not checked: " + spec.kind() + " writes, which would"
            + " change both databases (check it on copies with a find of what it writes)"));
        continue;
      }
      outcomes.add(check(c, table, fromFile.forTable(c, table), nativeOp, collection, keys));
    }
    return outcomes;
  }

  /** A write run once on MongoDB with drawn values: refused, or written. */
  private Outcome writeOnce(Connection c, DocumentTable table, WorkloadOperation op, NativeOperation nativeOp,
                            MongoCollection<BsonDocument> collection, KeyChooser keys) throws SQLException {
    op.readSamples(c, table);
    OperationSession session = new OperationSession(StatementMode.PREPARED, false, keys,
        new SplittableRandom(request.seed()), 1000);
    try {
      nativeOp.run(collection, op.draw(session), request.maxTimeMs());
    } catch (MongoException e) {
      return mongoFailed(nativeOp, e);
    }
    return new Outcome(nativeOp.name(), Verdict.WRITTEN_ONCE, nativeOp.name() + ": " + nativeOp.spec().kind()
        + " run once on MongoDB (a write: answers not compared)");
  }

  private Outcome check(Connection c, DocumentTable table, WorkloadOperation op, NativeOperation nativeOp,
                       MongoCollection<BsonDocument> collection, KeyChooser keys) throws SQLException {
    op.readSamples(c, table);
    String sql = op.textFor(0, table);
    boolean ordered = ordered(nativeOp.spec());
    boolean picked = !ordered && pickedByLimit(nativeOp.spec());
    OperationSession session = new OperationSession(StatementMode.PREPARED, false, keys,
        new SplittableRandom(request.seed()), 1000);
    int withinJsonb = 0;
    String jsonbWhat = "";
    long compared = 0;
    long found = 0; // documents (or counts) either side answered: all-empty answers compare nothing
    int draws = request.samples();
    for (int draw = 1; draw <= draws; draw++) {
      Object[] drawn = op.draw(session);
      List<BsonDocument> pgDocs = new ArrayList<>();
      long pgCount;
      try {
        pgCount = postgres(c, sql, op.parameters(0, drawn), pgDocs);
      } catch (SQLException e) {
        return new Outcome(nativeOp.name(), Verdict.REFUSED_BY_POSTGRESQL, nativeOp.name() + ": refused by PostgreSQL"
            + " at draw " + draw + ": " + MongoTarget.firstLine(e.getMessage()));
      }
      NativeOperation.Answer answer;
      try {
        answer = nativeOp.run(collection, drawn, request.maxTimeMs());
      } catch (MongoException e) {
        return mongoFailed(nativeOp, e);
      }
      long mongoFound = answer.count() != null ? answer.count() : answer.documents().size();
      compared += mongoFound;
      found += mongoFound + (answer.count() != null ? pgCount : pgDocs.size());
      AnswerComparison.Result result;
      if (answer.count() != null) {
        result = AnswerComparison.counts(pgCount, answer.count());
      } else if (picked) {
        result = AnswerComparison.counts(pgDocs.size(), answer.documents().size());
      } else if (ordered) {
        result = AnswerComparison.sortedDocuments(pgDocs, answer.documents(), sortOf(nativeOp.spec()),
            cutAfterSort(nativeOp.spec(), "skip"), cutAfterSort(nativeOp.spec(), "limit"));
      } else {
        result = AnswerComparison.documents(pgDocs, answer.documents(), false);
      }
      if (result.verdict() == AnswerComparison.Verdict.DIFFERENT) {
        String values = nativeOp.values(drawn).isEmpty() ? "" : " (values " + nativeOp.values(drawn).toJson() + ")";
        return new Outcome(nativeOp.name(), Verdict.DIFFERENT, nativeOp.name() + ": different at draw " + draw + " of "
            + draws + values + ": " + result.detail());
      }
      if (result.verdict() == AnswerComparison.Verdict.SAME_WITHIN_JSONB) {
        withinJsonb++;
        jsonbWhat = result.detail();
      }
      if (draw == draws && found == 0 && draws < request.samples() + EXTRA_DRAWS
          && !nativeOp.values(drawn).isEmpty()) {
        draws++; // every answer so far was empty on both sides: draw again, for one that compares documents
      }
    }
    return new Outcome(nativeOp.name(), withinJsonb > 0 ? Verdict.SAME_WITHIN_JSONB : Verdict.SAME,
        nativeOp.name() + ": same in " + draws + " of " + stress.model.Plural.of(draws, "draw") + " ("
        + (nativeOp.spec().kind().equals("countDocuments") ? "counts adding up to " + compared
        : stress.model.Plural.of(compared, "document")) + ")" + (picked ? " (as many documents: a limit without a sort lets each server pick which)" : "")
        + (withinJsonb > 0 ? "; " + stress.model.Plural.of(withinJsonb, "draw") + " within jsonb's limits (" + jsonbWhat + ")" : "")
        + (found == 0 ? "; no draw found a document on either side, so only empty answers were compared" : ""));
  }

  /** Draws added, at most, while every answer is empty on both sides, to find one that compares documents. */
  static final int EXTRA_DRAWS = 20;

  /** MongoDB refused the operation, or it did not finish within the time limit: either way it has no answer. */
  private Outcome mongoFailed(NativeOperation nativeOp, MongoException e) {
    if (e instanceof com.mongodb.MongoExecutionTimeoutException || e.getCode() == MAX_TIME_EXPIRED) {
      return new Outcome(nativeOp.name(), Verdict.TIMED_OUT, nativeOp.name() + ": did not finish on MongoDB within "
          + request.maxTimeMs() + " ms (--statement-timeout; a longer one lets it finish): " + MongoTarget.refusal(e));
    }
    return new Outcome(nativeOp.name(), Verdict.REFUSED_BY_MONGODB, nativeOp.name() + ": refused by MongoDB: "
        + MongoTarget.refusal(e));
  }

  /** Runs the statement; the documents it returns (its jsonb column), and their number, or its count. */
  private static long postgres(Connection c, String sql, Object[] params, List<BsonDocument> documents)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setObject(i + 1, params[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        int column = 1; // the document: the first jsonb column (data, or a projection's), else a count's
        for (int i = rs.getMetaData().getColumnCount(); i >= 1; i--) {
          if (rs.getMetaData().getColumnTypeName(i).equals("jsonb")) {
            column = i;
          }
        }
        long rows = 0;
        while (rs.next()) {
          String text = rs.getString(column);
          if (text != null && text.startsWith("{")) {
            documents.add(BsonDocument.parse(text));
          } else if (text != null && rs.getMetaData().getColumnCount() == 1) {
            return Long.parseLong(text); // count(*)
          }
          rows++;
        }
        return rows;
      }
    }
  }

  /** Whether the order of the answer is part of it: a find's sort, a pipeline whose last reordering is a $sort. */
  static boolean ordered(MongoSpec spec) {
    if (spec.kind().equals("find")) {
      return spec.spec().containsKey("sort");
    }
    if (spec.kind().equals("aggregate")) {
      boolean sorted = false;
      for (var stage : spec.spec().getArray("pipeline")) {
        String op = stage.asDocument().getFirstKey();
        if (op.equals("$sort")) {
          sorted = true;
        } else if (List.of("$group", "$unwind", "$bucket", "$bucketAuto", "$facet", "$lookup", "$sample",
            "$unionWith", "$setWindowFields").contains(op)) {
          sorted = false;
        }
      }
      return sorted;
    }
    return false;
  }

  /** The sort that orders an ordered answer: a find's, or a pipeline's last {@code $sort}. */
  static BsonDocument sortOf(MongoSpec spec) {
    if (spec.kind().equals("find")) {
      return spec.spec().getDocument("sort");
    }
    BsonDocument sort = new BsonDocument();
    for (var stage : spec.spec().getArray("pipeline")) {
      if (stage.asDocument().getFirstKey().equals("$sort")) {
        sort = stage.asDocument().getDocument("$sort");
      }
    }
    return sort;
  }

  /**
   * Whether a {@code limit} or {@code skip} ({@code cut}) keeps part of the sorted answer: which of the documents tied
   * at the cut come out is then open.
   */
  static boolean cutAfterSort(MongoSpec spec, String cut) {
    if (spec.kind().equals("find")) {
      return spec.spec().containsKey(cut);
    }
    boolean after = false;
    for (var stage : spec.spec().getArray("pipeline")) {
      String op = stage.asDocument().getFirstKey();
      after = !op.equals("$sort") && (after || op.equals("$" + cut));
    }
    return after;
  }

  /** A find or pipeline that keeps some documents without an order: which ones is up to each server. */
  static boolean pickedByLimit(MongoSpec spec) {
    if (spec.kind().equals("find")) {
      return spec.spec().containsKey("limit") || spec.spec().containsKey("skip");
    }
    if (spec.kind().equals("aggregate")) {
      return spec.spec().getArray("pipeline").stream().anyMatch(s -> List.of("$limit", "$skip", "$sample")
          .contains(s.asDocument().getFirstKey()));
    }
    return false;
  }
}
