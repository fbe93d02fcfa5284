package stress.runner;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import stress.model.UsageException;

/**
 * Creates worker threads: platform threads (one OS thread per connection), or virtual threads, where a few
 * carrier threads wait on many sockets at once, as pgbench's event loop does. Virtual threads are the default
 * from Java {@value #VIRTUAL_BY_DEFAULT_FROM} on when the JVM may use two processors or more: there a virtual
 * thread waiting inside {@code synchronized} (c3p0, older drivers) no longer holds its carrier (JEP 491), and with
 * sockets that block without a timer ({@code connect.WatchedSocket}) they cost about half the CPU per lookup of
 * platform threads at 32 and 80 connections on two cores. On one processor the carrier and the poller hand every
 * wake-up to each other on that CPU, and platform threads cost less (bench/README.md). The project targets Java 17,
 * so virtual threads are reached by reflection.
 */
public final class WorkerThreads {
  /** The first Java release on which workers are virtual unless the user says otherwise. */
  public static final int VIRTUAL_BY_DEFAULT_FROM = 24;

  private WorkerThreads() {}

  /**
   * The kind of worker threads for a run: {@code requested} true or false is the user's word (true refused
   * without virtual threads), null is the default of this JVM ({@link #virtualByDefault}).
   */
  public static boolean virtual(Boolean requested) {
    if (requested == null) {
      return virtualByDefault(Runtime.version().feature(), Runtime.getRuntime().availableProcessors())
          && virtualAvailable();
    }
    if (requested) {
      requireVirtual();
    }
    return requested;
  }

  /** The default for a JVM of this Java release that may use this many processors. */
  static boolean virtualByDefault(int javaFeature, int processors) {
    return javaFeature >= VIRTUAL_BY_DEFAULT_FROM && processors >= 2;
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
