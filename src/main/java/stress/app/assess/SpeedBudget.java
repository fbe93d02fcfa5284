package stress.app.assess;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The lengths of the speed step's runs, fitted to the time the plan gave it: the application's run at its logged rate,
 * then the capacity search with the check of plain runs after it. Each length lies between its default and its
 * shortest; the search shrinks first (its steps, its warm-ups, its check's runs), then the application's run; when
 * even the shortest search does not fit beside the shortest run, the search is skipped, and said so. The plan counts a
 * typical search (its steps number 9 to 24 a round); its rounds are then held to {@link #searchLimit}.
 *
 * @param appWarmup  the application run's unmeasured start
 * @param appLength  its measured time
 * @param search     the search's lengths, or null when it does not run
 * @param skipped    why the search does not run (no objective, over --budget), or null when it runs
 * @param shrunk     what was shortened to fit, in words, or null when every length is its default
 */
record SpeedBudget(Duration appWarmup, Duration appLength, Search search, String skipped, String shrunk) {
  /**
   * The lengths of the search.
   *
   * @param stepWarmup  each step's warm-up (and each run of the check's)
   * @param stepLength  each step's measured time, before a step at a low rate is lengthened to judge its objectives
   * @param checkLength each plain run of the check ({@code --slo-check-duration})
   * @param window      the window the check also reads each objective over ({@code --slo-window})
   */
  record Search(Duration stepWarmup, Duration stepLength, Duration checkLength, Duration window) {}

  static final Duration APP_WARMUP = Duration.ofSeconds(2);
  static final Duration APP_LENGTH = Duration.ofSeconds(30);
  static final Duration APP_WARMUP_MIN = Duration.ofSeconds(1);
  static final Duration APP_LENGTH_MIN = Duration.ofSeconds(10);
  static final Search SEARCH = new Search(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(10),
      Duration.ofSeconds(2));
  static final Search SEARCH_MIN = new Search(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3),
      Duration.ofSeconds(1));
  /** Connecting, reading the tables and their keys, the plans: what a run takes besides its warm-up and length. */
  static final Duration SET_UP = Duration.ofSeconds(2);
  /** Steps of a typical search of one round: growing, bisecting to 5%, two offers confirming (9-24 are seen). */
  static final int SEARCH_STEPS = 15;
  /** Runs of the check: 3 at the capacity, 3 above it (3 more below it when it held without the margin). */
  static final int CHECK_RUNS = 6;
  /** Runs of the longest check: with the 3 below the capacity. */
  static final int MOST_CHECK_RUNS = CHECK_RUNS + 3;
  /** A step is lengthened up to this to judge its objectives (as {@code run --slo} does). */
  static final Duration LONGEST_STEP = Duration.ofSeconds(60);
  /** At plan time the logged rate is not known yet: the lengthening of the first steps expected then. */
  static final Duration LENGTHENING_GUESS = Duration.ofSeconds(20);

  /**
   * The lengths for an allowance.
   *
   * @param allowance the time the plan gave the step
   * @param objective the objective of the search ({@code p99<=20ms}), or null for none
   * @param startRate the rate the search starts at (the logged rate), NaN when a probe finds it
   * @param toJudge   the operations a step needs to judge the objective (200 for a p99)
   */
  static SpeedBudget fit(Duration allowance, String objective, double startRate, long toJudge) {
    if (objective == null) {
      Duration length = fitApp(allowance);
      return new SpeedBudget(warmupFor(length), length, null, "no --slo: no objective to search the capacity under",
          length.equals(APP_LENGTH) ? null : "the application run " + s(length) + " (not " + s(APP_LENGTH) + ")");
    }
    for (int tenths = 10; tenths >= 0; tenths--) {
      Search search = scaled(tenths);
      if (app(APP_WARMUP, APP_LENGTH).plus(search(search, startRate, toJudge)).compareTo(allowance) <= 0) {
        return new SpeedBudget(APP_WARMUP, APP_LENGTH, search, null, shrunk(APP_LENGTH, search));
      }
    }
    Duration searchMin = search(SEARCH_MIN, startRate, toJudge);
    Duration appRoom = allowance.minus(searchMin);
    if (app(APP_WARMUP_MIN, APP_LENGTH_MIN).compareTo(appRoom) <= 0) {
      Duration length = fitApp(appRoom);
      return new SpeedBudget(warmupFor(length), length, SEARCH_MIN, null, shrunk(length, SEARCH_MIN));
    }
    Duration length = fitApp(allowance);
    return new SpeedBudget(warmupFor(length), length, null, "over --budget: its " + s(allowance) + " leave "
        + s(allowance.minus(app(warmupFor(length), length))) + " after the application run, and the shortest search"
        + " with its check is expected to take " + s(searchMin) + "; give a longer --budget to run it",
        length.equals(APP_LENGTH) ? null : "the application run " + s(length) + " (not " + s(APP_LENGTH) + ")");
  }

  /**
   * The time the search's rounds may take ({@link stress.config.CapacityRequest#searchTimeLimit}): the allowance less
   * the application's run and the longest check (its runs at, above and below the capacity), so that the step ends
   * within its allowance, a step's lengthening aside, however many steps the search would have taken.
   */
  Duration searchLimit(Duration allowance) {
    Duration check = search.stepWarmup().plus(search.checkLength()).plus(SET_UP).multipliedBy(MOST_CHECK_RUNS);
    Duration left = allowance.minus(app(appWarmup, appLength)).minus(check);
    return left.isNegative() ? Duration.ZERO : left;
  }

  /** The step's expected time with every length at its default; {@code startRate} NaN: not known yet. */
  static Duration expected(String objective, double startRate, long toJudge) {
    return app(APP_WARMUP, APP_LENGTH).plus(objective == null ? Duration.ZERO : search(SEARCH, startRate, toJudge));
  }

  /** The shortest time the step says something in: the application's shortest run, no search. */
  static Duration minimum() {
    return app(APP_WARMUP_MIN, APP_LENGTH_MIN);
  }

  /** The expected time of a search of these lengths, its check and its lengthened first steps included. */
  static Duration search(Search s, double startRate, long toJudge) {
    Duration step = s.stepWarmup().plus(s.stepLength()).plus(SET_UP);
    Duration check = s.stepWarmup().plus(s.checkLength()).plus(SET_UP);
    Duration probe = Double.isFinite(startRate) && startRate > 0 ? Duration.ZERO : step;
    return step.multipliedBy(SEARCH_STEPS).plus(check.multipliedBy(CHECK_RUNS)).plus(probe)
        .plus(lengthening(s.stepLength(), startRate, toJudge));
  }

  /**
   * What the search's steps at low rates add: a step runs at least 1.1 times the operations that judge its objective,
   * up to {@link #LONGEST_STEP} (or ten times its length), and the search doubles from its start.
   */
  static Duration lengthening(Duration stepLength, double startRate, long toJudge) {
    if (!(startRate > 0) || !Double.isFinite(startRate)) {
      return toJudge > 0 ? LENGTHENING_GUESS : Duration.ZERO;
    }
    double length = stepLength.toMillis() / 1000.0;
    double longest = Math.max(LONGEST_STEP.toSeconds(), 10 * length);
    double extra = 0;
    for (double rate = startRate; rate * length < 1.1 * toJudge; rate *= 2) {
      extra += Math.min(longest, Math.ceil(1.1 * toJudge / rate)) - length;
    }
    return Duration.ofMillis(Math.round(extra * 1000));
  }

  private static Duration app(Duration warmup, Duration length) {
    return warmup.plus(length).plus(SET_UP);
  }

  /** The longest application run up to its default that fits {@code room}, never under its shortest. */
  private static Duration fitApp(Duration room) {
    long seconds = room.minus(SET_UP).getSeconds() - APP_WARMUP.getSeconds();
    return Duration.ofSeconds(Math.max(APP_LENGTH_MIN.getSeconds(), Math.min(APP_LENGTH.getSeconds(), seconds)));
  }

  private static Duration warmupFor(Duration length) {
    return length.equals(APP_LENGTH_MIN) ? APP_WARMUP_MIN : APP_WARMUP;
  }

  /** Each length of the search {@code tenths}/10 of the way from its shortest to its default, in whole seconds. */
  static Search scaled(int tenths) {
    return new Search(between(SEARCH_MIN.stepWarmup(), SEARCH.stepWarmup(), tenths),
        between(SEARCH_MIN.stepLength(), SEARCH.stepLength(), tenths),
        between(SEARCH_MIN.checkLength(), SEARCH.checkLength(), tenths),
        between(SEARCH_MIN.window(), SEARCH.window(), tenths));
  }

  private static Duration between(Duration min, Duration max, int tenths) {
    return Duration.ofSeconds(min.getSeconds() + Math.round((max.getSeconds() - min.getSeconds()) * tenths / 10.0));
  }

  /** What differs from the defaults, in words; null when nothing does. */
  private static String shrunk(Duration appLength, Search s) {
    List<String> parts = new ArrayList<>();
    if (!s.equals(SEARCH)) {
      parts.add("the search's steps " + s(s.stepWarmup()) + " warm-up + " + s(s.stepLength()) + " (not "
          + s(SEARCH.stepWarmup()) + " + " + s(SEARCH.stepLength()) + "), its check's runs " + s(s.checkLength())
          + " read by " + s(s.window()) + " windows (not " + s(SEARCH.checkLength()) + " by " + s(SEARCH.window())
          + ")");
    }
    if (!appLength.equals(APP_LENGTH)) {
      parts.add("the application run " + s(appLength) + " (not " + s(APP_LENGTH) + ")");
    }
    return parts.isEmpty() ? null : "shrunk to fit --budget: " + String.join("; ", parts);
  }

  private static String s(Duration d) {
    return AssessPlan.text(d);
  }
}
