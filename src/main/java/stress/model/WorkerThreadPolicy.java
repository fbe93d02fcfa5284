package stress.model;

/**
 * Which phases run their workers on virtual threads: those with at least {@link #virtualFrom} threads; the others
 * get one platform (OS) thread per worker. Decided once per run ({@code runner.WorkerThreads}), applied per phase,
 * because the cheaper kind depends on the thread count: with few threads per core a platform thread that sleeps in
 * its socket read costs less, with many the virtual threads' few carriers do.
 *
 * <p>With {@link #eventLoops} above 0 no worker has a thread of its own: each is one connection of the event-loop
 * client, and that many OS threads serve them all (as pgbench's {@code -j}); with {@link #busyPoll} those threads
 * poll their sockets without sleeping.
 *
 * @param virtualFrom the smallest thread count whose workers are virtual; 1 = always, {@link Integer#MAX_VALUE} =
 *                    never
 * @param eventLoops  OS threads of the event-loop client that serve every connection, or 0 for a thread per worker
 * @param busyPoll    the event loops poll without sleeping ({@code --busy-poll}); only with event loops
 */
public record WorkerThreadPolicy(int virtualFrom, int eventLoops, boolean busyPoll) {
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
    if (busyPoll && eventLoops == 0) {
      throw new IllegalArgumentException("--busy-poll needs --event-loops N: only event loops poll");
    }
  }

  /** A thread per worker, virtual from {@code virtualFrom} threads on. */
  public WorkerThreadPolicy(int virtualFrom) {
    this(virtualFrom, 0, false);
  }

  /**
   * Every worker a connection of the event-loop client, served by {@code loops} OS threads that sleep while they
   * wait.
   */
  public static WorkerThreadPolicy eventLoop(int loops) {
    return eventLoop(loops, false);
  }

  /**
   * Every worker a connection of the event-loop client, served by {@code loops} OS threads, polling if
   * {@code busyPoll}.
   */
  public static WorkerThreadPolicy eventLoop(int loops, boolean busyPoll) {
    if (loops < 1) {
      throw new IllegalArgumentException("--event-loops must be at least 1, got " + loops);
    }
    return new WorkerThreadPolicy(Integer.MAX_VALUE, loops, busyPoll);
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
          + " every connection (vertx-pg-client)" + (busyPoll ? ", polling without sleeping (--busy-poll)" : "");
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
