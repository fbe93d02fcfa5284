package stress.report.merge;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;
import stress.model.UsageException;
import stress.report.CapacityEntry;
import stress.report.JsonReport;
import stress.report.PhaseResult;
import stress.report.RunResult;

/**
 * Whether results are the processes of one run, which is all that merging them means: not one result given twice, not
 * the same instance twice, the same run id, workload, table and run settings, and measured at the same time. Each
 * refusal is one line naming both inputs and what differs; summing anything else would print a rate no run had.
 */
public final class SameRunCheck {
  /**
   * The settings every process of one run shares. Threads, hosts, seeds, keys, rates and when each stops (duration,
   * operation count) may differ per instance (the merged result adds them up); the workload file is compared by its
   * name, since each machine has its own path to it.
   */
  static final List<String> SHARED = List.of("run id", "operations", "workload file", "table", "id type",
      "application", "tables", "statement modes", "pools", "warmup", "transaction", "batch", "find limit", "rounds",
      "session settings");
  private static final String INSTANCE = "instance";

  private SameRunCheck() {}

  /**
   * @param timesKnown whether the caller knows the instances' measured windows on a shared clock (a run's instances
   *                   kept in the target database): these are one run by construction, and their client clocks need
   *                   not agree, so their start and end are not compared
   */
  /** A capacity search's steps ran one after another, at different rates: nothing to add up. */
  static void refuseCapacitySearches(List<String> names, List<RunResult> results) {
    for (int i = 0; i < results.size(); i++) {
      if (settingsOf(results.get(i)).get(CapacityEntry.KEY) != null) {
        throw new UsageException("cannot merge " + names.get(i) + ": it is a capacity search (run --slo), whose steps"
            + " ran one after another at different rates; merge adds the results of processes that ran together ('stress"
            + " report " + names.get(i) + "' reads it)");
      }
    }
  }

  static void check(List<String> names, List<RunResult> results, boolean timesKnown) {
    refuseTheSameResult("merge", names, results, "merge adds the results of different processes that ran together");
    for (int a = 0; a < results.size(); a++) {
      for (int b = a + 1; b < results.size(); b++) {
        String prefix = "cannot merge " + names.get(b) + " with " + names.get(a) + ": ";
        RunResult x = results.get(a);
        RunResult y = results.get(b);
        Map<?, ?> xs = settingsOf(x);
        Map<?, ?> ys = settingsOf(y);
        Object instance = xs.get(INSTANCE);
        if (instance != null && instance.equals(ys.get(INSTANCE))) {
          throw new UsageException(prefix + "both are instance " + instance + "; merge adds the results of different"
              + " instances of one run");
        }
        for (String key : SHARED) {
          Object left = comparable(key, xs.get(key));
          Object right = comparable(key, ys.get(key));
          if (!Objects.equals(left, right)) {
            throw new UsageException(prefix + "their " + key + " differs (" + shown(right) + " there, " + shown(left)
                + " in " + names.get(a) + "); merge adds the processes of one run, 'stress report " + names.get(a)
                + " " + names.get(b) + "' compares two runs");
          }
        }
        if (!timesKnown) {
          refuseSeparateTimes(prefix, names.get(a), x, names.get(b), y);
        }
      }
    }
  }

  /**
   * Refuses, in one line, results of which two are one result: the same file or directory given twice, or a copy of
   * it. Two processes never write the same result (their start instants, histograms and timings differ), so two
   * inputs whose JSON is the same are one result given twice: merged, it would double every count; compared, it
   * would be a run compared with itself.
   *
   * @param verb what would be done with them, e.g. {@code merge}: {@code cannot merge B with A: ...}
   * @param rule what the command does instead, said after the refusal
   */
  public static void refuseTheSameResult(String verb, List<String> names, List<RunResult> results, String rule) {
    List<String> texts = results.stream().map(JsonReport::toJson).toList();
    for (int a = 0; a < results.size(); a++) {
      for (int b = a + 1; b < results.size(); b++) {
        if (texts.get(a).equals(texts.get(b))) {
          throw new UsageException("cannot " + verb + " " + names.get(b) + " with " + names.get(a) + ": they are the"
              + " same result (started " + results.get(a).startTime() + "); " + rule);
        }
      }
    }
  }

  private static void refuseSeparateTimes(String prefix, String firstName, RunResult x, String otherName,
                                          RunResult y) {
    Instant xEnd = end(x);
    Instant yEnd = end(y);
    if (y.startTime().isAfter(xEnd) || x.startTime().isAfter(yEnd)) {
      throw new UsageException(prefix + "they did not run at the same time (" + firstName + " from " + x.startTime()
          + " to " + xEnd + ", " + otherName + " from " + y.startTime() + " to " + yEnd + "); merge adds processes that"
          + " ran together (--instance i/N), 'stress report " + firstName + " " + otherName + "' compares two runs");
    }
  }

  /**
   * When the run ended; for results written before that was kept, its start plus every phase's warm-up and measured
   * time (a lower bound: it leaves out the set-up between phases).
   */
  static Instant end(RunResult result) {
    if (result.endTime() != null) {
      return result.endTime();
    }
    double seconds = 0;
    for (PhaseResult phase : result.phases()) {
      PhaseStats stats = phase.stats();
      seconds += stats.durationSeconds() + stats.intervals().stream().filter(IntervalStats::warmup)
          .mapToDouble(IntervalStats::elapsedSeconds).max().orElse(0);
    }
    return result.startTime().plus(Duration.ofNanos((long) (seconds * 1e9)));
  }

  /** A merged result's settings are those of its first input (its own say only what it merged). */
  private static Map<?, ?> settingsOf(RunResult result) {
    if (result.settings().containsKey(ResultMerger.MERGED_FROM)
        && result.settings().get(ResultMerger.SETTINGS_OF_THE_FIRST) instanceof Map<?, ?> first) {
      Map<Object, Object> copy = new java.util.LinkedHashMap<>(first);
      copy.remove(INSTANCE);
      return copy;
    }
    return result.settings();
  }

  private static Object comparable(String key, Object value) {
    if (key.equals("workload file") && value instanceof String path) {
      Path name = Path.of(path).getFileName();
      return name == null ? path : name.toString();
    }
    return value;
  }

  private static String shown(Object value) {
    if (value == null) {
      return "not set";
    }
    return value instanceof Map<?, ?> || value instanceof List<?> ? value.toString() : "'" + value + "'";
  }
}
