package stress.model;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's name as PostgreSQL reads it from SQL text: {@code table} or {@code schema.table}, each part either unquoted
 * (letters, digits, {@code _} and {@code $}, not starting with a digit or {@code $}; ASCII letters folded to lower
 * case) or double-quoted (kept as written, {@code ""} for a quote). The one reading of every option that names a
 * table, so {@code --table Orders}, {@code --table public.orders} and {@code --table '"public"."orders"'} name one
 * table, and {@code --table '"Orders"'} another.
 *
 * @param schema the schema as the catalog stores it, or null for the search path
 * @param name   the table's name as the catalog stores it
 */
public record TableName(String schema, String name) {
  /** PostgreSQL's NAMEDATALEN - 1: a longer name would be cut short by the server (with only a notice). */
  public static final int MAX_BYTES = 63;

  public TableName {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a table name must not be empty");
    }
  }

  /**
   * Reads {@code text} as PostgreSQL reads a table's name.
   *
   * @param option the option that gave it, named in a refusal
   * @throws UsageException one line naming the option, the text and the rule it breaks
   */
  public static TableName parse(String option, String text) {
    List<String> parts = parts(option, text, "a table");
    if (parts.size() > 2) {
      throw refusal(option, text, "a table is named TABLE or SCHEMA.TABLE: at most one dot outside double quotes");
    }
    return parts.size() == 1 ? new TableName(null, parts.get(0)) : new TableName(parts.get(0), parts.get(1));
  }

  /** Reads {@code text} as one identifier (a schema's name, say), by the same rules. */
  public static String identifier(String option, String text) {
    List<String> parts = parts(option, text, "a name");
    if (parts.size() != 1) {
      throw refusal(option, text, "a name has no dot outside double quotes (quote it: '\"a.b\"')");
    }
    return parts.get(0);
  }

  /** This name, in {@code schema} when it names none itself. */
  public TableName inSchema(String defaultSchema) {
    return schema == null ? new TableName(defaultSchema, name) : this;
  }

  /** The name as it would be typed again: each part quoted where PostgreSQL would not read it back unquoted. */
  public String typed() {
    return schema == null ? typed(name) : typed(schema) + "." + typed(name);
  }

  /**
   * The {@code --table} option that names this table again on a POSIX shell's command line, e.g. {@code --table
   * '"Orders"'}: hints print it so a user can paste it.
   */
  public String option() {
    String typed = typed();
    return "--table " + (typed.matches("[A-Za-z0-9_.-]+") ? typed : "'" + typed.replace("'", "'\\''") + "'");
  }

  /** The {@code --table} option for {@code name} in {@code schema} (null: the search path). */
  public static String option(String schema, String name) {
    return new TableName(schema, name).option();
  }

  /** One identifier as typed: bare when it reads back as itself unquoted, else double-quoted. */
  public static String typed(String identifier) {
    return identifier.matches("[a-z_][a-z0-9_$]*") ? identifier : '"' + identifier.replace("\"", "\"\"") + '"';
  }

  private static List<String> parts(String option, String text, String what) {
    if (text == null || text.isBlank()) {
      throw refusal(option, text == null ? "" : text, what + "'s name must not be empty");
    }
    List<String> parts = new ArrayList<>();
    int i = skipSpaces(text, 0);
    while (true) {
      StringBuilder part = new StringBuilder();
      if (i < text.length() && text.charAt(i) == '"') {
        i = quoted(option, text, i, part);
      } else {
        i = unquoted(option, text, i, part);
      }
      if (part.toString().getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
        throw refusal(option, text, "a name is at most " + MAX_BYTES + " bytes, as PostgreSQL keeps it");
      }
      if (part.indexOf("\0") >= 0) {
        throw refusal(option, text, "a name must not contain a NUL character");
      }
      parts.add(part.toString());
      i = skipSpaces(text, i);
      if (i == text.length()) {
        return parts;
      }
      if (text.charAt(i) != '.') {
        throw refusal(option, text, "unexpected " + quoteChar(text, i) + " after " + typed(part.toString())
            + ": an unquoted name holds letters, digits, _ and $; " + quoteHint(option, text));
      }
      i = skipSpaces(text, i + 1);
    }
  }

  private static int quoted(String option, String text, int start, StringBuilder part) {
    int i = start + 1;
    while (true) {
      int quote = text.indexOf('"', i);
      if (quote < 0) {
        throw refusal(option, text, "a double quote is not closed");
      }
      part.append(text, i, quote);
      if (quote + 1 < text.length() && text.charAt(quote + 1) == '"') {
        part.append('"');
        i = quote + 2;
      } else if (part.length() == 0) {
        throw refusal(option, text, "a quoted name must not be empty (\"\")");
      } else {
        return quote + 1;
      }
    }
  }

  private static int unquoted(String option, String text, int start, StringBuilder part) {
    int i = start;
    while (i < text.length()) {
      char c = text.charAt(i);
      boolean letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80;
      boolean later = c >= '0' && c <= '9' || c == '$';
      if (!letter && !(later && i > start)) {
        break;
      }
      // PostgreSQL folds the ASCII letters only (in a multi-byte encoding such as UTF-8)
      part.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
      i++;
    }
    if (part.length() == 0) {
      String rule = i == text.length() ? "a name is missing after the dot"
          : "an unquoted name starts with a letter or _, not " + quoteChar(text, i) + "; " + quoteHint(option, text);
      throw refusal(option, text, rule);
    }
    return i;
  }

  private static int skipSpaces(String text, int i) {
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  /** How to type the name in double quotes, for a POSIX shell; the whole text when it is one name. */
  private static String quoteHint(String option, String text) {
    String whole = text.strip();
    return whole.indexOf('"') < 0 && whole.indexOf('.') < 0 && whole.indexOf('\'') < 0
        ? "quote it as PostgreSQL does: " + option + " '\"" + whole + "\"'"
        : "quote each such name as PostgreSQL does: \"name\"";
  }

  private static String quoteChar(String text, int i) {
    return "'" + text.charAt(i) + "'";
  }

  private static UsageException refusal(String option, String text, String rule) {
    return new UsageException(option + " " + text + ": " + rule);
  }
}
