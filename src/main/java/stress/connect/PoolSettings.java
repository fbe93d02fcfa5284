package stress.connect;

import stress.model.UsageException;

/**
 * Pool sizing and caching.
 *
 * @param size              connections in the pool (for kind none: unused)
 * @param c3p0MaxStatements c3p0's statement cache size (maxStatements), 0 = off
 */
public record PoolSettings(int size, int c3p0MaxStatements) {
  /**
   * c3p0 checks a connection in on the worker's own thread. By default it hands every checkin to a helper
   * thread, so with as many connections as workers each execution waited for that thread to be scheduled: on a
   * busy 2-core client c3p0 reached a third of HikariCP's rate (bench/README.md, "c3p0 checkins"). c3p0's own
   * guide advises synchronous checkins when nothing is tested or customized on checkin, which is the case here.
   */
  public static final boolean C3P0_SYNCHRONOUS_CHECKINS = true;
  /** c3p0's default; with synchronous checkins its helper threads only open and close connections. */
  public static final int C3P0_HELPER_THREADS = 3;

  public PoolSettings {
    if (size <= 0) {
      throw new UsageException("--pool-size must be at least 1, got " + size);
    }
    if (c3p0MaxStatements < 0) {
      throw new UsageException("--c3p0-max-statements must be 0 or more, got " + c3p0MaxStatements);
    }
  }

  /** The c3p0 settings that decide what a checkout and a checkin cost, for the run's header. */
  public static String c3p0CheckoutCost(int c3p0MaxStatements) {
    return "checkins " + (C3P0_SYNCHRONOUS_CHECKINS ? "on the worker thread (forceSynchronousCheckins)"
        : "on helper threads") + ", no connection tests (testConnectionOnCheckout/Checkin false,"
        + " idleConnectionTestPeriod 0), " + C3P0_HELPER_THREADS + " helper threads, statement cache "
        + (c3p0MaxStatements == 0 ? "off (maxStatements 0; pgjdbc still keeps its own per connection)"
            : "maxStatements " + c3p0MaxStatements);
  }
}
