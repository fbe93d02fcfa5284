package stress.app.assess;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.app.Commands;
import stress.app.against.CheckJob;
import stress.config.Defaults;
import stress.config.Durations;
import stress.mongodb.CollectionPresence;
import stress.mongodb.MongoTarget;
import stress.workload.WorkloadFile;

/**
 * The answers of each collection's reads on the target and on a MongoDB server holding the same data, as {@code stress
 * check} compares them ({@link CheckJob}'s result per operation). The server must hold the dump already: each
 * collection is there and holds as many documents as the table before anything is compared, else that collection is
 * not checked, with one line saying why. Nothing is loaded into the server.
 */
final class AnswerChecks {
  /** A collection to check: its workload file, table, and the documents the table holds (-1: not known). */
  record Collection(String ns, String table, Path file, WorkloadFile workload, long tableRows) {}

  /** Each collection's outcomes by operation name, or the one line why it was not checked. */
  record Checked(Map<String, Map<String, CheckJob.Outcome>> outcomes, Map<String, String> problems,
                 String serverProblem) {}

  private AnswerChecks() {}

  /**
   * Checks each collection; a server that cannot be reached gives {@code serverProblem}, a collection missing, empty
   * or of another size gives its problem; the check's own printed output goes to {@code dir}.
   */
  static Checked run(AssessContext context, List<Collection> collections, int draws, Path dir) throws Exception {
    String url = context.request().against();
    Map<String, Map<String, CheckJob.Outcome>> outcomes = new LinkedHashMap<>();
    Map<String, String> problems = new LinkedHashMap<>();
    List<Collection> ready = new ArrayList<>();
    try (MongoTarget mongo = MongoTarget.connect("--against", url, null)) {
      for (Collection c : collections) {
        String problem = presence(mongo, c);
        if (problem != null) {
          problems.put(c.ns(), problem);
        } else {
          ready.add(c);
        }
      }
    } catch (MongoTarget.Unreachable | com.mongodb.MongoException e) {
      return new Checked(Map.of(), Map.of(), MongoTarget.withoutPassword(url) + ": " + MongoTarget.firstLine(
          String.valueOf(e.getMessage())));
    }
    long maxTime = Durations.parse("--statement-timeout", Defaults.STATEMENT_TIMEOUT).toMillis();
    for (Collection c : ready) {
      CheckJob.Request request = new CheckJob.Request(c.workload(), List.of(), null, c.table(), url, c.ns(), draws,
          context.request().seed(), maxTime);
      Path evidence = dir.resolve("check-" + c.table() + ".txt");
      try (PrintStream out = new PrintStream(Files.newOutputStream(evidence), true)) {
        try {
          CheckJob.Result result = Commands.checkResult(request, context.target(), out);
          CheckJob.print(result, c.file(), out);
          Map<String, CheckJob.Outcome> byName = new LinkedHashMap<>();
          result.outcomes().forEach(o -> byName.put(o.operation(), o));
          outcomes.put(c.ns(), byName);
        } catch (RuntimeException | java.sql.SQLException e) {
          String why = MongoTarget.firstLine(String.valueOf(e.getMessage()));
          out.println(why);
          problems.put(c.ns(), "the check failed: " + why);
        }
      } catch (IOException e) {
        throw new java.io.UncheckedIOException("cannot write " + evidence + ": " + e.getMessage(), e);
      }
    }
    return new Checked(outcomes, problems, null);
  }

  /**
   * Why the collection cannot be compared with its table, in one line, or null: missing or empty on the server (the
   * server answers for another database), or holding another number of documents than the table.
   */
  private static String presence(MongoTarget mongo, Collection c) {
    String problem = CollectionPresence.problem(mongo, c.ns());
    if (problem != null || c.tableRows() < 0) {
      return problem;
    }
    long documents = mongo.collection(c.ns()).countDocuments();
    return documents == c.tableRows() ? null : "collection " + c.ns() + " on " + mongo.describe() + " holds "
        + documents + " documents, table " + c.table() + " " + c.tableRows() + ": the server must hold the same data"
        + " (stress import DUMP --to URL loads a dump into it)";
  }
}
