package stress.app.capacity;

import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.app.output.ComparedRuns;
import stress.app.output.RunOutputs;
import stress.app.process.ExitCode;
import stress.app.process.Interruption;
import stress.config.RunConfig;
import stress.model.UsageException;
import stress.report.PhaseResult;
import stress.report.RunResult;
import stress.runner.RoundSchedule;

/**
 * {@code run --slo}: the highest offered rate at which every objective holds ({@link CapacitySearch}), of one
 * combination or of each of several ({@link CapacityContender}): the lists' combinations, the tables of
 * {@code --compare-tables}, the targets of {@code --against}. A closed-loop probe of each gives its start (half its
 * ops/s) unless {@code --rate} gives one; each step is a run of its own at one offered rate, with its own warm-up,
 * printed as one line. Several combinations are searched a round at a time, interleaved (the order changed between
 * rounds), and their capacities compared round by round ({@link CapacityComparison}). The result files hold every
 * step's phase (its combination names the rate offered) and a {@code capacity} entry in the settings.
 */
public final class CapacityJob {
  /** The combination key of the rate a step offered. */
  static final String OFFERED = stress.report.CapacitySteps.OFFERED;
  /** The combination key of the round of the search a step ran in, with {@code --rounds N}. */
  static final String SEARCH_ROUND = stress.report.CapacitySteps.SEARCH_ROUND;
  /** The combination key of the run of the check a step belongs to. */
  static final String CHECK_RUN = stress.report.CapacitySteps.CHECK_RUN;

  private final RunConfig config;
  private stress.config.CapacityRequest request;
  private final List<CapacityContender> contenders;
  private final PrintStream out;
  private final Interruption interruption;
  private final Map<String, Object> moreSettings = new LinkedHashMap<>();
  private java.util.Set<String> answersDiffer = java.util.Set.of();

  /**
   * @param contenders one per combination searched; the first is the baseline of a comparison
   */
  public CapacityJob(RunConfig config, stress.config.CapacityRequest request, List<CapacityContender> contenders,
              PrintStream out,
              Interruption interruption) {
    if (contenders.isEmpty()) {
      throw new IllegalArgumentException("nothing to search");
    }
    if (config.fleet() != null) {
      throw new UsageException("--slo with --run-id: a search by instances on several hosts (each step's rate agreed"
          + " between them) is not built; run --slo --instances N on one host, or --rate at fixed rates on the fleet");
    }
    this.config = config;
    this.request = request;
    this.contenders = List.copyOf(contenders);
    this.out = out;
    this.interruption = interruption;
  }

  /** Settings the merged result carries besides the first step's, e.g. the targets compared. */
  public CapacityJob withSettings(Map<String, Object> settings) {
    moreSettings.putAll(settings);
    return this;
  }

  /** Operations whose answers differ between the targets: their comparison is marked, never a verdict. */
  public CapacityJob answersDiffer(java.util.Set<String> operations) {
    answersDiffer = java.util.Set.copyOf(operations);
    return this;
  }

