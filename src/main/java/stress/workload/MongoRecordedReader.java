package stress.workload;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import stress.model.MongoRecorded;

/**
 * Reads an operation's {@code mongodb:} key: what MongoDB recorded for it (written by {@code workload --from-log}, or
 * by hand from another source of MongoDB's figures). {@code entries} and {@code durationMillis} are required, the rest
 * optional; a wrong key or value is refused with its line, as everything else in a workload file.
 */
final class MongoRecordedReader {
  static final String KEY = "mongodb";
  private static final Set<String> KEYS = Set.of("entries", "getMores", "first", "last", "perSecond",
      "durationMillis", "plans", "examinedPerReturned", "keysExaminedPerReturned", "applications", "peakPerSecond",
      "peakAt");
  private static final Set<String> PERCENTILES = Set.of("p50", "p95", "p99", "max");

  private MongoRecordedReader() {}

  static MongoRecorded read(YamlNode node) {
    if (!node.isMap()) {
      throw new WorkloadFileException(node.line(), "'" + KEY + "' must be a map: what MongoDB recorded"
          + " (entries, durationMillis: {p50, p95, p99, max}, plans, ...)");
    }
    WorkloadFile.checkKeys(node, KEYS, "'" + KEY + "'");
    Map<String, YamlNode> map = node.map();
    YamlNode millis = required(node, "durationMillis");
    if (!millis.isMap()) {
      throw new WorkloadFileException(millis.line(), "durationMillis must be a map {p50, p95, p99, max}");
    }
    WorkloadFile.checkKeys(millis, PERCENTILES, "durationMillis");
    long p50 = count(required(millis, "p50"), "durationMillis.p50");
    long p95 = count(required(millis, "p95"), "durationMillis.p95");
    long p99 = count(required(millis, "p99"), "durationMillis.p99");
    long max = count(required(millis, "max"), "durationMillis.max");
    if (p50 > p95 || p95 > p99 || p99 > max) {
      throw new WorkloadFileException(millis.line(), "durationMillis must not decrease from p50 to max, got "
          + millis.toFlow());
    }
    long entries = count(required(node, "entries"), "entries");
    if (entries < 1) {
      throw new WorkloadFileException(map.get("entries").line(), "entries must be at least 1");
    }
    return new MongoRecorded(entries,
        map.containsKey("getMores") ? count(map.get("getMores"), "getMores") : 0,
        time(map.get("first"), "first"), time(map.get("last"), "last"),
        decimal(map.get("perSecond"), "perSecond"), p50, p95, p99, max,
        counts(map.get("plans"), "plans"),
        decimal(map.get("examinedPerReturned"), "examinedPerReturned"),
        decimal(map.get("keysExaminedPerReturned"), "keysExaminedPerReturned"),
        counts(map.get("applications"), "applications"),
        map.containsKey("peakPerSecond") ? peak(map.get("peakPerSecond"), entries, "peakPerSecond", "entries")
            : null,
        time(map.get("peakAt"), "peakAt"));
  }

  /**
   * The entries of the busiest second, {@code what}: from 1 to the entries counted under {@code entriesKey}.
   */
  static long peak(YamlNode node, long entries, String what, String entriesKey) {
    long peak = count(node, what);
    if (peak < 1 || peak > entries) {
      throw new WorkloadFileException(node.line(), what + " must be from 1 to " + entriesKey + " (" + entries
          + "): the entries of the busiest second, got " + peak);
    }
    return peak;
  }

  private static YamlNode required(YamlNode map, String key) {
    YamlNode value = map.map().get(key);
    if (value == null) {
      throw new WorkloadFileException(map.line(), "'" + key + "' is missing");
    }
    return value;
  }

  static long count(YamlNode node, String what) {
    if (!node.isWholeNumber() || node.text().startsWith("-")) {
      throw new WorkloadFileException(node.line(), what + " must be a whole number of at least 0, got '"
          + node.toFlow() + "'");
    }
    try {
      return Long.parseLong(node.text());
    } catch (NumberFormatException e) {
      throw new WorkloadFileException(node.line(), what + " is too large: " + node.text());
    }
  }

  static Double decimal(YamlNode node, String what) {
    if (node == null) {
      return null;
    }
    if (!node.isNumber() || node.text().startsWith("-")) {
      throw new WorkloadFileException(node.line(), what + " must be a number of at least 0, got '" + node.toFlow()
          + "'");
    }
    return Double.parseDouble(node.text());
  }

  static String time(YamlNode node, String what) {
    if (node == null) {
      return null;
    }
    try {
      return Instant.parse(node.text()).toString();
    } catch (DateTimeParseException | NullPointerException e) {
      throw new WorkloadFileException(node.line(), what + " must be a time such as 2024-11-25T02:00:00.750Z, got '"
          + node.toFlow() + "'");
    }
  }

  private static Map<String, Long> counts(YamlNode node, String what) {
    Map<String, Long> counts = new LinkedHashMap<>();
    if (node == null) {
      return counts;
    }
    if (!node.isMap()) {
      throw new WorkloadFileException(node.line(), what + " must be a map of each value to how often it was logged");
    }
    node.map().forEach((k, v) -> counts.put(k, count(v, what + " '" + k + "'")));
    return counts;
  }
}
