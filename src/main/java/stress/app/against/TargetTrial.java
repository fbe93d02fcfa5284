package stress.app.against;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import stress.app.against.IndexParity;
import stress.app.against.WritesSinceLoad;
import stress.app.process.FailedStep;
import stress.app.setup.ChosenDatabase;
import stress.config.RunConfig;
import stress.connect.PhysicalConnections;
import stress.load.TableSetup;
import stress.model.OperationMix;
import stress.mongodb.CollectionPresence;
import stress.mongodb.MongoTarget;
import stress.table.DocumentTable;
import stress.workload.Application;

/**
 * Before {@code run --against} measures anything: each operation on every target for several draws ({@link
 * CheckJob#trial}, {@link BuiltInTrial}): a read's answers compared, a write run once on MongoDB. An operation that
 * cannot be compared is left out on every target, named with the reason: one server refused it or ran past the time
 * limit, its collection is missing or empty, or its answers differ (measured anyway with {@code --measure-different},
 * then marked wherever its figures are shown). The others are measured.
 */
public final class TargetTrial {
  /**
   * The run's operations that are measured, one line per operation of what the trial found, the operations left out
   * (with why), those measured although their answers differ, and the tables whose keys are ObjectIds.
   */
  public record Result(RunConfig measured, List<String> lines, Map<String, String> leftOut, Map<String, String> answersDiffer,
                List<String> indexParity, Set<String> objectIdTables) {}

  private TargetTrial() {}

  /**
   * The trial on each server of {@code servers} (by its name in the run): an operation that cannot be compared on
   * any of them is left out on all targets.
   */
  public static Result run(RunConfig config, ChosenDatabase database, Map<String, MongoTarget> servers, String collection,
                    AnswerCheck check, PrintStream out) throws SQLException {
    List<String> lines = new ArrayList<>();
    Map<String, String> leftOut = new LinkedHashMap<>();
    Map<String, String> answersDiffer = new LinkedHashMap<>();
    Map<String, Set<String>> reasons = new LinkedHashMap<>();
    Set<String> objectIdTables = new HashSet<>();
    List<String> parity = new ArrayList<>();
    // a missing or empty collection, said once with the operations it takes out
    Map<String, List<String>> missing = new LinkedHashMap<>();
    for (Map.Entry<String, MongoTarget> server : servers.entrySet()) {
      String prefix = servers.size() == 1 ? "" : server.getKey() + ": ";
      List<String> ownParity = new ArrayList<>();
      List<CheckJob.Outcome> found;
      FailedStep.Step step = step(database.spec().url(), server.getValue().describe());
      try {
        found = outcomes(config, database, server.getValue(), collection, check, objectIdTables, ownParity);
      } catch (SQLException e) {
        throw FailedStep.named(step, e);
      } catch (RuntimeException e) {
        throw FailedStep.named(step, e);
      }
      for (CheckJob.Outcome o : found) {
        if (o.verdict() == CheckJob.Verdict.NO_COLLECTION) {
          missing.computeIfAbsent(prefix + o.line(), k -> new ArrayList<>()).add(o.operation());
        } else {
          lines.add(prefix + o.line());
        }
        if (o.refused() || o.verdict() == CheckJob.Verdict.DIFFERENT && !check.measureDifferent()) {
          leftOut.merge(o.operation(), prefix + o.line(), (a, b) -> a + "; " + b);
          reasons.computeIfAbsent(o.operation(), k -> new java.util.TreeSet<>()).add(reason(o.verdict()));
        } else if (o.verdict() == CheckJob.Verdict.DIFFERENT) {
          answersDiffer.merge(o.operation(), prefix + o.line(), (a, b) -> a + "; " + b);
        }
      }
      ownParity.forEach(line -> parity.add(prefix + line));
    }
    missing.forEach((problem, ops) -> lines.add(problem + ": not compared, which takes out " + String.join(", ", ops)));
    out.println("before measuring, each operation on PostgreSQL and " + (servers.size() == 1 ? "MongoDB"
        : "each MongoDB server") + " (a read's answers compared for " + stress.model.Plural.of(check.draws(), "draw")
        + ", more while all are"
        + " empty; a built-in's keys looked up on both; a write run once on MongoDB):");
    lines.forEach(line -> out.println("  " + line));
    answersDiffer.keySet().removeAll(leftOut.keySet());
    if (!answersDiffer.isEmpty()) {
      out.println("measured although their answers differ (--measure-different), marked \"answers differ\" wherever"
          + " their figures are shown: " + String.join(", ", answersDiffer.keySet()));
    }
    if (leftOut.isEmpty()) {
      printParity(parity, out);
      return new Result(config, lines, leftOut, answersDiffer, parity, objectIdTables);
    }
    Map<String, Integer> kept = new LinkedHashMap<>();
    for (int i = 0; i < config.mix().names().size(); i++) {
      if (!leftOut.containsKey(config.mix().names().get(i))) {
        kept.put(config.mix().names().get(i), config.mix().weight(i));
      }
    }
    List<String> why = new ArrayList<>();
    reasons.forEach((op, r) -> why.add(op + " (" + String.join(", ", r) + ")"));
    boolean differ = reasons.values().stream().anyMatch(r -> r.contains(DIFFERENT));
    // written since the import: reloading is the answer, measuring different answers is not
    String written = differ ? writtenSinceLoad(config, database, servers, collection) : null;
    String hint = written != null ? "; " + written : differ && !check.measureDifferent()
        ? "; --measure-different measures those whose answers differ anyway, marked" : "";
    if (kept.isEmpty()) {
      // a missing collection was named above, with what it takes out: not again
      String first = leftOut.values().iterator().next();
      throw new stress.model.DataStateException("--against: nothing is left to compare, no operation can be compared: "
          + String.join(", ", why) + hint + (missing.containsKey(first) ? " (see above)" : "; the first: " + first));
    }
    printParity(parity, out);
    out.println("left out on all targets, as they cannot be compared: " + String.join(", ", why) + hint);
    return new Result(config.withMix(OperationMix.of(kept)), lines, leftOut, answersDiffer, parity,
        objectIdTables);
  }

