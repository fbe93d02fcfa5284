package stress.mongolog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What the logs hold beside their "Slow query" entries: other lines, damaged lines (the first few named by file and
 * line), and what they say about the profiler's threshold ({@code slowms}), which decides how much of the workload
 * the entries stand for.
 */
final class LogTally {
  /** Damaged lines named one by one; the rest are counted. */
  static final int DAMAGED_NAMED = 10;

  private long otherLines;
  private long damaged;
  private final List<String> damagedNamed = new ArrayList<>();
  /** Each setting of the threshold, in the order first seen, with how often and where it was logged. */
  private final Map<String, Repeated> thresholds = new LinkedHashMap<>();
  private Double lowestSlowMs;

  void otherLine() {
    otherLines++;
  }

  void damaged(String where, String reason) {
    damaged++;
    if (damagedNamed.size() < DAMAGED_NAMED) {
      damagedNamed.add(where + ": " + reason);
    }
  }

  /** A "Profiler settings changed" message: the settings in force from then on. */
  void profiler(String where, BsonDocument to) {
    threshold(where, to.get("slowms"), to.get("sampleRate"), "profiler settings changed");
  }

  /** The start-up options' {@code operationProfiling} section. */
  void startupProfiling(String where, BsonDocument profiling) {
    threshold(where, profiling.get("slowOpThresholdMs"), profiling.get("slowOpSampleRate"), "start-up options");
  }

  private void threshold(String where, BsonValue slowMs, BsonValue sampleRate, String source) {
    if (slowMs == null || !slowMs.isNumber()) {
      return;
    }
    double ms = slowMs.asNumber().doubleValue();
    String rate = sampleRate != null && sampleRate.isNumber() && sampleRate.asNumber().doubleValue() < 1
        ? ", sampleRate " + sampleRate.asNumber().doubleValue() : "";
    thresholds.computeIfAbsent("slowms " + (long) ms + rate + " (" + source + ")", k -> new Repeated(where))
        .again(where);
    lowestSlowMs = lowestSlowMs == null ? ms : Math.min(lowestSlowMs, ms);
  }

  long otherLines() {
    return otherLines;
  }

  long damaged() {
    return damaged;
  }

  List<String> damagedNamed() {
    return List.copyOf(damagedNamed);
  }

  /**
   * Every setting of the threshold the logs show, in the order first seen: where it is logged, or, logged again, how
   * often and where first and last ({@code file: lines 3 to 2201}).
   */
  List<String> thresholds() {
    List<String> all = new ArrayList<>();
    thresholds.forEach((note, r) -> all.add(r.times == 1 ? r.first + ": " + note : note + ": " + r.times
        + " times, " + r.span()));
    return all;
  }

  /** A note logged again and again: how often, where first and where last. */
  private static final class Repeated {
    final String first;
    String last;
    long times;

    Repeated(String first) {
      this.first = first;
    }

    void again(String where) {
      times++;
      last = where;
    }

    /** {@code file: lines 3 to 2201} when both are lines of one file, else both places. */
    String span() {
      int a = first.lastIndexOf(':');
      int b = last.lastIndexOf(':');
      if (a > 0 && a == b && first.regionMatches(0, last, 0, a) && first.substring(a + 1).matches("\\d+")
          && last.substring(b + 1).matches("\\d+")) {
        return first.substring(0, a) + ": lines " + first.substring(a + 1) + " to " + last.substring(b + 1);
      }
      return "first " + first + ", last " + last;
    }
  }

  /**
   * How representative the entries are, in one sentence: every operation when the threshold was 0 or below, else
   * only the slow ones.
   */
  String representativeness() {
    if (lowestSlowMs == null) {
      return "the logs do not say the profiler's threshold (slowms; MongoDB's default is 100 ms): if it was in force,"
          + " only operations of at least that long are here, and the mix and MongoDB's latencies are those of the"
          + " slow operations, not of the whole workload";
    }
    if (lowestSlowMs <= 0) {
      return "slowms was " + (long) (double) lowestSlowMs + " for part of the logs at least: while it was, every"
          + " operation was logged (see the settings below)";
    }
    return "slowms was at least " + (long) (double) lowestSlowMs + " ms: only operations of at least that long are"
        + " here, so the mix and MongoDB's latencies are those of the slow operations, not of the whole workload";
  }
}
