package stress.server.settings;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code options} startup parameter ({@code PGOPTIONS}, pgjdbc's {@code options} property). The
 * server splits it at whitespace; a backslash makes the next character literal, so spaces and
 * backslashes inside a value are written {@code \ } and {@code \\}.
 */
public final class StartupOptions {
  private StartupOptions() {}

  /** {@code -c name=value} for each setting, escaped and joined by single spaces. */
  public static String of(List<SessionSetting> settings) {
    return settings.stream()
        .map(s -> "-c " + escape(s.name() + "=" + s.value()))
        .collect(Collectors.joining(" "));
  }

  /** One word of the options string, with whitespace and backslashes escaped. */
  public static String escape(String word) {
    StringBuilder sb = new StringBuilder(word.length() + 8);
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c == '\\' || Character.isWhitespace(c)) {
        sb.append('\\');
      }
      sb.append(c);
    }
    return sb.toString();
  }
}
