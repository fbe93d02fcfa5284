package stress.app;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import stress.model.UsageException;
import stress.model.OperationSettings;
import stress.model.OperationMix;
import stress.ops.Operation;
import stress.ops.builtin.Operations;
import stress.workload.WorkloadFile;

/**
 * What {@code stress explain} is asked.
 *
 * @param operations        operation names (or class names), in order
 * @param schema            schema of the table, or null for the search path
 * @param table             the document table
 * @param operationSettings batch size and limits, as the run would use them
 * @param seed              seed of the key choice
 * @param keySample         keys to read from a table whose keys are not a dense integer range
 * @param analyze           run EXPLAIN (ANALYZE) where allowed, each statement in a rolled-back transaction
 * @param statementTimeout  server statement_timeout on the connection, zero for none
 * @param socketTimeout     how long the client waits for a reply before it gives the connection up, zero for ever
 * @param workload          the --workload file whose operations the names may be, or null
 * @param mongodb           a MongoDB server and collection whose plans to show beside PostgreSQL's ({@code --against},
 *                          {@code --collection}), or null
 * @param verbose           each statement's SQL, values and plans after the summary ({@code --verbose})
 */
public record ExplainRequest(List<String> operations, String schema, String table, OperationSettings operationSettings,
                             long seed, int keySample, boolean analyze, Duration statementTimeout,
                             Duration socketTimeout, WorkloadFile workload, MongoSide mongodb, boolean verbose) {
  /** The MongoDB server of {@code --against} and its collection of the table's documents. */
  public record MongoSide(String url, String collection) {}


  public ExplainRequest {
    operations = List.copyOf(operations);
    if (operations.isEmpty()) {
      throw new UsageException("--op must name at least one operation");
    }
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(operationSettings, "operationSettings");
    if (keySample < 1) {
      throw new UsageException("--key-sample must be at least 1, got " + keySample);
    }
    Objects.requireNonNull(statementTimeout, "statementTimeout");
    Objects.requireNonNull(socketTimeout, "socketTimeout");
  }

  /** The {@code --op} value that explains every operation on existing keys. */
  public static final String ALL = "all";

  /**
   * The operations of {@code --op}: {@link #ALL} (every built-in on existing keys, then the workload file's
   * operations), the file's operations when no --op is given with a file, or the names of a run's --op (weights
   * ignored), each checked to exist. Built-in operations that insert new keys are not explained (insert writes
   * through COPY or with documents a run generates); a file's operation with {@code new_key} is, with keys above
   * the table's largest.
   */
  public static List<String> operationNames(String spec, WorkloadFile file) {
    List<String> fromFile = file == null ? List.of() : List.copyOf(file.operations().keySet());
    if (spec == null && file != null) {
      return fromFile;
    }
    if (spec == null || spec.strip().equalsIgnoreCase(ALL)) {
      List<String> all = new java.util.ArrayList<>(Operations.known().values().stream()
          .filter(op -> !op.insertsNewKeys()).map(Operation::name).toList());
      all.addAll(fromFile);
      return all;
    }
    List<String> names = OperationMix.parse(spec).names();
    for (String name : names) {
      if (fromFile.contains(name)) {
        continue;
      }
      if (Operations.byName(name).insertsNewKeys()) {
        throw new UsageException("--op " + name + ": explain covers operations on existing keys; "
            + name + " inserts new keys, which only a run prepares");
      }
    }
    return names;
  }

}
