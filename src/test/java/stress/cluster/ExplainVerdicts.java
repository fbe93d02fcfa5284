package stress.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The verdict lines of {@code stress explain}'s output, by "operation statement" and plan mode. */
final class ExplainVerdicts {
  private static final Pattern STATEMENT = Pattern.compile("^(\\w+) (?:\\d )?(\\w+): ", Pattern.MULTILINE);
  private static final Pattern VERDICT = Pattern.compile("^  (prepared, generic plan|prepared, custom plan|plain): (.*)$");

  private ExplainVerdicts() {}

  static Map<String, Map<String, String>> of(String text) {
    Map<String, Map<String, String>> verdicts = new LinkedHashMap<>();
    Map<String, String> current = null;
    for (String line : text.split("\n")) {
      Matcher statement = STATEMENT.matcher(line);
      Matcher verdict = VERDICT.matcher(line);
      if (statement.lookingAt() && !line.startsWith(" ")) {
        current = new LinkedHashMap<>();
        verdicts.put(statement.group(1) + " " + statement.group(2), current);
      } else if (verdict.matches() && current != null) {
        current.put(verdict.group(1), verdict.group(2));
      }
    }
    return verdicts;
  }
}
