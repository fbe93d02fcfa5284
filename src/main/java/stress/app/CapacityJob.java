package stress.app;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.app.setup.ChosenDatabase;
import stress.app.setup.PhaseGrid;
import stress.config.LatencyObjective;
import stress.config.RunConfig;
import stress.metrics.OperationStats;
import stress.model.UsageException;
import stress.report.PhaseResult;
import stress.report.RunResult;

/**
 * {@code run --slo}: the highest offered rate at which every objective holds ({@link CapacitySearch}). A closed-loop
 * probe of the run's one combination gives the start (half its ops/s) unless {@code --rate} gives one; each step is a
 * run of its own at one offered rate, with its own warm-up, printed as one line; the result files hold every step's
 * phase (its combination names the rate offered) and a {@code capacity} entry in the settings.
 */
final class CapacityJob {
  /** The combination key of the rate a step offered. */
  static final String OFFERED = "offered ops/s";
  /** The combination key of the round of the search a step ran in, with {@code --rounds N}. */
  static final String SEARCH_ROUND = "search round";

  private final RunConfig config;
  private final List<LatencyObjective> objectives;
  private final double resolution;
  private final ChosenDatabase database;
  private final PrintStream out;
  private final Interruption interruption;
  private final List<PhaseResult> phases = new ArrayList<>();
  private final List<Instant> starts = new ArrayList<>();
  private final Map<Integer, Map<String, Double>> p99ByStep = new LinkedHashMap<>();
  private RunResult first;
  /** The table's keys, read by the first step for every later one (the search's steps run on one table). */
  private final stress.keys.KeySpaces keys = new stress.keys.KeySpaces();

  CapacityJob(RunConfig config, List<LatencyObjective> objectives, double resolution, ChosenDatabase database,
              PrintStream out, Interruption interruption) {
    this.config = config;
    this.objectives = objectives;
    this.resolution = resolution;
    this.database = database;
    this.out = out;
    this.interruption = interruption;
  }

  ExitCode run() throws Exception {
    if (PhaseGrid.count(config) > 1) {
      throw new UsageException("--slo searches one combination: give one value each to --mode, --pool, --threads and"
          + " --set (capacities compared across lists are not built yet)");
    }
    RunOutputs.prepare(config);
    Instant started = Instant.now();
    double start = config.rate() > 0 ? config.rate() : probe();
    out.println("capacity search under " + CapacityText.objectives(objectives) + ": from " + CapacityText.rate(start)
        + " ops/s, doubling until an objective breaks, then halving the gap to " + Math.round(resolution * 100)
        + "%; each step " + config.warmup().toSeconds() + " s warm-up + " + (config.ops() > 0 ? config.ops()
        + " operations" : config.duration().toSeconds() + " s") + ", open loop, latency from each intended start; "
        + config.rounds() + " round" + (config.rounds() > 1 ? "s" : "")
        + ", about 6-10 steps each");
    CapacitySearch.Result result = CapacitySearch.search(this::offer, objectives, start, resolution, config.rounds(),
        (step, number) -> out.println(CapacityText.step(step, number, config.rounds())));
    CapacityText.result(result).forEach(out::println);
    String rose = roseFirst(result);
    if (rose != null) {
      out.println(rose);
    }
    Map<String, Object> settings = new LinkedHashMap<>(first.settings());
    settings.put("rate", "searched (--slo)");
    settings.put("capacity", CapacityJson.of(result));
    RunResult merged = new RunResult(first.toolVersion(), started, settings, first.target(), phases, false, List.of(),
        List.of(), List.of(), List.of(), Instant.now());
    RunOutputs.write(config, merged, starts, out);
    return result.interval() == null ? ExitCode.FAILURE : ExitCode.OK;
  }

  /** A closed-loop phase of the run's combination, shorter than a step: half its ops/s starts the search. */
  private double probe() throws Exception {
    out.println("capacity search: a closed-loop probe first, for a rate to start from");
    RunJob job = new RunJob(config.forCapacityStep(0), database, out, interruption).withoutPlan()
        .readingKeysFrom(keys);
    job.run();
    RunResult result = job.result();
    if (result == null || result.phases().isEmpty()) {
      throw new IllegalStateException("the closed-loop probe measured nothing: no rate to start the search from");
    }
    first = result;
    double ops = result.phases().get(0).stats().total().opsPerSecond();
    if (!(ops > 0)) {
      throw new IllegalStateException("the closed-loop probe completed no operation: no rate to start from");
    }
    return ops / 2;
  }

  /** One step: a run at {@code rate}, its output kept out of the terminal (the step's line says it). */
  private CapacitySearch.Measured offer(double rate, int round) throws Exception {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    RunJob job = new RunJob(config.forCapacityStep(rate), database,
        new PrintStream(buffer, true, StandardCharsets.UTF_8), interruption).withoutPlan().readingKeysFrom(keys);
    job.run();
    RunResult result = job.result();
    if (result == null || result.phases().isEmpty()) {
      out.print(buffer.toString(StandardCharsets.UTF_8));
      throw new IllegalStateException("the step at " + CapacityText.rate(rate) + " ops/s measured nothing");
    }
    first = first == null ? result : first;
    PhaseResult phase = result.phases().get(0);
    // the search's round in the combination, not as a round of a comparison: the steps are not combinations to compare
    PhaseResult marked = config.rounds() > 1 ? ComparedRuns.marked(phase, SEARCH_ROUND, Integer.toString(round), null)
        : phase;
    phases.add(ComparedRuns.marked(marked, OFFERED, CapacityText.rate(rate), null));
    starts.addAll(job.measuredStarts());
    Map<String, Double> p99 = new LinkedHashMap<>();
    phase.stats().operations().forEach(o -> p99.put(o.name(), o.count() == 0 ? Double.NaN : o.latencyMs().p99()));
    p99ByStep.put(phases.size(), p99);
    OperationStats total = phase.stats().total();
    long all = total.count() + total.errorCount();
    boolean clientBound = phase.client() != null && phase.client().clientBound()
        && !phase.client().onlySharesCpusWithServer();
    double seconds = phase.stats().durationSeconds();
    return new CapacitySearch.Measured(total.opsPerSecond(), total.latencyMs().p50(), total.latencyMs().p90(),
        total.latencyMs().p95(), total.latencyMs().p99(), total.latencyMs().p999(),
        all == 0 ? 0 : (double) total.errorCount() / all, clientBound,
        seconds > 0 ? config.threads().get(0) / seconds : 0);
  }

  /** In the last round, the operation whose p99 rose most from the capacity step to the step that broke. */
  private String roseFirst(CapacitySearch.Result result) {
    CapacitySearch.Round last = result.rounds().get(result.rounds().size() - 1);
    if (!Double.isFinite(last.capacity()) || last.broke() == null) {
      return null;
    }
    int held = -1;
    int broke = -1;
    for (int i = 0; i < result.steps().size(); i++) {
      CapacitySearch.Step s = result.steps().get(i);
      if (s.round() == last.round() && s.offered() == last.capacity() && s.held()) {
        held = i + 1;
      }
      if (s == last.broke()) {
        broke = i + 1;
      }
    }
    if (held < 0 || broke < 0 || p99ByStep.get(held).size() < 2) {
      return null; // one operation: its p99 is the total's, said on the step's line
    }
    return CapacityText.roseFirst(p99ByStep.get(held), p99ByStep.get(broke));
  }
}
