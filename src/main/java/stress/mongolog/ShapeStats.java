package stress.mongolog;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.bson.BsonValue;

/**
 * What the log recorded for one shape: how often and when, MongoDB's durations and plans, the applications, and the
 * values each parameter took.
 */
final class ShapeStats {
  /** Distinct values kept per parameter; beyond them a value is counted as "other". */
  static final int MAX_DISTINCT = 10_000;

  final Logged first;
  long entries;
  long folded;
  double totalMillis;
  Instant firstTime;
  Instant lastTime;
  final Histogram millis = new Histogram(3_600_000L, 3);
  final Map<String, Long> plans = new HashMap<>();
  final Map<String, Long> apps = new HashMap<>();
  long examinedDocs;
  long examinedKeys;
  long returned;
  long withCounts;
  /** Per parameter name: each value and how often it was logged. */
  final Map<String, Map<BsonValue, Long>> values = new LinkedHashMap<>();
  final Map<String, Long> overflow = new HashMap<>();
  /** Per list parameter: each length and how often. */
  final Map<String, Map<Integer, Long>> lengths = new HashMap<>();
  final List<String> sources = new ArrayList<>();
  /** Statements per second of the log (epoch second to count): the busiest second is the logged peak rate. */
  final Map<Long, Long> perSecond = new HashMap<>();

  ShapeStats(Logged first) {
    this.first = first;
  }

  /** One statement of this shape; a folded getMore adds its time only. */
  void add(LogEntry e, Logged statement, boolean isFolded) {
    totalMillis += e.durationMillis();
    if (isFolded) {
      folded++;
      return;
    }
    entries++;
    if (sources.size() < 3) {
      sources.add(e.where());
    }
    if (e.time() != null) {
      firstTime = firstTime == null || e.time().isBefore(firstTime) ? e.time() : firstTime;
      lastTime = lastTime == null || e.time().isAfter(lastTime) ? e.time() : lastTime;
      perSecond.merge(e.time().getEpochSecond(), 1L, Long::sum);
    }
    millis.recordValue(Math.min(millis.getHighestTrackableValue(), Math.max(0, Math.round(e.durationMillis()))));
    plans.merge(e.planSummary() == null ? "(none logged)" : e.planSummary(), 1L, Long::sum);
    apps.merge(e.appName().isEmpty() ? "(none)" : e.appName(), 1L, Long::sum);
    if (e.docsExamined() >= 0 && e.returned() >= 0) {
      examinedDocs += e.docsExamined();
      examinedKeys += Math.max(0, e.keysExamined());
      returned += e.returned();
      withCounts++;
    }
    for (Slot s : statement.slots()) {
      if (s.list()) {
        lengths.computeIfAbsent(s.name(), k -> new HashMap<>()).merge(s.value().asArray().size(), 1L, Long::sum);
        for (BsonValue element : s.value().asArray()) {
          count(s.name(), element);
        }
      } else {
        count(s.name(), s.value());
      }
    }
  }

  /** Adds another shape's figures (not its values): the figures of a collection, from those of its shapes. */
  void addFigures(ShapeStats other) {
    entries += other.entries;
    folded += other.folded;
    totalMillis += other.totalMillis;
    if (other.firstTime != null) {
      firstTime = firstTime == null || other.firstTime.isBefore(firstTime) ? other.firstTime : firstTime;
      lastTime = lastTime == null || other.lastTime.isAfter(lastTime) ? other.lastTime : lastTime;
    }
    other.perSecond.forEach((second, n) -> perSecond.merge(second, n, Long::sum));
    millis.add(other.millis);
    other.plans.forEach((k, v) -> plans.merge(k, v, Long::sum));
    other.apps.forEach((k, v) -> apps.merge(k, v, Long::sum));
    examinedDocs += other.examinedDocs;
    examinedKeys += other.examinedKeys;
    returned += other.returned;
    withCounts += other.withCounts;
  }

  private void count(String name, BsonValue value) {
    Map<BsonValue, Long> seen = values.computeIfAbsent(name, k -> new HashMap<>());
    if (seen.containsKey(value) || seen.size() < MAX_DISTINCT) {
      seen.merge(value, 1L, Long::sum);
    } else {
      overflow.merge(name, 1L, Long::sum);
    }
  }

  /** The busiest second (the earliest of equals) with its statements, or null when none had a time. */
  Map.Entry<Long, Long> peak() {
    return perSecond.entrySet().stream().max(Map.Entry.<Long, Long>comparingByValue()
        .thenComparing(Map.Entry.<Long, Long>comparingByKey().reversed())).orElse(null);
  }

  /** The most frequent key of a count map. */
  static <K> K mostCommon(Map<K, Long> counts) {
    return counts.entrySet().stream().max(Map.Entry.<K, Long>comparingByValue()).map(Map.Entry::getKey).orElse(null);
  }
}
