package stress.runner;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import stress.model.UsageException;
import stress.model.WorkerThreadPolicy;

/**
 * Creates worker threads: platform threads (one OS thread per connection), or virtual threads, where a few
 * carrier threads wait on many sockets at once, as pgbench's event loop does. By default, from Java
 * {@value #VIRTUAL_BY_DEFAULT_FROM} on, a phase with more than {@value #PLATFORM_THREADS_PER_PROCESSOR} threads per
 * processor the JVM may use runs them on virtual threads: there a virtual thread waiting inside {@code synchronized}
 * (c3p0, older drivers) no longer holds its carrier (JEP 491), and with sockets that block without a timer
 * ({@code connect.WatchedSocket}) they cost less than half the CPU per lookup of platform threads at 32
 * connections on two cores. With few threads per processor a platform thread sleeping in its read costs less
 * (on 2 cores: 16-17 µs against 21-27 µs per lookup at 4 and 8 threads, even at 12, less from 16 on), and on one
 * processor the carrier and the poller hand every wake-up to each other, so platform threads stay there
 * (bench/README.md). The project targets Java 17, so virtual threads are reached by reflection.
 */
public final class WorkerThreads {
  /** The first Java release on which workers may be virtual unless the user says otherwise. */
  static final int VIRTUAL_BY_DEFAULT_FROM = 24;
  /** Up to this many threads per processor a phase keeps platform threads by default. */
  static final int PLATFORM_THREADS_PER_PROCESSOR = 4;

  private WorkerThreads() {}

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
    return ofVirtual() != null;
  }

  /** Refuses --virtual-threads on a JVM that has none, naming the rule. */
  public static void requireVirtual() {
    if (!virtualAvailable()) {
      throw new UsageException("--virtual-threads needs Java 21 or newer; this is Java "
          + Runtime.version().feature());
    }
  }

  /** An unstarted worker thread of the requested kind. */
  static Thread create(boolean virtual, String name, Runnable work) {
    if (!virtual) {
      Thread t = new Thread(work, name);
      t.setDaemon(true);
      return t;
    }
    requireVirtual();
    try {
      Object builder = ofVirtual().invoke(null);
      Class<?> builderType = Class.forName("java.lang.Thread$Builder");
      builder = builderType.getMethod("name", String.class).invoke(builder, name);
      return (Thread) builderType.getMethod("unstarted", Runnable.class).invoke(builder, work);
    } catch (ReflectiveOperationException e) {
      Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
      throw new IllegalStateException("could not create a virtual thread: " + cause, cause);
    }
  }

  private static Method ofVirtual() {
    try {
      return Thread.class.getMethod("ofVirtual");
    } catch (NoSuchMethodException e) {
      return null;
    }
  }
}
