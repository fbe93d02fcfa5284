package stress.app.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import stress.config.LatencyObjective;

/**
 * The capacity a search found, checked as a sceptical engineer would before believing it: offered again as plain
 * open-loop runs of the search's step length, each beside a run at {@value #ABOVE} times it, interleaved. A rate is
 * vouched for only when every one of its runs held, each latency figure at most {@value #MARGIN} of its objective: a
 * search on a noisy host can find a rate that held a few offers running by chance, a rate at the knee holds in some runs
 * and breaks in others (with most of 3 runs as the rule, a capacity held in 2 of its own checks then broke in 3 of 3
 * plain runs from outside), and one whose runs all held just under the objective (p99 4.1-4.5 ms of 5) broke in 3 of 3
 * from outside beside a busy neighbour. Where the capacity held in every run but without that margin, the rate
 * {@value #BELOW} times lower is checked as many times, and vouched for when it holds with the margin; where the rate
 * above held in every run with the margin too, it is vouched for instead.
 *
 * @param rate    the capacity checked, ops/s
 * @param above   the rate offered beside it, {@value #ABOVE} times it
 * @param atRate  the runs at the capacity, in order
 * @param atAbove the runs above it, in order
 * @param below   the rate checked below it when it held without the margin, NaN when not
 * @param atBelow the runs at that rate, in order
 */
