package stress.app;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import stress.app.setup.ChosenDatabase;
import stress.config.RunConfig;
import stress.connect.PhysicalConnections;
import stress.load.TableSetup;
import stress.model.OperationMix;
import stress.model.UsageException;
import stress.mongodb.MongoTarget;
import stress.table.DocumentTable;
import stress.workload.Application;

/**
 * Before {@code run --against} measures anything: each operation once on both targets with drawn values ({@link
 * CheckJob#trial}): a read's answers compared, a write run once on MongoDB. An operation one server refuses cannot be
 * compared, so it is left out on every target, named with that server's own message; the others are measured.
 */
final class TargetTrial {
  /** The run's operations that are measured, and one line per operation of what the trial found. */
  record Result(RunConfig measured, List<String> lines, Map<String, String> leftOut, Set<String> objectIdTables) {}

  private TargetTrial() {}

  /**
   * The trial on each server of {@code servers} (by its name in the run): an operation any of them refuses is left out
   * on all targets.
   */
  static Result run(RunConfig config, ChosenDatabase database, Map<String, MongoTarget> servers, String collection,
                    PrintStream out) throws SQLException {
    List<String> lines = new ArrayList<>();
    Map<String, String> leftOut = new LinkedHashMap<>();
    Set<String> objectIdTables = new HashSet<>();
    for (Map.Entry<String, MongoTarget> server : servers.entrySet()) {
      String prefix = servers.size() == 1 ? "" : server.getKey() + ": ";
      for (CheckJob.Outcome o : outcomes(config, database, server.getValue(), collection, objectIdTables)) {
        lines.add(prefix + o.line());
        if (o.refused()) {
          leftOut.merge(o.operation(), prefix + o.line(), (a, b) -> a + "; " + b);
        }
      }
    }
    out.println("before measuring, each operation once on PostgreSQL and " + (servers.size() == 1 ? "MongoDB"
        : "each MongoDB server") + " (a read's answers compared for one draw, a write run once on MongoDB):");
    lines.forEach(line -> out.println("  " + line));
    if (leftOut.isEmpty()) {
      return new Result(config, lines, leftOut, objectIdTables);
    }
    Map<String, Integer> kept = new LinkedHashMap<>();
    for (int i = 0; i < config.mix().names().size(); i++) {
      if (!leftOut.containsKey(config.mix().names().get(i))) {
        kept.put(config.mix().names().get(i), config.mix().weight(i));
      }
    }
    if (kept.isEmpty()) {
      throw new UsageException("--against: every operation was refused by one of the servers (above); nothing is"
          + " left to compare");
    }
    out.println("left out on all targets, refused by one of them: " + String.join(", ", leftOut.keySet()));
    return new Result(config.withMix(OperationMix.of(kept)), lines, leftOut, objectIdTables);
  }

  private static List<CheckJob.Outcome> outcomes(RunConfig config, ChosenDatabase database, MongoTarget mongo,
                                                 String collection, Set<String> objectIdTables) throws SQLException {
    List<CheckJob.Outcome> outcomes = new ArrayList<>();
    try (Connection c = PhysicalConnections.open(database.spec())) {
      if (config.application() == null) {
        DocumentTable table = TableSetup.existing(c, config.schema(), config.table(), false);
        boolean objectIds = DocumentIds.objectIds(c, table);
        if (objectIds) {
          objectIdTables.add(config.table());
        }
        List<String> fromFile = new ArrayList<>();
        for (String name : config.mix().names()) {
          if (config.workload() != null && config.workload().operations().containsKey(name)) {
            fromFile.add(name);
          } else {
            outcomes.add(new CheckJob.Outcome(name, CheckJob.Verdict.NOT_CHECKED, name + ": a built-in operation, sent"
                + " as MongoDB's own find" + (name.equals("find_update") ? " and replaceOne" : "") + "; not tried"
                + " before measuring"));
          }
        }
        if (!fromFile.isEmpty()) {
          outcomes.addAll(job(config, config.workload(), fromFile, config.table(), collection).trial(c, table, mongo,
              objectIds));
        }
      } else {
        for (Application.Collection each : config.application().application().collections()) {
          List<String> own = each.operationNames().stream().filter(config.mix().names()::contains)
              .map(each::ownName).toList();
          if (own.isEmpty() || !TableSetup.exists(c, config.schema(), each.table())) {
            continue; // a missing table is refused, or skipped with --skip-missing, by the run's own set-up
          }
          DocumentTable table = TableSetup.existing(c, config.schema(), each.table(), false);
          boolean objectIds = DocumentIds.objectIds(c, table);
          if (objectIds) {
            objectIdTables.add(each.table());
          }
          CheckJob job = job(config, each.workload(), own, each.table(), each.namespace());
          for (CheckJob.Outcome o : job.trial(c, table, mongo, objectIds)) {
            String name = each.operationName(o.operation());
            outcomes.add(new CheckJob.Outcome(name, o.verdict(), each.table() + "." + o.line()));
          }
        }
      }
    }
    return outcomes;
  }

  private static CheckJob job(RunConfig config, stress.workload.WorkloadFile workload, List<String> names,
                              String table, String collection) {
    return new CheckJob(new CheckJob.Request(workload, names, config.schema(), table, null, collection, 1,
        config.seed(), config.timeouts().statement().toMillis()), null, null);
  }
}
