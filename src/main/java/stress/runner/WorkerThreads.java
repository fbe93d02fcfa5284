package stress.runner;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import stress.model.WorkerThreadChoice;

/**
 * Creates worker threads: platform threads (one OS thread per connection) or virtual threads, as
 * {@link WorkerThreadChoice} decided. The project targets Java 17, so virtual threads are reached by reflection.
 */
public final class WorkerThreads {
  private WorkerThreads() {}

  /** An unstarted worker thread of the requested kind. */
  static Thread create(boolean virtual, String name, Runnable work) {
    if (!virtual) {
      Thread t = new Thread(work, name);
      t.setDaemon(true);
      return t;
    }
    WorkerThreadChoice.requireVirtual();
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
