package stress.model;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * This process's place among several processes inserting into the same table ({@code --instance i/n}):
 * instance {@code i} of {@code n} only ever inserts keys {@code k} with {@code k mod n == i mod n}, so the
 * instances never collide whenever each one starts, wherever it runs.
 *
 * @param number 1-based number of this instance
 * @param count  how many instances there are
 */
public record Instance(int number, int count) {
  /** The default: one process alone. */
  public static final Instance SOLE = new Instance(1, 1);

  private static final Pattern FORM = Pattern.compile("\\s*(\\d{1,9})\\s*/\\s*(\\d{1,9})\\s*");
  private static final String RULE = "--instance must be i/n with 1 <= i <= n (this process is instance i of n"
      + " processes inserting into the same table)";

  public Instance {
    if (count < 1 || number < 1 || number > count) {
      throw new UsageException(RULE + ", got '" + number + "/" + count + "'");
    }
  }

  /** Parses {@code i/n}; anything else is an error that states the rule. */
  public static Instance parse(String text) {
    Matcher m = text == null ? null : FORM.matcher(text);
    if (m == null || !m.matches()) {
      throw new UsageException(RULE + ", got '" + text + "'");
    }
    return new Instance(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
  }

  /** The remainder modulo {@link #count()} shared by every key this instance inserts. */
  public int residue() {
    return number % count;
  }

  @Override
  public String toString() {
    return number + "/" + count;
  }
}
