package stress.connect.c3p0;

import stress.connect.ConnectionSource;
import stress.connect.ConnectionSourceFactory;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;

/** Pool kind {@code c3p0}: a fixed-size c3p0 ComboPooledDataSource with an optional statement cache. */
public final class C3p0SourceFactory implements ConnectionSourceFactory {
  /** The pool kind's name. */
  public static final String NAME = "c3p0";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public ConnectionSource open(ConnectionSpec spec, PoolSettings pool) {
    return new C3p0ConnectionSource(spec, pool);
  }
}
