package stress.connect.none;

import stress.connect.ConnectionSource;
import stress.connect.ConnectionSourceFactory;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;

/** Pool kind {@code none}: plain pgjdbc connections, one per worker; the pool settings do not apply. */
public final class NoPoolSourceFactory implements ConnectionSourceFactory {
  /** The pool kind's name. */
  public static final String NAME = "none";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public ConnectionSource open(ConnectionSpec spec, PoolSettings pool) {
    return new NoPoolConnectionSource(spec);
  }
}
