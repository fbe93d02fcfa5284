package stress.server.pooler;

/**
 * A pooler found between the tool and the server, and what its console said of it. When the console could not be
 * read, only {@code product} and {@code unreadable} are set: the pooler is named and the line says how to grant it.
 * A console named by {@code --pooler-console} that answered as no pooler would has no {@code product}: the line says
 * it could not be read and names no pooler.
 *
 * @param product               {@code PgBouncer}, or null when nothing showed a pooler
 * @param version               its version ({@code 1.18.0}), or null
 * @param poolMode              {@code session}, {@code transaction} or {@code statement} for this database and user
 * @param poolSize              server connections for this database and user, or null
 * @param maxClientConn         {@code max_client_conn}, or null
 * @param maxPreparedStatements {@code max_prepared_statements} (1.21 on), or null where the pooler has no such setting
 * @param unreadable            why the console could not be read and how to grant it; null when it was read
 * @param configRead            false when {@code SHOW CONFIG} was refused (PgBouncer shows it to admin_users only)
 */
public record PoolerInfo(String product, String version, String poolMode, Integer poolSize, Integer maxClientConn,
                         Integer maxPreparedStatements, String unreadable, boolean configRead) {

  /** A pooler named without its figures. */
  static PoolerInfo unreadable(String product, String why) {
    return new PoolerInfo(product, null, null, null, null, null, why, false);
  }

  /** A console given to read that showed no pooler: {@code why} says what it answered. */
  static PoolerInfo noneSeen(String why) {
    return new PoolerInfo(null, null, null, null, null, null, why, false);
  }

  /** False when the console named showed no pooler ({@link #noneSeen}). */
  public boolean seen() {
    return product != null;
  }

  /** True when transaction or statement pooling may hand each transaction another server connection. */
  public boolean poolsTransactions() {
    return "transaction".equals(poolMode) || "statement".equals(poolMode);
  }

  /**
   * True when server-side prepared statements are known to survive this pooling: session pooling, or PgBouncer
   * keeping them per server connection ({@code max_prepared_statements} above 0). False when unknown.
   */
  public boolean keepsPreparedStatements() {
    return "session".equals(poolMode) || (maxPreparedStatements != null && maxPreparedStatements > 0);
  }

  /** The header's line after {@code pooler: }. */
  public String describe() {
    if (!seen()) {
      return "none seen (" + unreadable + ")";
    }
    if (unreadable != null) {
      return product + " (" + unreadable + ")";
    }
    String pool = product + " " + version + ", pool_mode " + poolMode + ", pool size "
        + (poolSize == null ? "unknown" : poolSize) + " for this database and user";
    if (!configRead) {
      return pool + ", max_client_conn and max_prepared_statements unknown (SHOW CONFIG is for admin_users only)";
    }
    return pool + ", max_client_conn " + (maxClientConn == null ? "unknown" : maxClientConn)
        + ", max_prepared_statements " + (maxPreparedStatements == null
        ? "not there (before 1.21: no prepared statements kept per server connection)" : maxPreparedStatements);
  }
}
