package stress.app.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import stress.config.LatencyObjective;

/**
 * The capacity a search found, checked as a sceptical engineer would before believing it: offered again as plain
 * open-loop runs of the search's step length, each beside a run at {@value #ABOVE} times it, interleaved. A rate is
 * vouched for only when every one of its runs held, each latency figure at most {@value #MARGIN} of its objective: a
 * search on a noisy host can find a rate that held a few offers running by chance, a rate at the knee holds in some runs
 * and breaks in others (with most of 3 runs as the rule, a capacity held in 2 of its own checks then broke in 3 of 3
 * plain runs from outside), and one whose runs all held just under the objective (p99 4.1-4.5 ms of 5) broke in 3 of 3
 * from outside beside a busy neighbour. Where the rate above held in every run with the margin too, it is vouched for
 * instead. Where the capacity is not vouched for, the check walks down: levels {@value #BELOW} times lower each, down
 * to {@value #LEVELS} levels (0.41 of it), each checked by as many runs (a level ends at its first broken run), until
 * one is vouched for: near the knee one stall leaves a backlog that drains slowly, so a host's stalls break a rate just
 * under it while one well under it holds (a search on a quiet host found 13,600 ops/s and its check refuted it, while
 * plain runs at 6,000 held p99 0.5 ms of 5). Where a level is vouched for, the rate between it and the one above it
 * (their geometric mean, {@value #BELOW}'s square root above it) is checked the same way, and is the answer where it
 * holds: the walk's steps are coarse, and 1.5 times a quiet host's answer held from outside (bench run 14).
 *
 * @param rate    the capacity checked, ops/s
 * @param above   the rate offered beside it, {@value #ABOVE} times it
 * @param atRate  the runs at the capacity, in order
 * @param atAbove the runs above it, in order
 * @param below   the levels checked below it, highest first, each with its runs in order
 * @param between the rate checked between the level vouched for and the one above it, numbered as the level vouched
 *                for; null until checked
 */
