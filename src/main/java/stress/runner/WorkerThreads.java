package stress.runner;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import stress.model.UsageException;

/**
 * Creates worker threads: platform threads (one OS thread per connection, the default), or virtual
 * threads when running on Java 21 or newer, where a few carrier threads wait on many sockets at once, as
 * pgbench's event loop does. The project targets Java 17, so virtual threads are reached by reflection.
 */
public final class WorkerThreads {
  private WorkerThreads() {}

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