  public ExitCode run() throws Exception {
    RunOutputs.prepare(config);
    Instant started = Instant.now();
    int rounds = config.rounds();
    boolean compared = contenders.size() > 1;
    out.println("capacity search under " + CapacityText.objectives(request.objectives()) + (compared ? " of "
        + contenders.size() + " combinations (" + names() + "), a round of each in turn, interleaved" : "")
        + ": from " + (config.rate() > 0 ? CapacityText.rate(config.rate()) + " ops/s"
        + (Double.isFinite(request.loggedRate()) ? " (the logged rate)" : "") : "half a closed-loop probe's ops/s")
        + ", doubling until an objective breaks, then halving the gap to " + Math.round(request.resolution() * 100)
 + "%, then confirming the rate found by "
        + CapacitySearch.CONFIRMING_OFFERS + " offers running; each step "
        + stress.report.Decimals.seconds(config.warmup().toMillis() / 1000.0) + " s warm-up + "
        + stress.report.Decimals.seconds(config.duration().toMillis() / 1000.0) + " s, open loop, latency from each"
        + " intended start; "
        + rounds + " round" + (rounds > 1 ? "s" : "") + (request.checked() ? ", then " + CapacityCheck.runs(rounds)
        + " plain runs at the capacity found and " + CapacityText.ratio(CapacityCheck.ABOVE) + " it to check it, each "
        + stress.report.Decimals.seconds(request.checkDuration().toMillis() / 1000.0) + " s read also by "
        + stress.report.Decimals.seconds(request.window().toMillis() / 1000.0) + "-s windows" : ""));
    out.println(cost(rounds));
    ExitCode worst = ExitCode.OK;
    boolean interrupted = false;
    String timeLimit = null; // what the search's time limit ended, in words; null when it did not end it
    try {
      for (CapacityContender c : contenders) {
        worst = started(c, worst);
      }
      List<List<Integer>> orders = RoundSchedule.orders(contenders.size(), rounds, config.seed());
      Instant deadline = request.searchTimeLimit() == null ? null : Instant.now().plus(request.searchTimeLimit());
      search:
      for (int r = 1; r <= rounds; r++) {
        for (int k = 0; k < contenders.size(); k++) {
          CapacityContender c = contenders.get(orders.get(r - 1).get(k));
          if (c.failure() != null || c.search() == null) {
            continue;
          }
          if (compared) {
            out.println("\n" + c.name() + (rounds > 1 ? ", round " + r + " of " + rounds : "") + ":");
          }
          int round = r;
          try {
            c.search().round((rate, n) -> {
              startsInTime(deadline);
              return c.offer(rate, n, out);
            }, round);
          } catch (OutOfTime e) {
            timeLimit = "the search stopped at its time limit of " + stress.report.Decimals.seconds(
                request.searchTimeLimit().toMillis() / 1000.0) + " s, its next step expected to end after it: only"
                + " rounds that ended give an answer";
            out.println(timeLimit);
            break search;
          } catch (CapacityContender.Stopped e) {
            throw e;
          } catch (SQLException | java.io.IOException | RuntimeException e) {
            // a server that stops (a MongoDB driver's exceptions are unchecked) ends its own search, not the others'
            if (e instanceof UsageException) {
              throw e;
            }
            if (interruption.signalled()) {
              throw new CapacityContender.Stopped(); // the step's set-up was stopped, not failed
            }
            c.failed(ComparedRuns.oneLine(e));
            out.println((compared ? c.name() + ": " : "") + "the search stopped, a step failed: " + c.failure());
            worst = ExitCode.FAILURE;
          }
        }
      }
      if (request.checked()) {
        worst = checked(worst);
      }
    } catch (Exception e) {
      if (!(e instanceof CapacityContender.Stopped) && !interruption.signalled()) {
        throw e;
      }
      // a signal: during a step, or during a step's set-up (which ends in whatever its wait threw)
      interrupted = true;
      out.println("interrupted: the search stopped in the middle of a round; the answers below are of the rounds that"
          + " ended, the steps of the round interrupted kept in the result files");
    }
    return finish(started, worst, interrupted, timeLimit);
  }

  /** Thrown before a step that is expected to end after the search's time limit: the search ends there. */
  private static final class OutOfTime extends RuntimeException {
    OutOfTime() {
      super("out of time", null, false, false);
    }
  }

  /** Refuses a step expected to end after {@code deadline} (null: none): its warm-up, length and a second to set up. */
  private void startsInTime(Instant deadline) {
    if (deadline != null && Instant.now().plus(config.warmup()).plus(config.duration()).plusSeconds(1)
        .isAfter(deadline)) {
      throw new OutOfTime();
    }
  }

  /**
   * The cost said before the first step, as a range: a first round takes 9-24 steps (growing, bisecting to the
   * resolution, two offers confirming; up to 24 with breaks offered again and rates stepped down to be confirmed, as
   * searches on a 2-core host took 45-80 steps for 3 rounds), a later one 6-24 (it starts near the answer, but stalls
   * make it confirm as often as the first), the check
   * two runs a round and each level of its walk down one ({@link CapacityCheck#LEVELS} levels at most, and the rate
   * between the level vouched for and the one above it);
   * a step takes its warm-up, its length and about a second to set up.
   */
  private String cost(int rounds) {
    int checks = request.checked() ? 2 * CapacityCheck.runs(rounds) : 0;
    // the walk down, when the capacity found is not vouched for
    int below = request.checked() ? (CapacityCheck.LEVELS + 1) * CapacityCheck.runs(rounds) : 0;
    int fewest = contenders.size() * (9 + 6 * (rounds - 1) + checks);
    int most = contenders.size() * (24 * rounds + checks + below);
    long seconds = config.warmup().toSeconds() + config.duration().toSeconds() + 1;
    // a run of the check measures --slo-check-duration after the step's warm-up
    long checkSeconds = config.warmup().toSeconds() + request.checkDuration().toSeconds() + 1;
    int fewestChecks = contenders.size() * checks;
    int mostChecks = contenders.size() * (checks + below);
    return "expected: " + fewest + "-" + most + " steps" + (checks > 0 ? " (the check's " + fewestChecks + "-"
        + mostChecks + " included, " + checkSeconds + " s each)" : "") + ", about "
        + minutes((fewest - fewestChecks) * seconds + fewestChecks * checkSeconds) + "-"
        + minutes((most - mostChecks) * seconds + mostChecks * checkSeconds) + " min at " + seconds + " s a step"
        + "; more where a break is offered again, and a step lengthened to judge its objectives says so";
  }

