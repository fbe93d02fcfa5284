package stress.workload;

import java.util.ArrayList;
import java.util.List;
import stress.model.UsageException;

/**
 * {@code :name} parameters in SQL text, as psql and pgbench write them, translated once to the {@code ?}
 * positions the statement modes use. Not parameters: {@code ::} casts, anything inside string literals
 * ({@code '...'}, {@code E'...'}, dollar quotes), quoted identifiers and comments.
 *
 * @param text  the SQL with one {@code ?} per parameter occurrence
 * @param names the parameter name of each {@code ?}, in order (a name may repeat)
 */
public record NamedParameters(String text, List<String> names) {

  /** Translates; a {@code ?} outside literals is refused because the statement modes use it as the placeholder. */
  public static NamedParameters translate(String sql) {
    StringBuilder out = new StringBuilder(sql.length());
    List<String> names = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      int end;
      if (c == '\'') {
        end = closing(sql, i + 1, "'", true);
      } else if (c == '"') {
        end = closing(sql, i + 1, "\"", true);
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int nl = sql.indexOf('\n', i);
        end = nl < 0 ? n : nl;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        end = closing(sql, i + 2, "*/", false);
      } else if (c == '$' && dollarTag(sql, i) != null) {
        String tag = dollarTag(sql, i);
        end = closing(sql, i + tag.length(), tag, false);
      } else if (c == ':' && i + 1 < n && sql.charAt(i + 1) == ':') {
        end = i + 2;
      } else if (c == ':' && i + 1 < n && isNameStart(sql.charAt(i + 1))) {
        int j = i + 2;
        while (j < n && isNamePart(sql.charAt(j))) {
          j++;
        }
        names.add(sql.substring(i + 1, j));
        out.append('?');
        i = j;
        continue;
      } else if (c == '?') {
        throw new UsageException("'?' is not allowed outside string literals (parameters are written :name;"
            + " for the jsonb ? operator use jsonb_exists(...))");
      } else {
        end = i + 1;
      }
      String part = sql.substring(i, end);
      if (part.indexOf('?') >= 0) {
        throw new UsageException("'?' is not allowed, even in a literal or comment (it is the placeholder"
            + " of the statement modes); write chr(63) instead");
      }
      out.append(part);
      i = end;
    }
    return new NamedParameters(out.toString(), List.copyOf(names));
  }

  /** Index just after the closing delimiter; a doubled quote inside a quoted text is an escaped quote. */
  private static int closing(String sql, int from, String delimiter, boolean doubledEscapes) {
    int i = from;
    while (true) {
      int at = sql.indexOf(delimiter, i);
      if (at < 0) {
        throw new UsageException("unterminated " + delimiter + " in the SQL text");
      }
      int after = at + delimiter.length();
      if (doubledEscapes && sql.startsWith(delimiter, after)) {
        i = after + delimiter.length();
        continue;
      }
      return after;
    }
  }

  /** The dollar-quote tag starting at i ($$ or $tag$), or null when '$' starts no tag (e.g. $1). */
  private static String dollarTag(String sql, int i) {
    int j = i + 1;
    while (j < sql.length() && (isNamePart(sql.charAt(j))) && !Character.isDigit(sql.charAt(i + 1))) {
      j++;
    }
    return j < sql.length() && sql.charAt(j) == '$' ? sql.substring(i, j + 1) : null;
  }

  private static boolean isNameStart(char c) {
    return Character.isLetter(c) || c == '_';
  }

  private static boolean isNamePart(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }
}
