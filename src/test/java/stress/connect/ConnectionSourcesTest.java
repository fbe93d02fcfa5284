package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionSourcesTest {

  @Test
  void theThreeBuiltInKindsAreFoundByName() {
    assertEquals(List.of("c3p0", "hikari", "none"), List.copyOf(ConnectionSources.factories().keySet()));
    for (String name : List.of("none", "hikari", "c3p0")) {
      assertEquals(name, ConnectionSources.factory(name).name());
    }
    assertEquals("hikari", ConnectionSources.factory("Hikari").name());
  }

  @Test
  void unknownKindListsTheKnownOnes() {
    assertEquals("unknown pool kind 'dbcp'; known: c3p0, hikari, none",
        assertThrows(IllegalArgumentException.class, () -> ConnectionSources.factory("dbcp")).getMessage());
  }
}
