package stress.app.capacity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import stress.config.LatencyObjective;
import stress.report.MedianInterval;

/**
 * The search for the highest offered rate a server holds under latency objectives ({@code run --slo}): each step
 * offers one rate in an open loop; a step holds when every objective holds and the achieved rate keeps up with the
 * offered one (within 1%). From a start rate the search doubles until a step breaks (or halves until one holds), then
 * bisects between the highest held and the lowest broken rate until they are within the resolution. A step the client
 * could not offer (its CPU the bottleneck) ends the search: above it the figure would be the client's, never the
 * server's. A step that broke on latency while keeping up is offered once more (at most {@value #REOFFERS} a round):
 * a stall of the host would otherwise end the growth early and bias the answer low. The rate found (the knee) held
 * once; a plain run at it holds about half the time, so it is confirmed: a round's capacity is the highest rate that
 * held {@value #CONFIRMING_OFFERS} offers running, within the resolution ({@link KneeConfirmation}), or none when
 * no rate down to {@value #CANDIDATES} steps below the knee held that steadily. With several rounds each round is a
 * search of its own, and the capacity is the median of theirs with an order-statistics interval.
 */
public final class CapacitySearch {
  /** The share of the offered rate a step must achieve to hold. */
  public static final double KEEPS_UP = 0.99;

  /**
   * Whether {@code achieved} ops/s kept up with {@code offered}: at least {@link #KEEPS_UP} of it, beyond the
   * {@code edgeSlack} ops/s a window's edges may cut off ({@link StepMeasured#edgeSlack}).
   */
  static boolean keptUp(double achieved, double edgeSlack, double offered) {
    return achieved + edgeSlack >= KEEPS_UP * offered;
  }

  /**
   * Whether {@code achieved} ops/s is over 101% of {@code offered} (as far over as {@link #KEEPS_UP} is under), beyond
   * the window's edges: a backlog the step's warm-up left drained in its measured window.
   */
  static boolean drained(double achieved, double edgeSlack, double offered) {
    return achieved - edgeSlack > (2 - KEEPS_UP) * offered;
  }

  /** At most this many steps per round: a resolution of 1% from a start 1000 times off still fits. */
  static final int MAX_STEPS = 24;
  /** At most this many broken steps a round are offered once more ({@link #mayBeTransient}). */
  static final int REOFFERS = 2;
  /** A broken step that measured its warm-up's backlog ({@link Step#unsettled}) is offered up to this often more. */
  static final int UNSETTLED_REOFFERS = 2;
  /**
   * A broken latency at half the rate still this share of the one before or more has not come from queueing: halving
   * the load of a queue cuts its waits by far more.
   */
  static final double FLAT = 0.8;
  /** A capacity is a rate held this many offers running: once by the search, then confirmed. */
  public static final int CONFIRMING_OFFERS = stress.report.CapacitySteps.CONFIRMING_OFFERS;
  /**
   * Rates tried to confirm: the knee, then down by steps that double (5%, 10%, 21.6% and 47.7% more with a resolution
   * of 5%: to 48% of the knee), before a round says none held steadily. Stopping at 71% ended rounds of an idle host
   * with none while another round of the same search confirmed a rate below that.
   */
  static final int CANDIDATES = 5;

