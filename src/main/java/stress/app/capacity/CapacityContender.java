package stress.app.capacity;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.app.output.ComparedRuns;
import stress.config.RunConfig;
import stress.metrics.OperationStats;
import stress.report.PhaseResult;
import stress.report.RunResult;

/**
 * One combination whose capacity {@code run --slo} searches: how to run it at an offered rate, and what its steps
 * measured. A search of one combination has one; a comparison of capacities has one per mode, pool, thread count and
 * setting of the lists, per table of {@code --compare-tables}, or per target of {@code --against}.
 */
public final class CapacityContender {
  /** A run of this combination at an offered rate (0: the closed-loop probe), printing to {@code out}. */
  public interface Jobs {
    Ran at(RunConfig step, PrintStream out) throws Exception;
  }

  /** What a run gave: its result (null when it measured nothing) and each phase's measured start. */
  public record Ran(RunResult result, List<Instant> starts) {
  }

  /** A step interrupted by a signal: the search stops, the steps before it kept. */
  public static final class Stopped extends RuntimeException {
    public Stopped() {
      super("interrupted", null, false, false);
    }
  }

  /** A step is lengthened up to this (or ten times its own length) to run the operations its objectives need. */
  static final java.time.Duration LONGEST = java.time.Duration.ofSeconds(60);

  private final String name;
  private final Map<String, String> marks;
  private final RunConfig config;
  private final Jobs jobs;
  private final List<PhaseResult> phases = new ArrayList<>();
  private final List<Instant> starts = new ArrayList<>();
  private final Map<Integer, Map<String, Double>> p99ByStep = new LinkedHashMap<>();
  private final List<CapacitySearch.Step> steps = new ArrayList<>();
  private CapacitySearch search;
  private RunResult first;
  private String failure;
  private int searchRounds = 1;
  /** The operations a step needs to judge every objective ({@link stress.config.LatencyObjective#operationsToJudge}). */
  private long toJudge;
  /** The processes that offer each step together (--instances N), each with the run's threads. */
  private int clients = 1;
  /** The run of the check the step running belongs to, 0 for a step of the search. */
  private int checkRun;
  /** How long the check's runs measure and the window they are read by ({@code --slo-check-duration}, ...). */
  private stress.config.CapacityRequest request;

  /**
   * @param name   as the comparison names it (empty for a search of one combination)
   * @param marks  what each of its phases carries in its combination besides the rate, e.g. the table compared
   * @param config the run of this one combination; null when {@code jobs} are scripted (no run to configure)
   */
  public CapacityContender(String name, Map<String, String> marks, RunConfig config, Jobs jobs) {
    this.name = name;
    this.marks = Map.copyOf(marks);
    this.config = config;
    this.jobs = jobs;
  }

  /** This combination offered by {@code n} processes at once, each a share of the rate. */
  public CapacityContender offeredBy(int n) {
    clients = n;
    return this;
  }

  String name() {
    return name;
  }

  RunConfig config() {
    return config;
  }

  /** The search, once {@link #startAt} began it. */
  CapacitySearch search() {
    return search;
  }

  void startAt(double rate, CapacitySearch.StepListener listener, stress.config.CapacityRequest request, int rounds) {
    searchRounds = rounds;
    this.request = request;
    toJudge = request.objectives().stream().mapToLong(stress.config.LatencyObjective::operationsToJudge).max()
        .orElse(0);
    search = new CapacitySearch(request.objectives(), rate, request.resolution(), (step, n) -> {
      steps.add(step);
      listener.stepped(step, n);
    });
    if (config != null) { // null: a contender whose steps are scripted, not run
      search.boundingErrorsBy(config.failures().maxErrorRate());
    }
  }

  /** The first result a step (or the probe) gave: its settings and target head the merged result. */
  RunResult first() {
    return first;
  }

  List<PhaseResult> phases() {
    return phases;
  }

  List<Instant> starts() {
    return starts;
  }

  /** Why a step of this combination failed to run, its search ended there; null while none did. */
  String failure() {
    return failure;
  }