public record CapacityCheck(double rate, double above, List<CapacitySearch.Step> atRate,
                            List<CapacitySearch.Step> atAbove, double below, List<CapacitySearch.Step> atBelow) {
  /** The rate offered beside the capacity, as a multiple of it. */
  public static final double ABOVE = 1.2;
  /** The share of each latency objective a run's figure may reach for its rate to be vouched for. */
  public static final double MARGIN = 0.8;
  /** The rate checked below a capacity that held without the margin, as a share of it. */
  public static final double BELOW = 0.9;

  public CapacityCheck {
    atRate = List.copyOf(atRate);
    atAbove = List.copyOf(atAbove);
    atBelow = List.copyOf(atBelow);
  }

  CapacityCheck(double rate, double above) {
    this(rate, above, List.of(), List.of(), Double.NaN, List.of());
  }

  /** How many runs check a search of {@code rounds} rounds: as many as its rounds, at least 3. */
  public static int runs(int rounds) {
    return Math.max(3, rounds);
  }

  /** This check with one more run at its rate or above it. */
  CapacityCheck with(CapacitySearch.Step step) {
    List<CapacitySearch.Step> at = new ArrayList<>(atRate);
    List<CapacitySearch.Step> over = new ArrayList<>(atAbove);
    (step.offered() == rate ? at : over).add(step);
    return new CapacityCheck(rate, above, at, over, below, atBelow);
  }

  /** This check with one more run at the rate below. */
  CapacityCheck withBelow(CapacitySearch.Step step) {
    List<CapacitySearch.Step> at = new ArrayList<>(atBelow);
    at.add(step);
    return new CapacityCheck(rate, above, atRate, atAbove, step.offered(), at);
  }

  /** Runs at the capacity that held. */
  public long held() {
    return atRate.stream().filter(CapacitySearch.Step::held).count();
  }

  /** Runs above the capacity that broke. */
  public long aboveBroke() {
    return atAbove.stream().filter(s -> !s.held()).count();
  }

  /** Runs at the rate below that held. */
  public long heldBelow() {
    return atBelow.stream().filter(CapacitySearch.Step::held).count();
  }

  /** Whether the capacity held in every one of its runs (with or without the margin). */
  public boolean holds() {
    return !atRate.isEmpty() && held() == atRate.size();
  }

  /** Whether the capacity held in every run but some figure came within the margin: the rate below is checked. */
  public boolean needsBelow(List<LatencyObjective> objectives) {
    return holds() && !withMargin(atRate, objectives);
  }

  /**
   * The rate vouched for, the highest that held in every one of its runs with the margin: the rate above the
   * capacity, the capacity, or the rate below it; NaN when none.
   */
  public double vouched(List<LatencyObjective> objectives) {
    if (withMargin(atRate, objectives)) {
      return aboveHeldWithMargin(objectives) ? above : rate;
    }
    return withMargin(atBelow, objectives) ? below : Double.NaN;
  }

  /**
   * Whether the rate above held in as many runs as the capacity, each within the margin: the same evidence the
   * capacity has, so it is vouched for instead (the lowest round's answer, which the search gives, can sit well under
   * the knee: a capacity of 18,900 ops/s whose 1.5 times held in 2 of 3 plain runs).
   */
  public boolean aboveHeldWithMargin(List<LatencyObjective> objectives) {
    return atAbove.size() >= atRate.size() && withMargin(atAbove, objectives);
  }

  /**
   * Every run held, each latency figure at most {@link #MARGIN} of its objective (a share of errors: its limit), and
   * the runs' windows together give a run as long at most a {@link CheckWindows#MAX_RUN_BREAK} chance of breaking.
   */
  public static boolean withMargin(List<CapacitySearch.Step> runs, List<LatencyObjective> objectives) {
    return !runs.isEmpty() && runs.stream().allMatch(CapacitySearch.Step::held) && eachWithinMargin(runs, objectives)
        && windows(runs).runsHold(windowsPerRun(runs));
  }

  /** Each run's latency figures at most {@link #MARGIN} of their objectives. */
  private static boolean eachWithinMargin(List<CapacitySearch.Step> runs, List<LatencyObjective> objectives) {
    return runs.stream().allMatch(s -> objectives.stream()
        .allMatch(o -> o.errors() || StepVerdict.figure(o, s.measured()) <= MARGIN * o.limit()));
  }

  /** The windows read per run, on average: a run's length in windows. */
  static double windowsPerRun(List<CapacitySearch.Step> runs) {
    return runs.isEmpty() ? 0 : (double) windows(runs).judged() / runs.size();
  }

  /** The windows of these runs together ({@link CheckWindows#NONE} where none was read). */
  public static CheckWindows windows(List<CapacitySearch.Step> runs) {
    return runs.stream().map(s -> s.measured().windows()).reduce(CheckWindows.NONE, CheckWindows::plus);
  }

  /**
   * E.g. {@code , and in 34 of 36 5-s windows}, with the chance of a run breaking that they give where it is above
   * {@link CheckWindows#MAX_RUN_BREAK}; empty where no window was read.
   */
  static String inWindows(List<CapacitySearch.Step> runs) {
    CheckWindows w = windows(runs);
    if (w.judged() == 0) {
      return "";
    }
    double perRun = windowsPerRun(runs);
    double chance = w.runBreakChance(perRun);
    return ", and in " + w.text() + (CheckWindows.withinBound(chance) ? "" : ": runs of "
        + stress.report.Decimals.seconds(Math.max(1, Math.round(perRun)) * w.seconds()) + " s drawn from these windows "
        + brokeIn(chance) + " (the host's stalls, or a knee the runs sit on)");
  }

  /**
   * Why runs did not vouch for their rate, e.g. {@code not each within p99 4 ms (0.8 of the objective): p99 3.1,
   * 4.4, 2.0 ms} or {@code runs drawn from its windows broke in 34%, above 20%}; empty where they did.
   */
  static String whyNotVouched(List<CapacitySearch.Step> runs, List<LatencyObjective> objectives, String figure) {
    if (runs.isEmpty()) {
      return "";
    }
    if (!runs.stream().allMatch(CapacitySearch.Step::held)) {
      return "not every run held";
    }
    if (!eachWithinMargin(runs, objectives)) {
      return "not each within " + margin(objectives) + ": " + figures(runs, figure);
    }
    double chance = windows(runs).runBreakChance(windowsPerRun(runs));
    return CheckWindows.withinBound(chance) ? "" : "runs drawn from its windows " + brokeIn(chance);
  }

  /** E.g. {@code broke in 34%, above 20%}. */
  private static String brokeIn(double chance) {
    return "broke in " + Math.round(100 * chance) + "%, above " + Math.round(100 * CheckWindows.MAX_RUN_BREAK) + "%";
  }

  /**
   * E.g. {@code checked: 4000 ops/s held p99<=5ms in 3 of 3 plain runs (p99 2.1, 2.4, 3.0 ms); 1.2x (4800 ops/s) broke
   * in 2 of 3 (p99 7.7, 4.1, 9.3 ms)}, and a line for the rate below when it was checked.
   */
  List<String> lines(List<LatencyObjective> objectives, String figure) {
    String described = CapacityText.objectives(objectives);
    String text = "checked: " + CapacityText.rate(rate) + " ops/s held " + described + " in " + held() + " of "
        + atRate.size() + " plain runs (" + figures(atRate, figure) + ")" + inWindows(atRate) + "; "
        + CapacityText.ratio(ABOVE) + " ("
        + CapacityText.rate(above) + " ops/s) broke in " + aboveBroke() + " of " + atAbove.size() + " ("
        + figures(atAbove, figure) + ")";
    if (!holds()) {
      return List.of(text + ": no rate vouched for, the capacity the search found did not hold in every plain run at"
          + " it (the host's noise, or a server whose latency drifts); quiet or pin the host, lengthen the steps, add"
          + " rounds");
    }
    if (needsBelow(objectives)) {
      List<String> lines = new ArrayList<>(List.of(text + ": the runs at " + CapacityText.rate(rate)
          + " ops/s each held, but " + whyNotVouched(atRate, objectives, figure) + ", so a plain run at it may"
          + " break; " + CapacityText.rate(rate * BELOW) + " ops/s checked below it"));
      if (!atBelow.isEmpty()) {
        lines.add("checked below: " + CapacityText.rate(below) + " ops/s held " + described + " in " + heldBelow()
            + " of " + atBelow.size() + " plain runs (" + figures(atBelow, figure) + ")" + inWindows(atBelow)
            + (withMargin(atBelow, objectives) ? ", each within " + within(objectives) : ": "
            + whyNotVouched(atBelow, objectives, figure) + ", no rate vouched for; quiet or pin the host, or loosen"
            + " the objective"));
      }
      return lines;
    }
    if (aboveHeldWithMargin(objectives)) {
      return List.of(text + ": the rate above held too, each run within " + within(objectives) + ", so it is the"
          + " capacity vouched for; no rate above it was checked, so the capacity may be higher still");
    }
    return List.of(2 * aboveBroke() > atAbove.size() ? text : text + ": the rate above held in " + (atAbove.size()
        - aboveBroke()) + " of " + atAbove.size() + " too, but is not vouched for ("
        + (atAbove.size() < atRate.size() ? "fewer runs than the capacity's" : whyNotVouched(atAbove, objectives,
        figure)) + "), so the capacity may be higher than found (a conservative answer)");
  }

  /**
   * What a run must hold to vouch for its rate, e.g. {@code p99 4 ms (0.8 of the objective) and by its 5-s windows
   * at most a 20% chance of a run breaking}; the windows only where the runs were read by them.
   */
  public String within(List<LatencyObjective> objectives) {
    CheckWindows w = windows(atRate).plus(windows(atAbove)).plus(windows(atBelow));
    return margin(objectives) + (w.judged() == 0 ? "" : " and by its " + stress.report.Decimals.seconds(w.seconds())
        + "-s windows at most a " + Math.round(CheckWindows.MAX_RUN_BREAK * 100) + "% chance of a run breaking");
  }

  /** E.g. {@code p99 4 ms (0.8 of the objective)}. */
  public static String margin(List<LatencyObjective> objectives) {
    if (objectives.stream().allMatch(LatencyObjective::errors)) {
      return "the objective";
    }
    return objectives.stream().filter(o -> !o.errors())
        .map(o -> o.figure() + " " + CapacityText.ms(MARGIN * o.limit()) + " ms").collect(Collectors.joining(", "))
        + " (" + MARGIN + " of the objective)";
  }

  private static String figures(List<CapacitySearch.Step> steps, String figure) {
    return figure + " " + steps.stream().map(s -> CapacityText.ms(StepVerdict.figure(figure, s.measured())))
        .collect(Collectors.joining(", ")) + " ms";
  }
}
