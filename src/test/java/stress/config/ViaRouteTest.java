package stress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import stress.model.UsageException;

class ViaRouteTest {
  @Test
  void theRunsOwnConnectionComesFirstNamedDirectUnlessNamed() {
    assertEquals(List.of(new ViaRoute("direct", null), new ViaRoute("pgbouncer", "jdbc:postgresql://h:6432/db")),
        ViaRoute.parse(List.of("pgbouncer=jdbc:postgresql://h:6432/db")));
    assertEquals(List.of(new ViaRoute("session", null), new ViaRoute("txn", "jdbc:postgresql://h:6433/db")),
        ViaRoute.parse(List.of("txn=jdbc:postgresql://h:6433/db", "session")));
    assertEquals(List.of(), ViaRoute.parse(null));
  }

  @Test
  void everyProblemIsSaidInOneLine() {
    UsageException e = assertThrows(UsageException.class, () -> ViaRoute.parse(List.of("a=jdbc:postgresql://h/db",
        "a=jdbc:postgresql://k/db", "9x=jdbc:postgresql://h/db", "b=")));
    assertTrue(e.getMessage().contains("--via names 'a' twice") && e.getMessage().contains("--via '9x=...': a road's"
        + " name is a letter") && e.getMessage().contains("--via b= has no URL"), e.getMessage());
    assertTrue(assertThrows(UsageException.class, () -> ViaRoute.parse(List.of("own"))).getMessage()
        .contains("--via needs at least one NAME=URL"));
    assertTrue(assertThrows(UsageException.class, () -> ViaRoute.parse(List.of("direct=jdbc:postgresql://h/db")))
        .getMessage().contains("'direct' names the run's own connection"));
  }
}
