package stress.ops.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the {@code ?} placeholders of a statement as pgjdbc does: not inside string literals ({@code '...'},
 * {@code E'...'}), quoted identifiers, dollar-quoted text or comments, and {@code ??} stands for one literal
 * {@code ?} (so jsonb's {@code ?} and {@code @?} operators can be written {@code ??} and {@code @??}). The
 * fragments between placeholders are what plain mode and {@code PREPARE ... AS} send, {@code ??} already undone.
 */
public final class PlaceholderScanner {
  private PlaceholderScanner() {}

  /** The text between placeholders: one more fragment than placeholders. */
  public static String[] fragments(String sql) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder(sql.length());
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      int end;
      if (c == '\'') {
        boolean backslashes = i > 0 && (sql.charAt(i - 1) == 'E' || sql.charAt(i - 1) == 'e')
            && (i < 2 || !Character.isLetterOrDigit(sql.charAt(i - 2)) && sql.charAt(i - 2) != '_');
        end = quoted(sql, i, '\'', backslashes);
      } else if (c == '"') {
        end = quoted(sql, i, '"', false);
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int nl = sql.indexOf('\n', i);
        end = nl < 0 ? n : nl + 1;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        end = blockComment(sql, i);
      } else if (c == '$' && (i == 0 || !isIdentifierChar(sql.charAt(i - 1)))) {
        end = dollarQuoted(sql, i);
      } else if (c == '?') {
        if (i + 1 < n && sql.charAt(i + 1) == '?') {
          current.append('?');
          i += 2;
        } else {
          out.add(current.toString());
          current.setLength(0);
          i++;
        }
        continue;
      } else {
        end = i + 1;
      }
      current.append(sql, i, end);
      i = end;
    }
    out.add(current.toString());
    return out.toArray(String[]::new);
  }

  private static int quoted(String sql, int start, char quote, boolean backslashes) {
    int i = start + 1;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (backslashes && c == '\\') {
        i += 2;
      } else if (c == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2;
        } else {
          return i + 1;
        }
      } else {
        i++;
      }
    }
    return sql.length();
  }

  private static int blockComment(String sql, int start) {
    int depth = 0;
    int i = start;
    while (i < sql.length()) {
      if (sql.startsWith("/*", i)) {
        depth++;
        i += 2;
      } else if (sql.startsWith("*/", i)) {
        depth--;
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    return sql.length();
  }

  /** {@code $tag$...$tag$}; a {@code $} that does not open a quote ({@code $1}, a lone {@code $}) is one char. */
  private static int dollarQuoted(String sql, int start) {
    int i = start + 1;
    while (i < sql.length() && isIdentifierChar(sql.charAt(i)) && !(i == start + 1 && Character.isDigit(sql.charAt(i)))) {
      i++;
    }
    if (i >= sql.length() || sql.charAt(i) != '$') {
      return start + 1;
    }
    String tag = sql.substring(start, i + 1);
    int close = sql.indexOf(tag, i + 1);
    return close < 0 ? sql.length() : close + tag.length();
  }

  private static boolean isIdentifierChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }
}
