package stress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class HostListTest {
  @Test
  void hostsAndPortsInTheOrderGiven() {
    HostList list = HostList.parse("--hosts", "c1:5432, c2:6432,c3,[::1]:7000,[fe80::1]");
    assertEquals(List.of(new HostList.Address("c1", 5432), new HostList.Address("c2", 6432),
        new HostList.Address("c3", 5432), new HostList.Address("[::1]", 7000), new HostList.Address("[fe80::1]", 5432)),
        list.addresses());
    assertEquals("c1,c2,c3,[::1],[fe80::1]", list.hostOption());
    assertEquals("5432,6432,5432,7000,5432", list.portOption());
    assertEquals("c1:5432,c2:6432,c3:5432,[::1]:7000,[fe80::1]:5432", list.toString());
  }

  @Test
  void twoSpellingsOfOneMachineAreTwoHosts() {
    // the tool cannot know that they are the same server; the target check compares what they are
    assertEquals(2, HostList.parse("--hosts", "127.0.0.1:5432,localhost:5432").addresses().size());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "c1:5432,,c2:5432      | entry 2 is empty",
      "c1:5432,              | entry 2 is empty",
      "c1:abc                | port 'abc' of 'c1:abc' is not a number from 1 to 65535",
      "c1:0                  | port '0' of 'c1:0' is not a number from 1 to 65535",
      "c1:65536              | port '65536'",
      "c1:                   | port '' of 'c1:'",
      "c1:5432,c2,C1:5432    | names C1:5432 twice",
      "c1,c1:5432            | names c1:5432 twice",
      ":5432                 | has no host name",
      "::1                   | write it in brackets",
      "[::1                  | does not close it",
      "[::1]5432             | write [address]:port",
      "/tmp:5432             | Unix-socket directory",
  })
  void badListsAreRefusedInOneLineNamingTheOptionAndTheValue(String value, String rule) {
    var e = assertThrows(IllegalArgumentException.class, () -> HostList.parse("--hosts", value));
    assertTrue(e.getMessage().startsWith("--hosts '" + value + "': "), e.getMessage());
    assertTrue(e.getMessage().contains(rule), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void emptyIsRefused() {
    var e = assertThrows(IllegalArgumentException.class, () -> HostList.parse("--hosts", " "));
    assertTrue(e.getMessage().startsWith("--hosts must not be empty"), e.getMessage());
  }

  @Test
  void spreadingIsOnWithHostsOrTheFlag() {
    assertFalse(HostSpreading.NONE.spread());
    assertTrue(new HostSpreading(null, true).spread());
    assertTrue(new HostSpreading(HostList.parse("--hosts", "a:1"), false).spread());
  }
}
