package stress.jmh;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseRecorder;
import stress.metrics.WorkerRecorder;

/**
 * What recording one operation's latency costs a worker thread, in ns per operation: one call of
 * {@link WorkerRecorder#success}, which writes the worker's active interval slot inside a WriterReaderPhaser
 * critical section. The phase records 2 operations with the run's highest trackable latency (one hour), as
 * {@code stress run} does; latencies are taken in turn from a table of 4096 values spread over 50 µs..50 ms so
 * that the histogram writes land in different buckets.
 * <ul>
 *   <li>{@link #histogramOnly}: {@code Histogram.recordValue} alone, the floor (no phaser, no slot lookup);</li>
 *   <li>{@link #uncontended}: one worker thread, no interval ever ends;</li>
 *   <li>{@link #contended2} and {@link #contended4}: 2 and 4 worker threads of one phase, each with its own
 *       recorder (the design is single-writer per worker; what they share is the phase's generation counter
 *       and the cache), no interval ends. On a 2-core machine 4 threads also share CPUs, which shows up as
 *       time per operation;</li>
 *   <li>group {@code swapping}: one worker recording while a second thread ends an interval every
 *       {@link #edgeMillis} ms with {@link PhaseRecorder#takeInterval} (the worker then merges its finished slot
 *       itself at its next record, and the reporter merges the rest); the {@code record} figure is the one that
 *       counts, the {@code edge} figure is the reporter's sleep plus the interval's closing;</li>
 *   <li>group {@code swappingContended}: the same with 3 worker threads.</li>
 * </ul>
 * Run: {@code java -jar target/benchmarks.jar LatencyRecording -f 1 -wi 2 -i 3 -w 1s -r 2s}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class LatencyRecordingBenchmark {
  static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);
  private static final int LATENCIES = 4096;

  /** The phase every thread of one benchmark run records into; one recorder per thread. */
  @State(Scope.Benchmark)
  public static class Phase {
    /** How often the reporter of the swapping groups ends an interval; {@code stress run} uses 1000 by default. */
    @Param({"100"})
    public long edgeMillis;

    PhaseRecorder recorder;

    @Setup(Level.Trial)
    public void create(BenchmarkParams params) {
      recorder = new PhaseRecorder(List.of("find_first", "find_update"), recordingThreads(params),
          HIGHEST_TRACKABLE_NANOS);
    }

    /**
     * The threads that record: in a group only the recording subgroup, since a recorder that never records
     * would make every interval end wait for it (the reporter gives idle workers 50 ms before taking over).
     */
    private static int recordingThreads(BenchmarkParams params) {
      int[] counts = params.getThreadGroups();
      int i = 0;
      for (Object label : params.getThreadGroupLabels()) {
        if (counts.length > 1 && label.toString().startsWith("record")) {
          return counts[i];
        }
        i++;
      }
      return params.getThreads();
    }
  }

  /** One worker thread's recorder and its latencies. */
  @State(Scope.Thread)
  public static class Worker {
    WorkerRecorder recorder;
    Histogram histogram;
    final long[] latencies = new long[LATENCIES];
    int next;

    @Setup(Level.Trial)
    public void create(Phase phase, ThreadParams thread) {
      // in a group the recording threads are numbered within their subgroup; elsewhere every thread records
      int index = thread.getSubgroupCount() > 1 ? thread.getSubgroupThreadIndex() : thread.getThreadIndex();
      recorder = phase.recorder.worker(index);
      histogram = new Histogram(1, HIGHEST_TRACKABLE_NANOS, 3);
      SplittableRandom random = new SplittableRandom(thread.getThreadIndex());
      for (int i = 0; i < LATENCIES; i++) {
        latencies[i] = random.nextLong(50_000, 50_000_000);
      }
    }

    long nextLatency() {
      long latency = latencies[next];
      next = (next + 1) & (LATENCIES - 1);
      return latency;
    }
  }

  /** The reporter's end of the last interval. */
  @State(Scope.Thread)
  public static class Reporter {
    long lastEdge = System.nanoTime();
  }

  @Benchmark
  @Threads(1)
  public void histogramOnly(Worker worker) {
    worker.histogram.recordValue(worker.nextLatency());
  }

  @Benchmark
  @Threads(1)
  public void uncontended(Worker worker) {
    worker.recorder.success(0, worker.nextLatency(), 1);
  }

  @Benchmark
  @Threads(2)
  public void contended2(Worker worker) {
    worker.recorder.success(0, worker.nextLatency(), 1);
  }

  @Benchmark
  @Threads(4)
  public void contended4(Worker worker) {
    worker.recorder.success(0, worker.nextLatency(), 1);
  }

  @Benchmark
  @Group("swapping")
  @GroupThreads(1)
  public void record(Worker worker) {
    worker.recorder.success(0, worker.nextLatency(), 1);
  }

  @Benchmark
  @Group("swapping")
  @GroupThreads(1)
  public IntervalStats edge(Phase phase, Reporter reporter) throws InterruptedException {
    return endInterval(phase, reporter, 1);
  }

  @Benchmark
  @Group("swappingContended")
  @GroupThreads(3)
  public void recordContended(Worker worker) {
    worker.recorder.success(0, worker.nextLatency(), 1);
  }

  @Benchmark
  @Group("swappingContended")
  @GroupThreads(1)
  public IntervalStats edgeContended(Phase phase, Reporter reporter) throws InterruptedException {
    return endInterval(phase, reporter, 3);
  }

  private static IntervalStats endInterval(Phase phase, Reporter reporter, int workers) throws InterruptedException {
    Thread.sleep(phase.edgeMillis);
    long now = System.nanoTime();
    IntervalStats interval = phase.recorder.takeInterval(reporter.lastEdge, now, workers);
    reporter.lastEdge = now;
    return interval;
  }
}