  void failed(String why) {
    failure = why;
  }

  /**
   * A closed-loop phase of this combination, shorter than a step: half its ops/s starts the search. Its output is
   * printed, the header of the combination.
   */
  double probe(PrintStream out) throws Exception {
    RunResult result = jobs.at(config.forCapacityStep(0), out).result();
    if (result != null && result.interrupted()) {
      throw new Stopped();
    }
    if (result == null || result.phases().isEmpty()) {
      throw new IllegalStateException("the closed-loop probe" + of() + " measured nothing: no rate to start the search"
          + " from");
    }
    first = first == null ? result : first;
    double ops = result.phases().get(0).stats().total().opsPerSecond();
    if (!(ops > 0)) {
      throw new IllegalStateException("the closed-loop probe" + of() + " completed no operation: no rate to start"
          + " from");
    }
    return ops / 2;
  }

  /** One step: a run at {@code rate}, its output kept out of the terminal (the step's line says it). */
  StepMeasured offer(double rate, int round, PrintStream out) throws Exception {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    RunConfig step = checkRun > 0 ? config.forCapacityStep(rate).withLength(request.checkDuration(), 0)
        : config.forCapacityStep(rate);
    RunConfig longer = lengthened(step, rate);
    if (!longer.duration().equals(step.duration())) {
      out.println((name.isEmpty() ? "" : name + ": ") + "the step at " + CapacityText.rate(rate) + " ops/s runs "
          + seconds(longer) + " s, not " + seconds(step) + " s: " + toJudge + " operations judge its objectives");
    }
    Ran ran = jobs.at(longer, new PrintStream(buffer, true, StandardCharsets.UTF_8));
    RunResult result = ran.result();
    if (result != null && result.interrupted()) {
      throw new Stopped();
    }
    if (result == null || result.phases().isEmpty()) {
      out.print(buffer.toString(StandardCharsets.UTF_8));
      throw new IllegalStateException("the step" + of() + " at " + CapacityText.rate(rate) + " ops/s measured nothing");
    }
    first = first == null ? result : first;
    PhaseResult phase = result.phases().get(0);
    if (marks.containsKey(stress.report.RoundComparison.TARGET)) {
      phase = ComparedRuns.sharedByTargets(phase); // PostgreSQL's own settings never label a MongoDB target's steps
    }
    for (Map.Entry<String, String> mark : marks.entrySet()) {
      phase = ComparedRuns.marked(phase, mark.getKey(), mark.getValue(), null);
    }
    // the search's round in the combination, not as a round of a comparison: the steps are not combinations to compare
    if (checkRun > 0) {
      phase = ComparedRuns.marked(phase, CapacityJob.CHECK_RUN, Integer.toString(checkRun), null);
    } else if (searchRounds > 1) {
      phase = ComparedRuns.marked(phase, CapacityJob.SEARCH_ROUND, Integer.toString(round), null);
    }
    phases.add(ComparedRuns.marked(phase, CapacityJob.OFFERED, CapacityText.rate(rate), null));
    starts.addAll(ran.starts());
    Map<String, Double> p99 = new LinkedHashMap<>();
    phase.stats().operations().forEach(o -> p99.put(o.name(), o.count() == 0 ? Double.NaN : o.latencyMs().p99()));
    p99ByStep.put(phases.size(), p99);
    OperationStats total = phase.stats().total();
    long all = total.count() + total.errorCount();
    if (total.count() == 0 && total.errorCount() > 0) {
      stress.metrics.ErrorStats first = total.errors().isEmpty() ? null : total.errors().get(0);
      throw new IllegalStateException("every execution of the step at " + CapacityText.rate(rate) + " ops/s failed ("
          + total.errorCount() + (first == null ? "" : ", " + first.sqlState() + ": " + ComparedRuns.oneLine(
          new Exception(first.firstMessage()))) + "): the server failed, not its capacity");
    }
    StepClientFigures figures = figures(phase.client(), workers());
    double seconds = phase.stats().durationSeconds();
    return new StepMeasured(total.opsPerSecond(), total.latencyMs().p50(), total.latencyMs().p90(),
        total.latencyMs().p95(), total.latencyMs().p99(), total.latencyMs().p999(),
        all == 0 ? 0 : (double) total.errorCount() / all,
        seconds > 0 ? clients * config.threads().get(0) / seconds : 0, all,
        total.count() == 0 ? Double.NaN : total.latencyMs().min(), figures, checkRun == 0 ? CheckWindows.NONE
        : CheckWindows.of(phase.stats(), request.window(), request.objectives()));
  }