  /**
   * One step.
   *
   * @param round    1-based
   * @param offered  the rate offered, ops/s
   * @param measured what it measured
   * @param broken   each objective it broke, e.g. {@code p99 7.2 ms > 5 ms}; empty when it held
   * @param brokeFirst what the first offer of this rate broke, when this step offers it again; else empty
   * @param confirming which offer of the rate this step is, of the {@value #CONFIRMING_OFFERS} that confirm a
   *                   capacity; 0 for a step of the search itself
   * @param check      which run of the check after the search this step is ({@link CapacityCheck}), 1-based; 0 for a
   *                   step of the search
   * @param cause      why it broke, decided on the steps run until it ({@link CauseRules}); null when it held
   */
  public record Step(int round, double offered, StepMeasured measured, List<String> broken, List<String> brokeFirst,
                     int confirming, int check, BreakCause cause) {
    public Step {
      broken = List.copyOf(broken);
      brokeFirst = List.copyOf(brokeFirst);
    }

    public Step(int round, double offered, StepMeasured measured, List<String> broken, List<String> brokeFirst,
                int confirming, int check) {
      this(round, offered, measured, broken, brokeFirst, confirming, check, null);
    }

    public Step(int round, double offered, StepMeasured measured, List<String> broken, List<String> brokeFirst,
                int confirming) {
      this(round, offered, measured, broken, brokeFirst, confirming, 0);
    }

    public Step(int round, double offered, StepMeasured measured, List<String> broken, List<String> brokeFirst) {
      this(round, offered, measured, broken, brokeFirst, 0, 0);
    }

    /** Whether this step offered again a rate whose first offer broke. */
    public boolean again() {
      return !brokeFirst.isEmpty();
    }

    public boolean held() {
      return broken.isEmpty();
    }

    /** Whether too few operations ran to judge a percentile objective: the search cannot go lower. */
    public boolean unjudged() {
      return broken.stream().anyMatch(b -> b.contains(" not judged: "));
    }

    /**
     * Whether the step achieved more than the rate offered (over 101%, beyond its window's edges): a backlog its
     * warm-up left drained in its measured window, so its latencies are of its start, not of the rate.
     */
    public boolean unsettled() {
      return measured.drained(offered);
    }

    /**
     * Whether the client, not the server, could not offer the rate: the client's rule holds ({@link CauseRules}) and
     * the rate was not achieved. A step that achieved its rate was offered, whatever the client's figures.
     */
    public boolean clientLimited() {
      return cause != null && cause.has(CauseRules.Cause.CLIENT) && !held() && !measured.keptUp(offered);
    }

    /** Whether its cause is an objective no execution met: no rate can hold it. */
    public boolean objectiveBelowFastest() {
      return cause != null && cause.has(CauseRules.Cause.OBJECTIVE_BELOW_FASTEST);
    }
  }

  /** Runs one step: offers {@code rate} ops/s in round {@code round} and returns what it measured. */
  public interface Steps {
    StepMeasured offer(double rate, int round) throws Exception;
  }

