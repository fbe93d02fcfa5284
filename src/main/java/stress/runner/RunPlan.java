package stress.runner;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import stress.model.WorkerThreadPolicy;
import stress.model.UsageException;
import stress.ops.NewDocuments;
import stress.ops.Operation;
import stress.model.OperationSettings;
import stress.table.DocumentTable;
import stress.server.FailureReader;
import stress.keys.KeyChooser;
import stress.model.OperationMix;

/**
 * Everything a run needs, validated: phases to run one after another on the same data.
 *
 * @param phases          the combinations to compare (at least one)
 * @param mix             operation names and weights
 * @param operations      the operations, in the order of {@code mix.names()}
 * @param table           the document table
 * @param keys            existing keys and how to choose them, or null when no operation reads existing keys
 * @param settings        knobs of the built-in operations
 * @param duration        measured time per phase, or null when {@code opsPerPhase} ends it
 * @param opsPerPhase     executions per phase (all threads together), or 0 when {@code duration} ends it
 * @param warmup          time run before measuring, excluded from every total
 * @param reportInterval  time between interval lines
 * @param rate            target executions per second over all threads, or 0 for as fast as possible
 * @param transaction     wrap each execution in one transaction
 * @param seed            seed of the workers' random sources
 * @param workerThreads   which phases run their workers on virtual threads (Java 21+) instead of one OS thread each
 * @param newDocuments    new keys and documents for the insert operations, or null when none inserts
 * @param retries         how often an execution of an idempotent operation is run again after a serialization
 *                        failure or deadlock (40001, 40P01); 0 = never
 * @param workerTables    the table of each worker in phases with a table per thread (--table-per-thread), else empty
 * @param failureReader   how the target's failures are read: the node a message names, and which failures leave a
 *                        session unusable although the server kept it (a Postgres-XL coordinator's)
 */
public record RunPlan(List<PhaseSpec> phases, OperationMix mix, List<Operation> operations, DocumentTable table,
                      KeyChooser keys, OperationSettings settings, Duration duration, long opsPerPhase,
                      Duration warmup, Duration reportInterval, double rate, boolean transaction, long seed,
                      WorkerThreadPolicy workerThreads, NewDocuments newDocuments, int retries, List<DocumentTable> workerTables,
                      FailureReader failureReader) {
  public RunPlan {
    Objects.requireNonNull(failureReader, "failureReader");
    workerTables = List.copyOf(workerTables);
    for (PhaseSpec phase : phases) {
      if (phase.tablePerThread() && workerTables.size() < phase.threads()) {
        throw new IllegalArgumentException("phase '" + phase.label() + "' has a table per thread but "
            + workerTables.size() + " tables for " + phase.threads() + " threads");
      }
    }
    phases = List.copyOf(phases);
    operations = List.copyOf(operations);
    Objects.requireNonNull(table, "table");
    List<String> problems = new ArrayList<>();
    if (keys == null && operations.stream().anyMatch(Operation::readsExistingKeys)) {
      problems.add("the operations read existing keys, but none were read");
    }
    if (newDocuments == null && operations.stream().anyMatch(Operation::insertsNewKeys)) {
      problems.add("the operations insert new rows, but no new keys were prepared");
    }
    if (phases.isEmpty()) {
      problems.add("a run needs at least one phase");
    }
    if (operations.size() != mix.names().size()) {
      problems.add("operations do not match the mix " + mix);
    }
    if ((duration == null) == (opsPerPhase <= 0)) {
      problems.add("give exactly one of --duration and --ops");
    }
    if (duration != null && (duration.isNegative() || duration.isZero())) {
      problems.add("--duration must be positive, got " + duration);
    }
    if (warmup.isNegative()) {
      problems.add("--warmup must not be negative, got " + warmup);
    }
    if (reportInterval.isNegative() || reportInterval.isZero()) {
      problems.add("--report-interval must be positive, got " + reportInterval);
    }
    if (rate < 0 || Double.isNaN(rate)) {
      problems.add("--rate must be 0 (unlimited) or more, got " + rate);
    }
    if (retries < 0) {
      problems.add("--retries must be 0 or more, got " + retries);
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
  }
}
