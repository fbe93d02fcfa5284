package stress.runner;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import stress.model.UsageException;

/**
 * Creates worker threads: platform threads (one OS thread per connection), or virtual threads, where a few
 * carrier threads wait on many sockets at once, as pgbench's event loop does. Virtual threads are the default
 * from Java {@value #VIRTUAL_BY_DEFAULT_FROM} on: there a virtual thread waiting inside {@code synchronized}
 * (c3p0, older drivers) no longer holds its carrier (JEP 491), and with sockets that block without a timer
 * ({@code connect.WatchedSocket}) they cost half the CPU per lookup of platform threads at 32 connections
 * (bench/README.md). The project targets Java 17, so virtual threads are reached by reflection.
 */
public final class WorkerThreads {
  /** The first Java release on which workers are virtual unless the user says otherwise. */
  public static final int VIRTUAL_BY_DEFAULT_FROM = 24;

  private WorkerThreads() {}

  /**
   * The kind of worker threads for a run: {@code requested} true or false is the user's word (true refused
   * without virtual threads), null is the default of this JVM.
   */
  public static boolean virtual(Boolean requested) {
    if (requested == null) {
      return Runtime.version().feature() >= VIRTUAL_BY_DEFAULT_FROM && virtualAvailable();
    }
    if (requested) {
      requireVirtual();
    }
    return requested;
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