  /**
   * The client's OS threads that run executions: its event loops, its threads, or (virtual threads) the carriers,
   * one per core.
   */
  private int workers() {
    int threads = config.threads().get(0);
    stress.model.WorkerThreadPolicy policy = config.workerThreads();
    return policy.eventLoops() > 0 ? policy.eventLoops() : policy.virtual(threads)
        ? Runtime.getRuntime().availableProcessors() : threads;
  }

  /** The client's and the host's figures over a step, to name a cause by; null where the phase has none. */
  private static StepClientFigures figures(stress.metrics.ClientUsage c, int workers) {
    if (c == null) {
      return null;
    }
    stress.metrics.HostUsage host = c.host();
    return new StepClientFigures(c.cpuShare(), c.gcShare(), c.jitSeconds() == null || !(c.cpuSeconds() > 0)
        ? Double.NaN : c.jitSeconds() / c.cpuSeconds(), host == null ? Double.NaN : host.cpuShare(), c.hostShare(),
        host == null || host.serverCpuShare() == null ? Double.NaN : host.serverCpuShare(), c.pacer(), c.cores(),
        workers);
  }

  /** One run of the check after the search ({@link CapacityCheck}): a step marked with the run's number. */
  StepMeasured check(double rate, int run, PrintStream out) throws Exception {
    checkRun = run;
    try {
      return offer(rate, 0, out);
    } finally {
      checkRun = 0;
    }
  }

  /**
   * A step long enough to judge its objectives at {@code rate}: at least {@link #toJudge} operations (a tenth more,
   * for the window's edges), up to {@link #LONGEST} or ten times the step; a rate too low for that runs the longest
   * step, and the search reads its percentile as not judged.
   */
  private RunConfig lengthened(RunConfig step, double rate) {
    double seconds = step.duration().toMillis() / 1000.0;
    if (rate * seconds >= 1.1 * toJudge) {
      return step;
    }
    double longest = Math.max(LONGEST.toSeconds(), 10 * seconds);
    return step.withLength(java.time.Duration.ofSeconds((long) Math.ceil(Math.min(longest, 1.1 * toJudge / rate))), 0);
  }

  /** A step's measured time as its line says it: 10, 0.3. */
  private static String seconds(RunConfig step) {
    return stress.report.Decimals.seconds(step.duration().toMillis() / 1000.0);
  }

  /** In the last round, the operation whose p99 rose most from the capacity step to the step that broke. */
  String roseFirst() {
    CapacitySearch.Result result = search.result();
    if (result.rounds().isEmpty()) {
      return null;
    }
    CapacityRound last = result.rounds().get(result.rounds().size() - 1);
    if (!Double.isFinite(last.capacity()) || last.broke() == null) {
      return null;
    }
    int held = -1;
    int broke = -1;
    for (int i = 0; i < steps.size(); i++) {
      CapacitySearch.Step s = steps.get(i);
      if (s.round() == last.round() && s.offered() == last.capacity() && s.held()) {
        held = i + 1;
      }
      if (s == last.broke()) {
        broke = i + 1;
      }
    }
    if (held < 0 || broke < 0 || !p99ByStep.containsKey(held) || p99ByStep.get(held).size() < 2) {
      return null; // one operation: its p99 is the total's, said on the step's line
    }
    return CapacityText.roseFirst(p99ByStep.get(held), p99ByStep.get(broke));
  }

  private String of() {
    return name.isEmpty() ? "" : " of " + name;
  }
}
