package stress.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;

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
    return (Connection) Proxy.newProxyInstance(InterceptedConnection.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, called, args) -> {
          if (called.getName().equals(method)) {
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
