package stress.model;

import java.util.Locale;

/** How SQL reaches the server. */
public enum StatementMode {
  /** java.sql.PreparedStatement with bound parameters (server-side prepared after pgjdbc's prepareThreshold). */
  PREPARED,
  /** java.sql.Statement with the values written into the SQL as literals escaped by the driver. */
  PLAIN;

  /** Parses a --mode value; the error lists the valid ones. */
  public static StatementMode parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--mode must be prepared or plain, got '" + name + "'");
    }
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
