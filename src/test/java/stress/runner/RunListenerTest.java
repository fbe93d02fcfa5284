package stress.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunListenerTest {

  /** A listener method that {@code both} forgot would silently lose e.g. the per-host table. */
  @Test
  void bothForwardsEveryMethodToBothListenersInOrder() throws Exception {
    List<String> heard = new ArrayList<>();
    RunListener both = RunListener.both(recorder("first", heard), recorder("second", heard));
    for (Method m : RunListener.class.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      heard.clear();
      m.invoke(both, Arrays.stream(m.getParameterTypes()).map(t -> t == int.class ? (Object) 0 : null).toArray());
      assertEquals(List.of("first." + m.getName(), "second." + m.getName()), heard, m.getName());
    }
  }

  private static RunListener recorder(String name, List<String> heard) {
    return (RunListener) Proxy.newProxyInstance(RunListener.class.getClassLoader(), new Class<?>[] {RunListener.class},
        (proxy, method, args) -> {
          heard.add(name + "." + method.getName());
          return null;
        });
  }
}
