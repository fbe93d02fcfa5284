package stress.model;

/**
 * Which phases run their workers on virtual threads: those with at least {@link #virtualFrom} threads; the others
 * get one platform (OS) thread per worker. Decided once per run ({@code runner.WorkerThreads}), applied per phase,
 * because the cheaper kind depends on the thread count: with few threads per core a platform thread that sleeps in
 * its socket read costs less, with many the virtual threads' few carriers do.
 *
 * @param virtualFrom the smallest thread count whose workers are virtual; 1 = always, {@link Integer#MAX_VALUE} =
 *                    never
 */
public record WorkerThreadPolicy(int virtualFrom) {
  /** Every phase on platform threads. */
  public static final WorkerThreadPolicy PLATFORM = new WorkerThreadPolicy(Integer.MAX_VALUE);
  /** Every phase on virtual threads. */
  public static final WorkerThreadPolicy VIRTUAL = new WorkerThreadPolicy(1);

  public WorkerThreadPolicy {
    if (virtualFrom < 1) {
      throw new IllegalArgumentException("virtual threads from " + virtualFrom + " threads: must be 1 or more");
    }
  }

  /** {@link #VIRTUAL} for true, {@link #PLATFORM} for false. */
  public static WorkerThreadPolicy of(boolean virtual) {
    return virtual ? VIRTUAL : PLATFORM;
  }

  /** Whether a phase of {@code threads} workers runs them on virtual threads. */
  public boolean virtual(int threads) {
    return threads >= virtualFrom;
  }

  /** For the run's header: "platform", "virtual" or "virtual in phases of N threads or more, platform below". */
  public String describe() {
    if (virtualFrom == Integer.MAX_VALUE) {
      return "platform";
    }
    if (virtualFrom == 1) {
      return "virtual";
    }
    return "virtual in phases of " + virtualFrom + " threads or more, platform below";
  }
}
