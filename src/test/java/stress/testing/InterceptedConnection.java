package stress.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.function.BiPredicate;

/**
 * A real connection with something done before one of its methods, for tests that need a server or driver to
 * behave in a way a real one rarely does (a slow close, a refused savepoint, a look at a setting before a commit).
 */
public final class InterceptedConnection {
  private InterceptedConnection() {}

  /** What runs before the method; whatever it throws is thrown by the call instead, and the method does not run. */
  @FunctionalInterface
  public interface Action {
    void run() throws Exception;
  }

  /** {@code real}, whose every call of a method named {@code method} first runs {@code before}. */
  public static Connection before(Connection real, String method, Action before) {
    return intercepted(real, (called, args) -> called.getName().equals(method), before);
  }

  /**
   * {@code real}, whose every commit first runs {@code before}: a call of {@code commit()}, or the preparing of a
   * statement that commits in its own text (a checkpoint sent with its COMMIT in one round trip).
   */
  public static Connection beforeCommits(Connection real, Action before) {
    return intercepted(real, (called, args) -> called.getName().equals("commit")
        || called.getName().equals("prepareStatement") && args[0] instanceof String sql && sql.contains("; COMMIT"),
        before);
  }

  private static Connection intercepted(Connection real, BiPredicate<Method, Object[]> when, Action before) {
    return (Connection) Proxy.newProxyInstance(InterceptedConnection.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, called, args) -> {
          if (when.test(called, args)) {
            before.run();
          }
          try {
            return called.invoke(real, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }
}
