package stress.server;

/** Quoting of SQL string literals for values that are data (table names passed as text, setting values). */
public final class SqlLiterals {
  private SqlLiterals() {}

  /**
   * A string literal for {@code value}. Quotes are doubled; a value with a backslash is written as an
   * escape string ({@code E'a\\b'}) so it reads the same whatever {@code standard_conforming_strings} is.
   *
   * @throws IllegalArgumentException when the value contains NUL, which PostgreSQL text cannot hold
   */
  public static String quote(String value) {
    if (value.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("an SQL string must not contain a NUL character: " + value.replace('\0', '?'));
    }
    String quoted = '\'' + value.replace("'", "''") + '\'';
    if (value.indexOf('\\') < 0) {
      return quoted;
    }
    return "E" + quoted.replace("\\", "\\\\");
  }
}
