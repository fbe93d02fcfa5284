package stress.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import stress.model.UsageException;

/** Parses durations as users write them: 60s, 500ms, 2m, 1h, 1m30s, or a plain number of seconds. */
public final class Durations {
  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

  private Durations() {}

  /**
   * @param option the option name for the error message, e.g. --duration
   * @param text   the value
   */
  public static Duration parse(String option, String text) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    if (t.matches("\\d+(\\.\\d+)?")) {
      return ofSeconds(Double.parseDouble(t));
    }
    Matcher m = PART.matcher(t);
    double seconds = 0;
    int end = 0;
    while (m.find() && m.start() == end) {
      double v = Double.parseDouble(m.group(1));
      seconds += switch (m.group(2)) {
        case "ms" -> v / 1000;
        case "s" -> v;
        case "m" -> v * 60;
        default -> v * 3600;
      };
      end = m.end();
    }
    if (t.isEmpty() || end != t.length()) {
      throw new UsageException(option + " must be a duration like 60s, 500ms, 2m, 1h or 1m30s, got '"
          + text + "'");
    }
    return ofSeconds(seconds);
  }

  private static Duration ofSeconds(double seconds) {
    return Duration.ofNanos(Math.round(seconds * 1e9));
  }

  /** Short form for reports: 60s, 1.5s, 500ms, 2m, 1h. */
  public static String format(Duration d) {
    long ms = d.toMillis();
    if (ms % 3_600_000 == 0 && ms > 0) {
      return ms / 3_600_000 + "h";
    }
    if (ms % 60_000 == 0 && ms > 0) {
      return ms / 60_000 + "m";
    }
    if (ms % 1000 == 0) {
      return ms / 1000 + "s";
    }
    return ms < 1000 ? ms + "ms" : (ms / 1000.0) + "s";
  }
}
