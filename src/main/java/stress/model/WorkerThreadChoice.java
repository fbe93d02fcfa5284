package stress.model;

/**
 * Which kind of thread a run's workers get on this JVM: platform threads (one OS thread per connection), or virtual
 * threads, where a few carrier threads wait on many sockets at once, as pgbench's event loop does. By default, from
 * Java {@value #VIRTUAL_BY_DEFAULT_FROM} on, a phase with more than {@value #PLATFORM_THREADS_PER_PROCESSOR} threads
 * per processor the JVM may use runs them on virtual threads: there a virtual thread waiting inside
 * {@code synchronized} (c3p0, older drivers) no longer holds its carrier (JEP 491), and with sockets that block
 * without a timer ({@code connect.WatchedSocket}) they cost less than half the CPU per lookup of platform threads at
 * 32 connections on two cores. With few threads per processor a platform thread sleeping in its read costs less (on 2
 * cores: 16-17 µs against 21-27 µs per lookup at 4 and 8 threads, even at 12, less from 16 on), and on one processor
 * the carrier and the poller hand every wake-up to each other, so platform threads stay there
 * (bench/notes/find-first-vs-pgbench.md). A fact of the JVM and a default, so the command line decides it without
 * the runner, which only creates the threads.
 */
public final class WorkerThreadChoice {
  /** The first Java release on which workers may be virtual unless the user says otherwise. */
  static final int VIRTUAL_BY_DEFAULT_FROM = 24;
  /** Up to this many threads per processor a phase keeps platform threads by default. */
  static final int PLATFORM_THREADS_PER_PROCESSOR = 4;

  private WorkerThreadChoice() {}

  /**
   * Which phases of a run get virtual threads: {@code requested} true or false is the user's word for every phase
   * (true refused without virtual threads), null is this JVM's default ({@link #defaultPolicy}).
   */
  public static WorkerThreadPolicy policy(Boolean requested) {
    if (requested == null) {
      return virtualAvailable()
          ? defaultPolicy(Runtime.version().feature(), Runtime.getRuntime().availableProcessors())
          : WorkerThreadPolicy.PLATFORM;
    }
    if (requested) {
      requireVirtual();
    }
    return WorkerThreadPolicy.of(requested);
  }

  /** The default for a JVM of this Java release that may use this many processors. */
  static WorkerThreadPolicy defaultPolicy(int javaFeature, int processors) {
    if (javaFeature < VIRTUAL_BY_DEFAULT_FROM || processors < 2) {
      return WorkerThreadPolicy.PLATFORM;
    }
    return new WorkerThreadPolicy(PLATFORM_THREADS_PER_PROCESSOR * processors + 1);
  }

  /** True when this JVM can make virtual threads. */
  public static boolean virtualAvailable() {
    try {
      Thread.class.getMethod("ofVirtual"); // Java 21's
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** Refuses virtual threads on a JVM that has none, naming the rule. */
  public static void requireVirtual() {
    if (!virtualAvailable()) {
      throw new UsageException("--virtual-threads needs Java 21 or newer; this is Java "
          + Runtime.version().feature());
    }
  }
}
