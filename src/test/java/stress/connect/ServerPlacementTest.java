package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which servers share the client's host. */
class ServerPlacementTest {
  @Test
  void loopbackAndThisHostsOwnNameAreHere() throws UnknownHostException {
    assertTrue(ServerPlacement.anyOnThisHost(List.of("localhost:5432")));
    assertTrue(ServerPlacement.anyOnThisHost(List.of("127.0.0.1:5432")));
    assertTrue(ServerPlacement.anyOnThisHost(List.of("[::1]:5432")));
    assertTrue(ServerPlacement.anyOnThisHost(List.of(InetAddress.getLocalHost().getHostName() + ":5432")));
  }

  @Test
  void otherAddressesAndUnknownNamesAreElsewhere() {
    // 192.0.2.0/24 is reserved for documentation: no host has it
    assertFalse(ServerPlacement.anyOnThisHost(List.of("192.0.2.10:5432")));
    // not an address (an IPv6 literal is never looked up in DNS, so the test needs no name server)
    assertFalse(ServerPlacement.anyOnThisHost(List.of("[zz::1]:5432")));
    assertTrue(ServerPlacement.anyOnThisHost(List.of("192.0.2.10:5432", "localhost:5433")), "any of several");
  }

  @Test
  void theHostPartOfAServer() {
    assertEquals("db1", ServerPlacement.hostOf("db1:5432"));
    assertEquals("db1", ServerPlacement.hostOf("db1"));
    assertEquals("::1", ServerPlacement.hostOf("[::1]:5432"));
    assertEquals("fe80::1", ServerPlacement.hostOf("fe80::1"));
  }
}