  /** The answer check as a step of {@code check} or {@code run --against}, on PostgreSQL and a MongoDB server. */
  static FailedStep.Step step(String postgresql, String mongodb) {
    return new FailedStep.Step("the answer check", null, postgresql, mongodb);
  }

  /** {@link WritesSinceLoad} of the run's table and collection; null for an application or where it cannot tell. */
  private static String writtenSinceLoad(RunConfig config, ChosenDatabase database, Map<String, MongoTarget> servers,
                                         String collection) {
    if (config.application() != null || collection == null) {
      return null;
    }
    try (Connection c = PhysicalConnections.open(database.spec())) {
      for (MongoTarget server : servers.values()) {
        String found = WritesSinceLoad.of(c, config.schema(), config.table(), server, collection);
        if (found != null) {
          return found;
        }
      }
    } catch (SQLException | RuntimeException e) {
      return null; // only a hint: the answers' difference is said either way
    }
    return null;
  }

  /** The index parity lines, once something is left to measure. */
  private static void printParity(List<String> parity, PrintStream out) {
    if (parity.isEmpty()) {
      out.println("index parity: each index an operation's filter and sort are served by is on both sides, or on"
          + " neither");
    } else {
      out.println("index parity (the comparison goes on; these ratios measure a missing index as well):");
      parity.forEach(line -> out.println("  " + line));
    }
  }

  private static final String DIFFERENT = "answers differ";

  /** Why an operation is left out, in a few words. */
  private static String reason(CheckJob.Verdict verdict) {
    return switch (verdict) {
      case DIFFERENT -> DIFFERENT;
      case NO_COLLECTION -> "collection missing or empty";
      case TIMED_OUT -> "past the time limit";
      case REFUSED_BY_POSTGRESQL -> "refused by PostgreSQL";
      default -> "refused by MongoDB";
    };
  }