public record CapacityCheck(double rate, double above, List<CapacitySearch.Step> atRate,
                            List<CapacitySearch.Step> atAbove, List<Level> below, Level between) {
  /** The rate offered beside the capacity, as a multiple of it. */
  public static final double ABOVE = 1.2;
  /** The share of each latency objective a run's figure may reach for its rate to be vouched for. */
  public static final double MARGIN = 0.8;
  /** Each level of the walk down, as a share of the level above it. */
  public static final double BELOW = 0.8;
  /** The most levels the walk down checks: its floor is {@code BELOW^LEVELS} of the capacity found. */
  public static final int LEVELS = 4;

  /**
   * A rate checked below the capacity found.
   *
   * @param level its number, 1 the highest ({@link #BELOW} of the capacity)
   * @param rate  ops/s
   * @param runs  its runs, in order
   */
  public record Level(int level, double rate, List<CapacitySearch.Step> runs) {
    public Level {
      runs = List.copyOf(runs);
    }

    /** Runs at it that held. */
    public long held() {
      return runs.stream().filter(CapacitySearch.Step::held).count();
    }

    /** Whether a run at it broke: the level can no longer be vouched for. */
    public boolean broke() {
      return held() < runs.size();
    }

    /** Whether it has {@code runs} runs, as many as the capacity had: the most a level is given. */
    boolean full(int runs) {
      return this.runs.size() >= runs;
    }
  }

  public CapacityCheck {
    atRate = List.copyOf(atRate);
    atAbove = List.copyOf(atAbove);
    below = List.copyOf(below);
  }

  CapacityCheck(double rate, double above) {
    this(rate, above, List.of(), List.of(), List.of(), null);
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
    return new CapacityCheck(rate, above, at, over, below, between);
  }

  /** Level {@code level} of the walk down (1-based) as a share of the capacity found: {@code BELOW^level}. */
  public static double shareOf(int level) {
    return Math.pow(BELOW, level);
  }

  /** The rate of level {@code level} of the walk down (1-based). */
  public double levelRate(int level) {
    return rate * shareOf(level);
  }

  /** This check with one more run at level {@code level} of the walk down: the last level, or a new one below it. */
  CapacityCheck withBelow(int level, CapacitySearch.Step step) {
    List<Level> levels = new ArrayList<>(below);
    if (level == below.size() + 1) {
      levels.add(new Level(level, levelRate(level), List.of(step)));
    } else if (level == below.size() && level > 0) {
      Level last = below.get(level - 1);
      List<CapacitySearch.Step> runs = new ArrayList<>(last.runs());
      runs.add(step);
      levels.set(level - 1, new Level(level, last.rate(), runs));
    } else {
      throw new IllegalArgumentException("level " + level + " of a walk down at level " + below.size());
    }
    return new CapacityCheck(rate, above, atRate, atAbove, levels, between);
  }

  /** The rate between the level vouched for and the one above it (the capacity found, for the first); NaN if none. */
  public double betweenRate(List<LatencyObjective> objectives) {
    return vouchedLevel(objectives).map(l -> l.rate() / Math.sqrt(BELOW)).orElse(Double.NaN);
  }

  /**
   * Whether the rate between goes on to be checked: a level was vouched for, and the rate between has neither broken
   * a run nor had as many runs as the capacity.
   */
  public boolean checksBetween(List<LatencyObjective> objectives) {
    return vouchedLevel(objectives).isPresent() && (between == null || !between.broke()
        && !between.full(atRate.size()));
  }

  /** This check with one more run at the rate between. */
  CapacityCheck withBetween(CapacitySearch.Step step, List<LatencyObjective> objectives) {
    Level vouched = vouchedLevel(objectives).orElseThrow(() -> new IllegalStateException("no level vouched for"));
    List<CapacitySearch.Step> runs = new ArrayList<>(between == null ? List.of() : between.runs());
    runs.add(step);
    return new CapacityCheck(rate, above, atRate, atAbove, below, new Level(vouched.level(),
        betweenRate(objectives), runs));
  }

  /**
   * The level whose rate is the answer where the check walked down: the rate between where vouched for, else the level
   * vouched for; empty when none.
   */
  public Optional<Level> vouchedBelow(List<LatencyObjective> objectives) {
    return between != null && vouches(between, objectives) ? Optional.of(between) : vouchedLevel(objectives);
  }

  /** Runs at the capacity that held. */
  public long held() {
    return atRate.stream().filter(CapacitySearch.Step::held).count();
  }

  /** Runs above the capacity that broke. */
  public long aboveBroke() {
    return atAbove.stream().filter(s -> !s.held()).count();
  }

  /** Whether the capacity held in every one of its runs (with or without the margin). */
  public boolean holds() {
    return !atRate.isEmpty() && held() == atRate.size();
  }

  /**
   * Whether the walk down goes on to level {@code level}: neither the capacity nor a level above it was vouched for,
   * the level above is finished (a run broke, or it had as many runs as the capacity), and the floor is not passed.
   */
  public boolean walksTo(int level, List<LatencyObjective> objectives) {
    if (level != below.size() + 1 || level > LEVELS || atRate.isEmpty() || withMargin(atRate, objectives)
        || vouchedLevel(objectives).isPresent()) {
      return false;
    }
    Level above = below.isEmpty() ? null : below.get(below.size() - 1);
    return above == null || above.broke() || above.full(atRate.size());
  }

  /**
   * Whether a level of the walk down is vouched for: as many runs as the capacity had (a walk cut short has fewer),
   * each within the margin, as {@link #withMargin} reads them.
   */
  public boolean vouches(Level level, List<LatencyObjective> objectives) {
    return level.full(atRate.size()) && withMargin(level.runs(), objectives);
  }

  /** The level of the walk down vouched for (the walk stops at it); empty when none. */
  public Optional<Level> vouchedLevel(List<LatencyObjective> objectives) {
    return below.stream().filter(l -> vouches(l, objectives)).findFirst();
  }

  /**
   * Why a level of the walk down was not vouched for, as {@link #whyNotVouched} says it, or that it had fewer runs
   * than the capacity (a walk cut short); empty where it was vouched for.
   */
  String whyNotVouched(Level level, List<LatencyObjective> objectives, String figure) {
    String why = whyNotVouched(level.runs(), objectives, figure);
    return !why.isEmpty() || vouches(level, objectives) ? why : "fewer runs than the capacity's";
  }

  /**
   * The rate vouched for, the highest that held in every one of its runs with the margin: the rate above the
   * capacity, the capacity, or a level of the walk down; NaN when none.
   */
  public double vouched(List<LatencyObjective> objectives) {
    if (withMargin(atRate, objectives)) {
      return aboveHeldWithMargin(objectives) ? above : rate;
    }
    return vouchedBelow(objectives).map(Level::rate).orElse(Double.NaN);
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
        + holdABrokenOne(chance) + " (the host's stalls, or a knee the runs sit on)");
  }

  /**
   * Why runs did not vouch for their rate, e.g. {@code not each within p99 4 ms (0.8 of the objective): p99 3.1,
   * 4.4, 2.0 ms} or {@code runs drawn from its windows hold a broken one in 34%, above 20%}; empty where they did.
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
    return CheckWindows.withinBound(chance) ? "" : "runs drawn from its windows " + holdABrokenOne(chance);
  }

  /** E.g. {@code hold a broken one in 34%, above 20%}. */
  private static String holdABrokenOne(double chance) {
    return "hold a broken one in " + Math.round(100 * chance) + "%, above "
        + Math.round(100 * CheckWindows.MAX_RUN_BREAK) + "%";
  }

  /**
   * E.g. {@code checked: 4000 ops/s held p99<=5ms in 3 of 3 plain runs (p99 2.1, 2.4, 3.0 ms); 1.2x (4800 ops/s) broke
   * in 2 of 3 (p99 7.7, 4.1, 9.3 ms)}, and a line for each level of the walk down.
   */
  List<String> lines(List<LatencyObjective> objectives, String figure) {
    String text = "checked: " + CapacityText.rate(rate) + " ops/s held " + CapacityText.objectives(objectives) + " in "
        + held() + " of " + atRate.size() + " plain runs (" + figures(atRate, figure) + ")" + inWindows(atRate) + "; "
        + CapacityText.ratio(ABOVE) + " ("
        + CapacityText.rate(above) + " ops/s) broke in " + aboveBroke() + " of " + atAbove.size() + " ("
        + figures(atAbove, figure) + ")";
    if (!withMargin(atRate, objectives)) {
      List<String> lines = new ArrayList<>();
      String refuted = holds() ? "the runs at " + CapacityText.rate(rate) + " ops/s each held, but "
          + whyNotVouched(atRate, objectives, figure) + ", so a plain run at it may break"
          : "the capacity the search found did not hold in every plain run at it (the host's noise, or a server whose"
          + " latency drifts)";
      lines.add(text + ": " + refuted + (below.isEmpty() ? "; no rate vouched for; quiet or pin the host, lengthen the"
          + " steps, add rounds" : "; checked lower, each level " + BELOW + " of the one above"));
      for (Level l : below) {
        lines.add(levelLine(l, objectives, figure));
      }
      if (between != null) {
        lines.add(betweenLine(objectives, figure));
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
   * E.g. {@code checked below: 10900 ops/s (0.80 of the capacity found) held p99<=5ms in 1 of 2 plain runs (p99 3.1,
   * 9.0 ms): not vouched for (not every run held)}; the last level unvouched says that none was.
   */
  private String levelLine(Level l, List<LatencyObjective> objectives, String figure) {
    String text = "checked below: " + CapacityText.rate(l.rate()) + " ops/s (" + share(l)
        + " of the capacity found) held " + CapacityText.objectives(objectives) + " in " + l.held() + " of "
        + l.runs().size() + " plain runs (" + figures(l.runs(), figure) + ")" + inWindows(l.runs());
    if (vouches(l, objectives)) {
      return text + ", each within " + within(objectives) + (between == null ? ": the capacity vouched for"
          : ": vouched for, so the rate between it and the one above was checked");
    }
    text += ": not vouched for (" + whyNotVouched(l, objectives, figure) + ")";
    if (l.level() < below.size()) {
      return text;
    }
    return text + "; no rate vouched for" + (l.level() == LEVELS ? " down to the walk's floor, " + share(LEVELS)
        + " of the capacity found" : ", the walk stopped before its floor")
        + "; quiet or pin the host, or loosen the objective";
  }

  /**
   * E.g. {@code checked between: 10600 ops/s (0.89 of the capacity found, between 9520 vouched for and 11900 above it)
   * held p99<=5ms in 3 of 3 plain runs (...): the capacity vouched for}, or not, and why.
   */
  private String betweenLine(List<LatencyObjective> objectives, String figure) {
    double upper = between.level() == 1 ? rate : below.get(between.level() - 2).rate();
    double vouched = below.get(between.level() - 1).rate();
    String text = "checked between: " + CapacityText.rate(between.rate()) + " ops/s (" + share(between) + " of the"
        + " capacity found, between " + CapacityText.rate(vouched) + " vouched for and "
        + CapacityText.rate(upper) + " above it) held " + CapacityText.objectives(objectives) + " in " + between.held()
        + " of " + between.runs().size() + " plain runs (" + figures(between.runs(), figure) + ")"
        + inWindows(between.runs());
    return vouches(between, objectives) ? text + ", each within " + within(objectives) + ": the capacity vouched for"
        : text + ": not vouched for (" + whyNotVouched(between, objectives, figure) + "), so the capacity vouched for"
        + " is " + CapacityText.rate(vouched) + " ops/s";
  }

  /** A level's rate as a share of the capacity found, e.g. {@code 0.89}. */
  public String share(Level level) {
    return String.format(java.util.Locale.ROOT, "%.2f", level.rate() / rate);
  }

  /** A level's rate as a share of the capacity found, e.g. {@code 0.64}. */
  public static String share(int level) {
    return String.format(java.util.Locale.ROOT, "%.2f", shareOf(level));
  }

  /**
   * What a run must hold to vouch for its rate, e.g. {@code p99 4 ms (0.8 of the objective) and by its 5-s windows
   * at most a 20% chance of a run breaking}; the windows only where the runs were read by them.
   */
  public String within(List<LatencyObjective> objectives) {
    CheckWindows w = java.util.stream.Stream.concat(below.stream(), java.util.stream.Stream.ofNullable(between))
        .map(l -> windows(l.runs())).reduce(windows(atRate).plus(windows(atAbove)), CheckWindows::plus);
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
