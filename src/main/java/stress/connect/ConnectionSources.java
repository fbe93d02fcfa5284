package stress.connect;

import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import stress.model.UsageException;

/**
 * Finds connection-source factories by pool-kind name through {@link ServiceLoader}
 * ({@code META-INF/services/stress.connect.ConnectionSourceFactory}), so that this package never depends on
 * its own implementations.
 */
public final class ConnectionSources {
  private ConnectionSources() {}

  /** All factories on the class path, by name, sorted. Two factories with one name are an error. */
  public static Map<String, ConnectionSourceFactory> factories() {
    Map<String, ConnectionSourceFactory> byName = new TreeMap<>();
    for (ConnectionSourceFactory factory : ServiceLoader.load(ConnectionSourceFactory.class,
        ConnectionSourceFactory.class.getClassLoader())) {
      ConnectionSourceFactory previous = byName.put(factory.name().toLowerCase(Locale.ROOT), factory);
      if (previous != null) {
        throw new IllegalStateException("two connection-source factories are named " + factory.name() + ": "
            + previous.getClass().getName() + " and " + factory.getClass().getName());
      }
    }
    return byName;
  }

  /** The factory for a pool kind (case-insensitive); an unknown name is an error listing the known ones. */
  public static ConnectionSourceFactory factory(String name) {
    Map<String, ConnectionSourceFactory> byName = factories();
    ConnectionSourceFactory factory = name == null ? null : byName.get(name.toLowerCase(Locale.ROOT));
    if (factory == null) {
      throw new UsageException("unknown pool kind '" + name + "'; known: "
          + String.join(", ", byName.keySet()));
    }
    return factory;
  }

  /** Opens a source of the named pool kind. */
  public static ConnectionSource open(String name, ConnectionSpec spec, PoolSettings pool) {
    return factory(name).open(spec, pool);
  }
}