  /**
   * All rounds.
   *
   * @param objectives what a step had to hold
   * @param resolution e.g. 0.05
   * @param steps      every step, in the order run
   * @param rounds     each round's answer
   * @param interval   the median of the capacities the rounds found ({@link CapacityRound#found}, lower bounds never)
   *                   with its interval; null unless more than half the rounds found one
   * @param check      the plain runs that checked the capacity after the search; null when not (yet) checked
   * @param causes     why each round's answer broke ({@link CapacityRound#broke}), by round number, decided once over
   *                   every step of the search ({@link BreakCause#of}); a round where no step broke has none
   */
  public record Result(List<LatencyObjective> objectives, double resolution, List<Step> steps,
                       List<CapacityRound> rounds, MedianInterval interval, CapacityCheck check,
                       Map<Integer, BreakCause> causes) {
    public Result {
      causes = Map.copyOf(causes);
    }

    /** The result of these steps and rounds, each round's cause decided over all the steps. */
    public Result(List<LatencyObjective> objectives, double resolution, List<Step> steps, List<CapacityRound> rounds,
                  MedianInterval interval, CapacityCheck check) {
      this(objectives, resolution, steps, rounds, interval, check, causes(steps, rounds, objectives));
    }

    public Result(List<LatencyObjective> objectives, double resolution, List<Step> steps, List<CapacityRound> rounds,
                  MedianInterval interval) {
      this(objectives, resolution, steps, rounds, interval, null);
    }

    /**
     * Each round's cause, read once the round is over: over every step of the search, as later steps are read too
     * (the fastest execution of any step, say).
     */
    private static Map<Integer, BreakCause> causes(List<Step> steps, List<CapacityRound> rounds,
                                                   List<LatencyObjective> objectives) {
      Map<Integer, BreakCause> causes = new HashMap<>();
      for (CapacityRound round : rounds) {
        if (round.broke() != null) {
          causes.put(round.round(), BreakCause.of(steps, round.broke(), objectives));
        }
      }
      return causes;
    }

    /** Why {@code round}'s answer broke ({@link CauseRules}); null where no step of it broke. */
    public BreakCause cause(CapacityRound round) {
      return causes.get(round.round());
    }

    /** The rounds that found a capacity. */
    public long found() {
      return rounds.stream().filter(CapacityRound::found).count();
    }

    /**
     * The capacity the rounds found together: the lowest answer of the rounds that found one, a rate every one of them
     * held. Their median can be a rate that held in some rounds only, at a knee the host's noise moves from round to
     * round, and a plain run at it then breaks as often as it holds. NaN where most rounds found none.
     */
    public double capacity() {
      return interval == null ? Double.NaN : rounds.stream().filter(CapacityRound::found)
          .mapToDouble(CapacityRound::capacity).min().orElse(Double.NaN);
    }

    /**
     * The rate the check vouched for ({@link CapacityCheck#vouched}): the rate above the capacity found, the capacity
     * found, or a level of the walk down below it (or the rate between it and the one above); NaN when none, or not
     * checked.
     */
    public double vouchedRate() {
      return interval != null && check != null ? check.vouched(objectives) : Double.NaN;
    }

    /**
     * Whether the check vouched for a rate only below the capacity the rounds found (a level of its walk down): the
     * rounds' answers were refuted, so they are not the capacity.
     */
    public boolean vouchedOnlyBelow() {
      return vouchedRate() < capacity();
    }

    /** The rate the answer gives: the one vouched for when checked, else the one found (NaN when none). */
    public double answerRate() {
      return check == null ? capacity() : vouchedRate();
    }

    /** The rounds' median and interval when the check vouched for a rate; else null. */
    public MedianInterval vouched() {
      return Double.isFinite(vouchedRate()) ? interval : null;
    }
  }

  /**
   * Searches {@code rounds} times; a later round starts at the previous one's capacity and grows by a quarter, not
   * by doubling, as it starts near the answer.
   */
  public static Result search(Steps steps, List<LatencyObjective> objectives, double start, double resolution,
                              int rounds, StepListener listener) throws Exception {
    CapacitySearch search = new CapacitySearch(objectives, start, resolution, listener);
    for (int r = 1; r <= rounds; r++) {
      search.round(steps, r);
    }
    return search.result();
  }

  /** Told each step as it ends (to print it). */
  public interface StepListener {
    void stepped(Step step, int number);
  }

  private final List<LatencyObjective> objectives;
  private final double resolution;
  private final StepListener listener;
  private final List<Step> all = new ArrayList<>();
  private final List<CapacityRound> answers = new ArrayList<>();
  private double from;
  /** Without an error objective, the share of failed executions a step may have ({@code --max-error-rate}). */
  private double errorBound = Double.NaN;
  /** Steps taken and broken steps offered again in the round running. */
  private int taken;
  private int reoffered;
  private CapacityCheck check;

  /**
   * One search, run a round at a time ({@link #round}): a comparison of capacities runs a round of each combination's
   * search in turn, interleaved, so that each round's answers are paired in time.
   */
  public CapacitySearch(List<LatencyObjective> objectives, double start, double resolution, StepListener listener) {
    this.objectives = List.copyOf(objectives);
    this.from = start;
    this.resolution = resolution;
    this.listener = listener;
  }

  /** This search with failed executions bounded by {@code share} when no objective names errors. */
  public CapacitySearch boundingErrorsBy(double share) {
    errorBound = share;
    return this;
  }

