package stress.connect;

/**
 * Pool sizing and caching.
 *
 * @param size              connections in the pool (for kind none: unused)
 * @param c3p0MaxStatements c3p0's statement cache size (maxStatements), 0 = off
 */
public record PoolSettings(int size, int c3p0MaxStatements) {
  public PoolSettings {
    if (size <= 0) {
      throw new IllegalArgumentException("--pool-size must be at least 1, got " + size);
    }
    if (c3p0MaxStatements < 0) {
      throw new IllegalArgumentException("--c3p0-max-statements must be 0 or more, got " + c3p0MaxStatements);
    }
  }
}
