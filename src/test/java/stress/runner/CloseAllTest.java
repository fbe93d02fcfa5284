package stress.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSource;

/** Closing a phase's sources: every source is closed, and no close failure is lost. */
class CloseAllTest {

  /** A source whose close fails (fault injection); it never hands out connections. */
  private static ConnectionSource failingToClose(String name, List<String> closed) {
    return new ConnectionSource() {
      @Override
      public Connection connection() {
        throw new UnsupportedOperationException("not opened in this test");
      }

      @Override
      public String kind() {
        return "none";
      }

      @Override
      public boolean heldPerWorker() {
        return true;
      }

      @Override
      public Map<String, String> describe() {
        return Map.of();
      }

      @Override
      public void close() {
        closed.add(name);
        throw new IllegalStateException("cannot close " + name);
      }
    };
  }

  @Test
  void everySourceIsClosedAndTheLaterFailuresAreSuppressed() {
    List<String> closed = new ArrayList<>();
    List<ConnectionSource> sources = List.of(failingToClose("a", closed), failingToClose("b", closed),
        failingToClose("c", closed));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Runner.closeAll(sources, true));
    assertEquals(List.of("a", "b", "c"), closed);
    assertEquals("cannot close a", e.getMessage());
    assertArrayEquals(new String[] {"cannot close b", "cannot close c"},
        java.util.Arrays.stream(e.getSuppressed()).map(Throwable::getMessage).toArray(String[]::new));
  }

  @Test
  void nothingIsThrownWhileAnotherFailureIsOnItsWay() {
    List<String> closed = new ArrayList<>();
    assertDoesNotThrow(() -> Runner.closeAll(List.of(failingToClose("a", closed)), false));
    assertTrue(closed.contains("a"));
  }
}
