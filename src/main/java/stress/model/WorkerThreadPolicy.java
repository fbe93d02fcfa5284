package stress.model;

/**
 * Which phases run their workers on virtual threads: those with at least {@link #virtualFrom} threads; the others
 * get one platform (OS) thread per worker. Decided once per run ({@code runner.WorkerThreads}), applied per phase,
 * because the cheaper kind depends on the thread count: with few threads per core a platform thread that sleeps in
 * its socket read costs less, with many the virtual threads' few carriers do.
 *
 * <p>With {@link #eventLoops} above 0 no worker has a thread of its own: each is one connection of the event-loop
 * client, and that many OS threads serve them all (as pgbench's {@code -j}).
 *
 * @param virtualFrom the smallest thread count whose workers are virtual; 1 = always, {@link Integer#MAX_VALUE} =
 *                    never
 * @param eventLoops  OS threads of the event-loop client that serve every connection, or 0 for a thread per worker
 */
public record WorkerThreadPolicy(int virtualFrom, int eventLoops) {
  /** Every phase on platform threads. */
  public static final WorkerThreadPolicy PLATFORM = new WorkerThreadPolicy(Integer.MAX_VALUE);
  /** Every phase on virtual threads. */
  public static final WorkerThreadPolicy VIRTUAL = new WorkerThreadPolicy(1);

  public WorkerThreadPolicy {
    if (virtualFrom < 1) {
      throw new IllegalArgumentException("virtual threads from " + virtualFrom + " threads: must be 1 or more");
    }
    if (eventLoops < 0) {
      throw new IllegalArgumentException("--event-loops must be 0 (a thread per worker) or more, got " + eventLoops);
    }
  }

  /** A thread per worker, virtual from {@code virtualFrom} threads on. */
  public WorkerThreadPolicy(int virtualFrom) {
    this(virtualFrom, 0);
  }

  /** Every worker a connection of the event-loop client, served by {@code loops} OS threads. */
  public static WorkerThreadPolicy eventLoop(int loops) {
    if (loops < 1) {
      throw new IllegalArgumentException("--event-loops must be at least 1, got " + loops);
    }
    return new WorkerThreadPolicy(Integer.MAX_VALUE, loops);
  }

  /** Whether the workers are connections of the event-loop client rather than threads. */
  public boolean eventLoop() {
    return eventLoops > 0;
  }

  /** {@link #VIRTUAL} for true, {@link #PLATFORM} for false. */
  public static WorkerThreadPolicy of(boolean virtual) {
    return virtual ? VIRTUAL : PLATFORM;
  }

  /** Whether a phase of {@code threads} workers runs them on virtual threads. */
  public boolean virtual(int threads) {
    return threads >= virtualFrom;
  }

  /** For the run's header: "event loop: ...", "platform", "virtual" or "virtual in phases of N threads or more, platform below". */
  public String describe() {
    if (eventLoop()) {
      return "event loop: " + (eventLoops == 1 ? "1 OS thread serves" : eventLoops + " OS threads serve")
          + " every connection (vertx-pg-client)";
    }
    if (virtualFrom == Integer.MAX_VALUE) {
      return "platform";
    }
    if (virtualFrom == 1) {
      return "virtual";
    }
    return "virtual in phases of " + virtualFrom + " threads or more, platform below";
  }
}
