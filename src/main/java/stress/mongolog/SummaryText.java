package stress.mongolog;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The derivation's printed summary kept readable: a long value in a reason (a base64 string, a {@code $in} list of
 * thousands) is shortened to about {@value #VALUE} characters with its full size ({@code {"$binary": "JwAp…" (4,102
 * bytes)}}), and no printed line is over {@value #LINE} characters. The derived files' headers keep the full text.
 */
public final class SummaryText {
  /** The longest printed line. */
  public static final int LINE = 200;
  /** About the longest value printed whole. */
  static final int VALUE = 60;
  /** What is kept of a string too long to print. */
  private static final int STRING_KEPT = 20;
  private static final String CONTINUED = "      ";

  private SummaryText() {}

  /** The text with each string literal and each document or array longer than about {@value #VALUE} shortened. */
  public static String shortValues(String text) {
    StringBuilder out = new StringBuilder(Math.min(text.length(), 4 * LINE));
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '"') {
        int end = ShellValues.stringEnd(text, i);
        out.append(shortString(text.substring(i, end)));
        i = end;
      } else if (c == '{' || c == '[') {
        int end = valueEnd(text, i);
        out.append(shortContainer(text.substring(i, end)));
        i = end;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  /** The line as printed lines of at most {@value #LINE} characters: broken at a space, the rest indented. */
  public static List<String> fit(String line) {
    List<String> lines = new ArrayList<>();
    String rest = line;
    String indent = "";
    while (indent.length() + rest.length() > LINE) {
      int room = LINE - indent.length();
      int cut = rest.lastIndexOf(' ', room);
      if (cut <= room / 2) {
        cut = room; // no space in the second half: cut inside a word
      }
      lines.add(indent + rest.substring(0, cut).stripTrailing());
      rest = rest.substring(cut).stripLeading();
      indent = CONTINUED;
    }
    lines.add(indent + rest);
    return lines;
  }

  private static String shortString(String literal) {
    if (literal.length() <= VALUE) {
      return literal;
    }
    return literal.substring(0, 1 + STRING_KEPT) + "…\" (" + size(literal.substring(1, literal.length() - 1)) + ")";
  }

  private static String shortContainer(String value) {
    if (value.length() <= VALUE) {
      return value;
    }
    String inner = value.charAt(0) + shortValues(value.substring(1, value.length() - 1))
        + value.charAt(value.length() - 1);
    if (inner.length() <= 2 * VALUE) {
      return inner;
    }
    return inner.substring(0, VALUE) + "… (" + size(value) + ")";
  }

  private static String size(String text) {
    return String.format(Locale.ROOT, "%,d bytes", text.getBytes(StandardCharsets.UTF_8).length);
  }

  /** The index after the document or array opening at {@code start}, strings skipped; the text's end if unclosed. */
  private static int valueEnd(String text, int start) {
    int depth = 0;
    int i = start;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '"') {
        i = ShellValues.stringEnd(text, i);
        continue;
      }
      if (c == '{' || c == '[') {
        depth++;
      } else if ((c == '}' || c == ']') && --depth == 0) {
        return i + 1;
      }
      i++;
    }
    return text.length();
  }
}
