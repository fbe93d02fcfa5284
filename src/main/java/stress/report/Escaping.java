package stress.report;

/** Escaping of text that comes from data (labels, settings, server messages) for the HTML reports. */
public final class Escaping {
  private Escaping() {}

  /** Text safe as HTML element content and as a quoted attribute value. */
  public static String html(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * JSON text safe inside a {@code <script>} element: {@code <}, {@code >} and {@code &} become
   * {@code \}{@code u003c} ... so a string holding {@code </script>} or {@code <!--} cannot end or
   * change the script; U+2028/U+2029 are escaped as well. JSON has these characters only inside strings,
   * where the escapes mean the same characters.
   */
  public static String scriptJson(String json) {
    StringBuilder out = new StringBuilder(json.length() + 64);
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      switch (c) {
        case '<' -> out.append("\\u003c");
        case '>' -> out.append("\\u003e");
        case '&' -> out.append("\\u0026");
        case '\u2028' -> out.append("\\u2028");
        case '\u2029' -> out.append("\\u2029");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
