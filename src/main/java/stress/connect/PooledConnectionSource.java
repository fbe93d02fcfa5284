package stress.connect;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * A pool kind whose library keeps a pool of physical connections ({@code hikari}, {@code c3p0}): workers check a
 * connection out of it per execution and give it back, so none is held per worker. What the pool kinds share is
 * here; each configures its library's pool, drops a connection, describes its settings and closes its pool its own
 * way.
 *
 * @param <P> the library's pool
 */
public abstract class PooledConnectionSource<P extends DataSource> implements ConnectionSource {
  /** The library's pool, configured by the pool kind. */
  protected final P pool;
  private final String kind;

  /**
   * @param kind the pool kind's name as users type it
   * @param pool the library's pool, configured
   */
  protected PooledConnectionSource(String kind, P pool) {
    this.kind = kind;
    this.pool = pool;
  }

  @Override
  public Connection connection() throws SQLException {
    return pool.getConnection();
  }

  @Override
  public String kind() {
    return kind;
  }

  @Override
  public boolean heldPerWorker() {
    return false;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + describe();
  }
}
