package stress.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one port reading: whole numbers from 1 to 65535, nothing else. */
class PortsTest {

  @Test
  void readsWholeNumbersFromOneTo65535AndRefusesTheRest() {
    assertEquals(1, Ports.parse("1"));
    assertEquals(5432, Ports.parse("5432"));
    assertEquals(65535, Ports.parse("65535"));
    for (String bad : new String[] {"0", "65536", "-1", "x", "", " 5432", "5432 ", "54.32", "99999999999"}) {
      assertEquals(-1, Ports.parse(bad), "'" + bad + "'");
    }
  }
}