  private static String minutes(long seconds) {
    return seconds < 600 ? Double.toString(Math.round(seconds / 6.0) / 10.0)
        : Long.toString(Math.round(seconds / 60.0));
  }

  /**
   * The check after the search ({@link CapacityCheck}): every combination's capacity offered again as plain runs,
   * each beside a run above it, the combinations interleaved run by run; a capacity not vouched for is walked down
   * level by level, those combinations interleaved too. A failed run ends that combination's check.
   */
  private ExitCode checked(ExitCode worst) {
    List<CapacityContender> found = contenders.stream().filter(c -> c.failure() == null && c.search() != null
        && c.search().result().interval() != null).toList();
    if (found.isEmpty()) {
      return worst;
    }
    int runs = CapacityCheck.runs(config.rounds());
    out.println();
    out.println("checking the capacity found: " + runs + " plain runs at it and " + runs + " at "
        + CapacityText.ratio(CapacityCheck.ABOVE) + " it, interleaved");
    worst = checkRuns(found, runs, worst, 0);
    for (int level = 1; level <= CapacityCheck.LEVELS; level++) {
      int k = level;
      List<CapacityContender> walking = found.stream().filter(c -> c.failure() == null && c.search().walksTo(k))
          .toList();
      if (walking.isEmpty()) {
        break;
      }
      out.println();
      out.println((walking.size() == 1 && contenders.size() > 1 ? walking.get(0).name() + ": " : "")
          + "checking below, as " + (k == 1 ? "the capacity found" : "the level above") + " was not vouched for: up to "
          + runs + " plain runs at " + CapacityCheck.share(k) + " of the capacity found"
          + (walking.size() == 1 ? " (" + CapacityText.rate(walking.get(0).search().result().check().levelRate(k))
          + " ops/s)" : "") + ", the level ending at its first broken run");
      worst = checkRuns(walking, runs, worst, k);
    }
    List<CapacityContender> between = found.stream().filter(c -> c.failure() == null
        && c.search().checksBetween()).toList();
    if (!between.isEmpty()) {
      out.println();
      CapacityCheck check = between.get(0).search().result().check();
      out.println((between.size() == 1 && contenders.size() > 1 ? between.get(0).name() + ": " : "")
          + "checking between the level vouched for and the one above it: up to " + runs + " plain runs"
          + (between.size() == 1 ? " at " + CapacityText.rate(check.betweenRate(between.get(0).search().result()
          .objectives())) + " ops/s" : "") + ", ending at the first broken run");
      worst = checkRuns(between, runs, worst, CapacityCheck.LEVELS + 1);
    }
    return worst;
  }

  /**
   * The check's runs, the combinations interleaved run by run: at the capacity and above it (level 0), at level
   * {@code level} of the walk down, or between ({@code LEVELS + 1}), where a combination whose run broke at it runs no
   * more of it.
   */
  private ExitCode checkRuns(List<CapacityContender> found, int runs, ExitCode worst, int level) {
    boolean between = level > CapacityCheck.LEVELS;
    for (int run = 1; run <= runs; run++) {
      for (CapacityContender c : found) {
        if (c.failure() != null || between && !c.search().checksBetween()
            || !between && level > 0 && c.search().levelBroke(level)) {
          continue;
        }
        // numbered on from the levels it walked: the rate between follows the last of them
        int number = runs * (between ? c.search().result().check().below().size() + 1 : level) + run;
        try {
          CapacitySearch.Steps steps = (rate, round) -> c.check(rate, number, out);
          if (between) {
            c.search().betweenRun(steps, number);
          } else if (level > 0) {
            c.search().belowRun(steps, level, number);
          } else {
            c.search().checkRun(steps, run);
          }
        } catch (CapacityContender.Stopped e) {
          throw e;
        } catch (Exception e) {
          if (e instanceof UsageException u) {
            throw u;
          }
          if (interruption.signalled()) {
            throw new CapacityContender.Stopped();
          }
          c.failed(ComparedRuns.oneLine(e));
          out.println((contenders.size() > 1 ? c.name() + ": " : "") + "the check stopped, a run failed: "
              + c.failure());
          worst = ExitCode.FAILURE;
        }
      }
    }
    return worst;
  }