  /** The answer of the rounds run so far. */
  public Result result() {
    double[] found = answers.stream().filter(CapacityRound::found).mapToDouble(CapacityRound::capacity).toArray();
    // rounds that disagree are said, not averaged: a capacity most rounds did not find is none
    return new Result(objectives, resolution, all, answers, 2 * found.length > answers.size() ? MedianInterval.of(found)
        : null, check);
  }

  /**
   * Run {@code run} of the check ({@link CapacityCheck}): the capacity found offered again as a plain step, and the
   * rate {@link CapacityCheck#ABOVE} times it, the order turned on even runs so neither always runs first.
   */
  public void checkRun(Steps steps, int run) throws Exception {
    double rate = result().capacity();
    if (!Double.isFinite(rate)) {
      throw new IllegalStateException("no capacity to check");
    }
    double above = rate * CapacityCheck.ABOVE;
    check = check == null ? new CapacityCheck(rate, above) : check;
    for (double offered : run % 2 == 1 ? new double[] {rate, above} : new double[] {above, rate}) {
      check = check.with(step(steps, offered, 0, List.of(), 0, run));
    }
  }

  /** Whether the check walks down to level {@code level} (1-based): nothing above it was vouched for. */
  public boolean walksTo(int level) {
    return check != null && check.walksTo(level, objectives);
  }

  /**
   * Whether level {@code level} of the walk down has a broken run, so its further runs are skipped: it can no longer
   * be vouched for.
   */
  public boolean levelBroke(int level) {
    return check != null && check.below().size() >= level && check.below().get(level - 1).broke();
  }

  /**
   * Run {@code run} of level {@code level} of the walk down ({@link CapacityCheck#levelRate}): the first run of a level
   * the check walks to ({@link #walksTo}), or a further run of the last level.
   */
  public void belowRun(Steps steps, int level, int run) throws Exception {
    if (check == null || !(walksTo(level) || level == check.below().size() && level > 0)) {
      throw new IllegalStateException("no level " + level + " below to check");
    }
    check = check.withBelow(level, step(steps, check.levelRate(level), 0, List.of(), 0, run));
  }

  /** Whether the rate between the level vouched for and the one above it goes on to be checked. */
  public boolean checksBetween() {
    return check != null && check.checksBetween(objectives);
  }

  /** Run {@code run} at the rate between ({@link CapacityCheck#betweenRate}), while {@link #checksBetween}. */
  public void betweenRun(Steps steps, int run) throws Exception {
    if (!checksBetween()) {
      throw new IllegalStateException("no rate between to check");
    }
    check = check.withBetween(step(steps, check.betweenRate(objectives), 0, List.of(), 0, run), objectives);
  }

  /** Runs round {@code round} (1-based) of this search and returns its answer. */
  public CapacityRound round(Steps steps, int round) throws Exception {
    CapacityRound answer = round(steps, from, answers.isEmpty() ? 2.0 : 1.25, round);
    answers.add(answer);
    if (Double.isFinite(answer.capacity())) {
      from = answer.capacity();
    } else if (Double.isFinite(answer.knee())) {
      from = answer.knee();
    }
    return answer;
  }

