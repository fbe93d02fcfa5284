package stress.testing;

import java.time.Duration;
import java.util.List;
import stress.model.WorkerThreadPolicy;
import stress.model.OperationMix;
import stress.model.OperationSettings;
import stress.ops.Operation;
import stress.ops.builtin.Operations;
import stress.runner.PhaseSpec;
import stress.runner.RunPlan;
import stress.server.FailureReader;
import stress.table.DocumentTable;
import stress.keys.DenseIntegerKeys;
import stress.keys.KeyChooser;
import stress.keys.UniformDistribution;

/**
 * A {@link RunPlan} for tests, by name instead of 17 positions: the mix's operations by name, uniform keys 1..N,
 * the small operation settings tests use (find_in 40 keys, LIMIT 10..20, fetch size 100), no warm-up, 200 ms
 * intervals, unlimited rate, autocommit, seed 1, platform threads, no retries, one shared table.
 */
public final class TestPlan {
  private final List<PhaseSpec> phases;
  private final OperationMix mix;
  private final DocumentTable table;
  private List<Operation> operations;
  private KeyChooser keys;
  private OperationSettings settings = new OperationSettings(40, 10, 20, 100);
  private Duration duration;
  private long ops;
  private Duration warmup = Duration.ZERO;
  private Duration interval = Duration.ofMillis(200);
  private boolean transaction;
  private int retries;
  private WorkerThreadPolicy workerThreads = WorkerThreadPolicy.PLATFORM;
  private FailureReader failureReader = FailureReader.PLAIN;

  private TestPlan(List<PhaseSpec> phases, OperationMix mix, DocumentTable table) {
    this.phases = phases;
    this.mix = mix;
    this.table = table;
  }

  /** The phases of {@code mix} (operations looked up by name) on {@code table}. */
  public static TestPlan of(List<PhaseSpec> phases, OperationMix mix, DocumentTable table) {
    return new TestPlan(phases, mix, table);
  }

  /** Operations given as objects (one per name of the mix, in its order). */
  public TestPlan operations(List<Operation> operations) {
    this.operations = operations;
    return this;
  }

  /** Existing keys 1..{@code n}, chosen uniformly. */
  public TestPlan keys(int n) {
    this.keys = new KeyChooser(new DenseIntegerKeys(1, n, true), new UniformDistribution(n));
    return this;
  }

  /** Phases end after this time (instead of a number of executions). */
  public TestPlan duration(Duration duration) {
    this.duration = duration;
    return this;
  }

  /** Phases end after this many executions. */
  public TestPlan ops(long ops) {
    this.ops = ops;
    return this;
  }

  public TestPlan warmup(Duration warmup) {
    this.warmup = warmup;
    return this;
  }

  public TestPlan interval(Duration interval) {
    this.interval = interval;
    return this;
  }

  public TestPlan transaction(boolean transaction) {
    this.transaction = transaction;
    return this;
  }

  public TestPlan retries(int retries) {
    this.retries = retries;
    return this;
  }

  /** Threads per worker, or the event-loop client ({@link WorkerThreadPolicy#eventLoop(int)}). */
  public TestPlan workerThreads(WorkerThreadPolicy workerThreads) {
    this.workerThreads = workerThreads;
    return this;
  }

  /** How the run reads failures (default: {@link FailureReader#PLAIN}). */
  public TestPlan failureReader(FailureReader failureReader) {
    this.failureReader = failureReader;
    return this;
  }

  public RunPlan build() {
    List<Operation> named = operations != null ? operations : mix.names().stream().map(Operations::byName).toList();
    return new RunPlan(phases, mix, named, table, keys, settings, duration, ops, warmup, interval, 0,
        transaction, 1, workerThreads, null, retries, List.of(), failureReader);
  }
}