  /** The probe (or the given rate) that starts a combination's search. */
  private ExitCode started(CapacityContender c, ExitCode worst) throws Exception {
    String prefix = contenders.size() > 1 ? c.name() + ": " : "";
    double start = config.rate();
    if (!(start > 0)) {
      out.println((contenders.size() > 1 ? "\n" : "") + "capacity search" + (prefix.isEmpty() ? "" : " of " + c.name())
          + ": a closed-loop probe first, for a rate to start from");
      try {
        start = c.probe(out);
      } catch (CapacityContender.Stopped e) {
        throw e;
      } catch (SQLException | java.io.IOException | RuntimeException e) {
        if (e instanceof UsageException || contenders.size() == 1) {
          throw e;
        }
        c.failed(ComparedRuns.oneLine(e));
        out.println(prefix + "not searched, its probe failed: " + c.failure());
        return ExitCode.FAILURE;
      }
    }
    c.startAt(start, (step, n) -> out.println(prefix + CapacityText.step(step, n, config.rounds())), request,
        config.rounds());
    return worst;
  }

  private ExitCode finish(Instant started, ExitCode worst, boolean interrupted, String timeLimit)
      throws java.io.IOException {
    RunResult first = contenders.stream().map(CapacityContender::first).filter(java.util.Objects::nonNull).findFirst()
        .orElse(null);
    if (first == null) {
      out.println("nothing was measured");
      return interrupted ? ExitCode.INTERRUPTED : ExitCode.FAILURE;
    }
    out.println();
    if (Double.isFinite(request.loggedRate())
        && first.settings().get(stress.app.setup.ApplicationSetup.LOGGED_RATE_RUN) instanceof Number running) {
      // collections were skipped: the multiple is of the rate the log shows for those that ran, and their peak is
      // not known (the application's busiest second is not theirs)
      request = request.withLoggedRate(running.doubleValue()).withLoggedPeak(Double.NaN);
    }
    boolean allFound = true;
    for (CapacityContender c : contenders) {
      if (c.search() == null) {
        continue;
      }
      String prefix = contenders.size() > 1 ? c.name() + ": " : "";
      CapacitySearch.Result result = c.search().result();
      if (result.rounds().isEmpty()) {
        out.println(prefix + "capacity under " + CapacityText.objectives(request.objectives()) + ": no round ended, no"
            + " capacity");
      } else {
        CapacityText.result(result).forEach(line -> out.println(prefix + line));
      }
      stress.report.MedianInterval answer = request.checked() ? result.vouched() : result.interval();
      if (Double.isFinite(request.loggedRate()) && answer != null) {
        out.println(prefix + CapacityText.ofLoggedRate(result.answerRate(), answer, request.loggedRate()));
      }
      if (Double.isFinite(request.loggedPeak()) && answer != null) {
        out.println(prefix + CapacityText.ofLoggedPeak(result.answerRate(), request.loggedPeak()));
      }
      String rose = c.roseFirst();
      if (rose != null) {
        out.println(prefix + rose);
      }
      allFound &= answer != null && c.failure() == null;
    }
    CapacityComparison comparison = contenders.size() > 1
        ? CapacityComparison.of(contenders, config.rounds(), answersDiffer) : null;
    if (comparison != null) {
      out.println();
      comparison.lines().forEach(out::println);
    }
    List<PhaseResult> phases = new ArrayList<>();
    List<Instant> starts = new ArrayList<>();
    contenders.forEach(c -> {
      phases.addAll(c.phases());
      starts.addAll(c.starts());
    });
    Map<String, Object> settings = new LinkedHashMap<>(first.settings());
    settings.putAll(moreSettings);
    settings.put("rate", "searched (--slo)");
    Map<String, Object> capacity = new LinkedHashMap<>(CapacityJson.of(contenders, comparison, request));
    if (timeLimit != null) {
      capacity.put(stress.report.CapacityEntry.TIME_LIMIT, timeLimit);
    }
    settings.put("capacity", capacity);
    RunResult merged = new RunResult(first.toolVersion(), started, settings, first.target(), phases, interrupted,
        List.of(), List.of(), List.of(), List.of(), Instant.now());
    RunOutputs.write(config, merged, starts, out);
    if (interrupted) {
      return ExitCode.INTERRUPTED;
    }
    return worst != ExitCode.OK ? worst : allFound ? ExitCode.OK : ExitCode.NO_CAPACITY;
  }

  private String names() {
    return String.join("; ", contenders.stream().map(CapacityContender::name).toList());
  }
}
