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
}
