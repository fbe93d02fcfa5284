package stress.table;

import stress.model.UsageException;

/** Quoting of SQL identifiers; every name that comes from data or users goes through here. */
public final class Identifiers {
  private Identifiers() {}

  /** Double-quotes an identifier, doubling embedded quotes; refuses NUL, which PostgreSQL cannot store. */
  public static String quote(String identifier) {
    if (identifier == null || identifier.isEmpty()) {
      throw new UsageException("an SQL identifier must not be empty");
    }
    if (identifier.indexOf('\0') >= 0) {
      throw new UsageException("an SQL identifier must not contain a NUL character: " + identifier.replace('\0', '?'));
    }
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  /** The longest prefix of {@code name} that fits in {@code maxBytes} of UTF-8, never cutting a character. */
  public static String clipToBytes(String name, int maxBytes) {
    StringBuilder kept = new StringBuilder();
    int used = 0;
    for (int i = 0; i < name.length(); ) {
      int codePoint = name.codePointAt(i);
      int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
      if (used + size > maxBytes) {
        break;
      }
      kept.appendCodePoint(codePoint);
      used += size;
      i += Character.charCount(codePoint);
    }
    return kept.toString();
  }
}
