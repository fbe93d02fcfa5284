package stress.connect.hikari;

import stress.connect.ConnectionSource;
import stress.connect.ConnectionSourceFactory;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;

/** Pool kind {@code hikari}: a fixed-size HikariCP pool. */
public final class HikariSourceFactory implements ConnectionSourceFactory {
  /** The pool kind's name. */
  public static final String NAME = "hikari";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public ConnectionSource open(ConnectionSpec spec, PoolSettings pool) {
    return new HikariConnectionSource(spec, pool);
  }
}
