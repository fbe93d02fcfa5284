package stress.app.setup;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.config.HostList;
import stress.config.HostSpreading;
import stress.connect.ConnectionOptions;
import stress.server.TargetKind;

class SpreadHostsTest {
  @Test
  void hostsOfDifferentKindsAreRefusedInOneLine() {
    var e = assertThrows(IllegalArgumentException.class, () -> SpreadHosts.requireSameKind("--hosts", "c2:5432",
        TargetKind.CITUS_COORDINATOR, "c1:5432", TargetKind.POSTGRESQL));
    assertEquals("--hosts: host c2:5432 is a Citus coordinator but c1:5432 is plain PostgreSQL; every host of a spread"
        + " run must be the same kind of server", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> SpreadHosts.requireSameKind("--spread-hosts", "b:1",
        TargetKind.XL_DATANODE, "a:1", TargetKind.XL_COORDINATOR));
  }

  @Test
  void citusWorkersCoordinateBesideTheCoordinator() {
    assertDoesNotThrow(() -> SpreadHosts.requireSameKind("--hosts", "w1:5432", TargetKind.CITUS_WORKER, "c:5432",
        TargetKind.CITUS_COORDINATOR));
    assertDoesNotThrow(() -> SpreadHosts.requireSameKind("--hosts", "b:1", TargetKind.XL_COORDINATOR, "a:1",
        TargetKind.XL_COORDINATOR));
  }

  @Test
  void hostsBecomeTheHostAndPortListsKeepingUserAndDatabase() {
    HostSpreading spreading = new HostSpreading(HostList.parse("--hosts", "c1:5432,c2:6432"), false);
    ConnectionOptions options = SpreadHosts.options(spreading,
        new ConnectionOptions(null, null, null, "bench", "db", Map.of("sslmode", "disable")));
    assertEquals(new ConnectionOptions(null, "c1,c2", "5432,6432", "bench", "db", Map.of("sslmode", "disable")),
        options);
    ConnectionOptions untouched = ConnectionOptions.ofUrl("jdbc:postgresql://a,b/db");
    assertEquals(untouched, SpreadHosts.options(new HostSpreading(null, true), untouched));
  }

  @Test
  void hostsWithUrlHostOrPortAreRefused() {
    HostSpreading spreading = new HostSpreading(HostList.parse("--hosts", "c1:5432"), false);
    for (ConnectionOptions given : new ConnectionOptions[] {ConnectionOptions.ofUrl("jdbc:postgresql://x/db"),
        new ConnectionOptions(null, "x", null, null, null, Map.of()),
        new ConnectionOptions(null, null, "5433", null, null, Map.of())}) {
      var e = assertThrows(IllegalArgumentException.class, () -> SpreadHosts.options(spreading, given));
      assertEquals("--hosts 'c1:5432' cannot be combined with --url, -h or -p: give the servers once (-d and -U"
          + " still apply; --spread-hosts spreads a multi-host --url)", e.getMessage());
    }
  }
}