  private CapacityRound round(Steps steps, double start, double growth, int round) throws Exception {
    double held = Double.NaN;
    Step broke = null;
    double rate = start;
    taken = 0;
    reoffered = 0;
    // grow until a step breaks, or shrink until one holds
    while (taken < MAX_STEPS) {
      Step step = tried(steps, rate, round);
      if (step.held()) {
        held = rate;
        if (broke != null) {
          break;
        }
        rate *= growth;
      } else {
        Step above = broke;
        broke = step;
        if (step.objectiveBelowFastest()) {
          return new CapacityRound(round, Double.NaN, broke, false); // no rate can hold: the search's budget is saved
        }
        if (step.unsettled() && !Double.isFinite(held)) {
          // its start, not a rate, broke: no lower rate is judged either
          return new CapacityRound(round, held, broke, false);
        }
        if (step.clientLimited() || step.unjudged() || Double.isFinite(held)) {
          break; // an unjudged step: a lower rate would run fewer operations still
        }
        if (above != null && BreakCause.unloaded(above, step, objectives, all)) {
          return new CapacityRound(round, held, broke, false, true, held, 0);
        }
        rate /= 2;
        if (taken >= 8) {
          break; // eight halvings: the objective breaks at 1/128 of the start, no capacity to narrow
        }
      }
    }
    if (broke != null && broke.clientLimited()) {
      return new CapacityRound(round, held, broke, true);
    }
    while (Double.isFinite(held) && broke != null && !broke.unjudged() && broke.offered() / held - 1 > resolution
        && taken < MAX_STEPS) {
      double mid = (held + broke.offered()) / 2;
      Step step = tried(steps, mid, round);
      if (step.held()) {
        held = mid;
      } else {
        broke = step;
        if (step.clientLimited()) {
          return new CapacityRound(round, held, broke, true);
        }
      }
    }
    if (!Double.isFinite(held) || broke == null) {
      return new CapacityRound(round, held, broke, false); // none held, or a lower bound: no step broke
    }
    // the confirming offers need no count against MAX_STEPS: the round's growing and bisecting are over
    return KneeConfirmation.confirmed((offered, brokeFirst, confirming) -> step(steps, offered, round, brokeFirst,
        confirming), round, resolution, held, broke);
  }

  /** A step at {@code rate}, offered once more when its break may be the host's ({@link #mayBeTransient}). */
  private Step tried(Steps steps, double rate, int round) throws Exception {
    Step step = step(steps, rate, round, List.of());
    taken++;
    for (int again = 0; again < UNSETTLED_REOFFERS && !step.held() && step.unsettled() && taken < MAX_STEPS; again++) {
      taken++;
      step = step(steps, rate, round, step.broken());
    }
    if (!step.held() && mayBeTransient(step) && taken < MAX_STEPS) {
      reoffered++;
      taken++;
      // its answer stands: held, the first break was a passing stall; broken, the break is confirmed
      step = step(steps, rate, round, step.broken());
    }
    return step;
  }

  /**
   * Whether a broken step is offered once more: it broke a latency or error objective while keeping up with the rate
   * offered, which a stall of the host (a pause of the client, a neighbour's burst) does as well as the server's
   * queue; a step that fell behind the rate, or whose client was the bottleneck, is not. At most
   * {@link #REOFFERS} a round, so a server whose latency is unsteady at every rate does not double the search.
   */
  private boolean mayBeTransient(Step step) {
    StepMeasured m = step.measured();
    return reoffered < REOFFERS && !step.cause().has(CauseRules.Cause.CLIENT) && !step.objectiveBelowFastest()
        && !step.unjudged() && !step.unsettled() && m.keptUp(step.offered());
  }

  private Step step(Steps steps, double rate, int round, List<String> brokeFirst) throws Exception {
    return step(steps, rate, round, brokeFirst, 0);
  }

  private Step step(Steps steps, double rate, int round, List<String> brokeFirst, int confirming) throws Exception {
    return step(steps, rate, round, brokeFirst, confirming, 0);
  }

  private Step step(Steps steps, double rate, int round, List<String> brokeFirst, int confirming, int check)
      throws Exception {
    StepMeasured m = steps.offer(rate, round);
    Step step = new Step(round, rate, m, StepVerdict.broken(rate, m, objectives, errorBound), brokeFirst, confirming,
        check);
    if (!step.held()) {
      List<Step> until = new ArrayList<>(all);
      until.add(step);
      step = new Step(round, rate, m, step.broken(), brokeFirst, confirming, check, BreakCause.of(until, step,
          objectives));
    }
    all.add(step);
    listener.stepped(step, all.size());
    return step;
  }
}