  private static List<CheckJob.Outcome> outcomes(RunConfig config, ChosenDatabase database, MongoTarget mongo,
                                                 String collection, AnswerCheck check, Set<String> objectIdTables,
                                                 List<String> parity)
      throws SQLException {
    List<CheckJob.Outcome> outcomes = new ArrayList<>();
    try (Connection c = PhysicalConnections.open(database.spec())) {
      if (config.application() == null) {
        DocumentTable table = TableSetup.existing(c, config.schema(), config.table(), false);
        String missing = CollectionPresence.problem(mongo, collection);
        if (missing != null) {
          config.mix().names().forEach(name -> outcomes.add(new CheckJob.Outcome(name,
              CheckJob.Verdict.NO_COLLECTION, missing)));
          return outcomes;
        }
        boolean objectIds = stress.table.DocumentIds.objectIds(c, table);
        if (objectIds) {
          objectIdTables.add(config.table());
        }
        List<String> fromFile = new ArrayList<>();
        List<String> builtIns = new ArrayList<>();
        for (String name : config.mix().names()) {
          if (config.workload() != null && config.workload().operations().containsKey(name)) {
            fromFile.add(name);
          } else {
            builtIns.add(name);
          }
        }
        if (!builtIns.isEmpty()) {
          outcomes.addAll(BuiltInTrial.run(c, table, mongo.collection(collection), objectIds, builtIns,
              check.draws(), config.seed(), config.timeouts().statement().toMillis()));
        }
        if (!fromFile.isEmpty()) {
          outcomes.addAll(withKeyShare(c, table, mongo.collection(collection), objectIds, config, written(
              config.workload(), fromFile), job(config, config.workload(), fromFile, config.table(), collection,
              check.draws()).trial(c, table, mongo, objectIds)));
          parity.addAll(IndexParity.lines(c, table, mongo, collection, written(config.workload(), fromFile),
              build(config.workload(), config.schema(), config.table())));
        }
      } else {
        for (Application.Collection each : config.application().application().collections()) {
          List<String> own = each.operationNames().stream().filter(config.mix().names()::contains)
              .map(each::ownName).toList();
          if (own.isEmpty() || !TableSetup.exists(c, config.schema(), each.table())) {
            continue; // a missing table is refused, or skipped with --skip-missing, by the run's own set-up
          }
          String missing = CollectionPresence.problem(mongo, each.namespace());
          if (missing != null) {
            own.forEach(name -> outcomes.add(new CheckJob.Outcome(each.operationName(name),
                CheckJob.Verdict.NO_COLLECTION, missing)));
            continue;
          }
          DocumentTable table = TableSetup.existing(c, config.schema(), each.table(), false);
          boolean objectIds = stress.table.DocumentIds.objectIds(c, table);
          if (objectIds) {
            objectIdTables.add(each.table());
          }
          CheckJob job = job(config, each.workload(), own, each.table(), each.namespace(), check.draws());
          for (CheckJob.Outcome o : withKeyShare(c, table, mongo.collection(each.namespace()), objectIds, config,
              written(each.workload(), own), job.trial(c, table, mongo, objectIds))) {
            String name = each.operationName(o.operation());
            outcomes.add(new CheckJob.Outcome(name, o.verdict(), each.table() + "." + o.line()));
          }
          IndexParity.lines(c, table, mongo, each.namespace(), written(each.workload(), own),
              build(each.workload(), config.schema(), each.table())).forEach(l -> parity.add(each.table() + "." + l));
        }
      }
    }
    return outcomes;
  }

  /**
   * The outcomes, an operation that draws existing keys found the same made a difference when the collection holds
   * under {@link BuiltInTrial#FOUND_SHARE} of the keys drawn from the table.
   */
  private static List<CheckJob.Outcome> withKeyShare(Connection c, DocumentTable table,
      com.mongodb.client.MongoCollection<org.bson.BsonDocument> collection, boolean objectIds, RunConfig config,
      List<stress.ops.file.WorkloadOperation> ops, List<CheckJob.Outcome> outcomes) throws SQLException {
    Set<String> drawingKeys = new HashSet<>();
    ops.stream().filter(stress.ops.file.WorkloadOperation::readsExistingKeys).forEach(op -> drawingKeys.add(op.name()));
    if (drawingKeys.isEmpty()) {
      return outcomes;
    }
    String share = BuiltInTrial.keyShareDifference(c, table, collection, objectIds, config.seed(),
        config.timeouts().statement().toMillis());
    if (share == null) {
      return outcomes;
    }
    List<CheckJob.Outcome> checked = new ArrayList<>();
    for (CheckJob.Outcome o : outcomes) {
      checked.add(drawingKeys.contains(o.operation()) && o.verdict() != CheckJob.Verdict.DIFFERENT && !o.refused()
          ? new CheckJob.Outcome(o.operation(), CheckJob.Verdict.DIFFERENT, o.operation() + ": " + share) : o);
    }
    return checked;
  }

  /** The file's operations of these names (MongoDB-style or not: those without a form have no index advice). */
  private static List<stress.ops.file.WorkloadOperation> written(stress.workload.WorkloadFile workload, List<String> names) {
    List<stress.ops.file.WorkloadOperation> ops = new ArrayList<>();
    for (String name : names) {
      if (workload.operations().get(name) instanceof stress.ops.file.WorkloadOperation op) {
        ops.add(op);
      }
    }
    return ops;
  }

  /** The command that builds the indexes the file's operations are served by on the table. */
  private static String build(stress.workload.WorkloadFile workload, String schema, String table) {
    return "stress index --suggest --workload " + workload.file() + " " + stress.model.TableName.option(schema, table);
  }

  private static CheckJob job(RunConfig config, stress.workload.WorkloadFile workload, List<String> names,
                              String table, String collection, int draws) {
    return new CheckJob(new CheckJob.Request(workload, names, config.schema(), table, null, collection, draws,
        config.seed(), config.timeouts().statement().toMillis()), null, null);
  }
}
