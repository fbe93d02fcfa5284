package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.model.PreferQueryMode;

/** One connection per host, for runs that spread their workers over several coordinators. */
class ConnectionResolverEachHostTest {
  private static final DriverSettings DRIVER = new DriverSettings(10, 0, 0, 5, PreferQueryMode.EXTENDED, null);

  @TempDir
  Path home;

  private final Map<String, String> env = new HashMap<>();

  private List<ResolvedConnection> each(ConnectionOptions options) {
    return new ConnectionResolver(env, home, "osuser").resolveEachHost(options, DRIVER);
  }

  private void pgpass(String... lines) throws IOException {
    Path file = home.resolve(".pgpass");
    Files.write(file, List.of(lines));
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
  }

  @Test
  void eachHostGetsItsOwnUrlAndItsOwnPasswordFileLine() throws IOException {
    pgpass("c1:5432:bench:alice:secret-one", "c2:6432:bench:alice:secret-two", "*:*:*:*:fallback");
    List<ResolvedConnection> hosts = each(new ConnectionOptions(null, "c1,c2,c3", "5432,6432,7432", "alice",
        "bench", Map.of()));

    assertEquals(List.of("jdbc:postgresql://c1:5432/bench", "jdbc:postgresql://c2:6432/bench",
        "jdbc:postgresql://c3:7432/bench"), hosts.stream().map(h -> h.spec().url()).toList());
    assertEquals(List.of("secret-one", "secret-two", "fallback"), hosts.stream().map(h -> h.spec().password()).toList());
    assertTrue(hosts.get(0).passwordSource().startsWith("password file "), hosts.get(0).passwordSource());
    // one password per host: no warning that pgjdbc would send the same password everywhere
    hosts.forEach(h -> assertEquals(List.of(), h.warnings()));
    for (ResolvedConnection h : hosts) {
      assertFalse(h.spec().describe().toString().contains("secret"), h.spec().describe().toString());
      assertFalse(h.spec().toString().contains("fallback"));
    }
    assertEquals(List.of("c2:6432"), hosts.get(1).spec().servers());
  }

  @Test
  void aMultiHostUrlIsSplitKeepingItsParametersButNotItsCredentials() {
    List<ResolvedConnection> hosts = each(ConnectionOptions.ofUrl(
        "jdbc:postgresql://c1:5432,[::1]:6432/my%20db?user=bob&password=hunter2&sslmode=disable&loadBalanceHosts=true"));

    assertEquals(List.of("jdbc:postgresql://c1:5432/my%20db?sslmode=disable&loadBalanceHosts=true",
        "jdbc:postgresql://[::1]:6432/my%20db?sslmode=disable&loadBalanceHosts=true"),
        hosts.stream().map(h -> h.spec().url()).toList());
    hosts.forEach(h -> assertEquals("bob", h.spec().user()));
    hosts.forEach(h -> assertEquals("hunter2", h.spec().password()));
    assertEquals(List.of("[::1]:6432"), hosts.get(1).spec().servers());
  }

  @Test
  void pgpasswordServesEveryHostAndOneHostIsAListOfOne() {
    env.put("PGPASSWORD", "from-env");
    List<ResolvedConnection> hosts = each(new ConnectionOptions(null, "only", null, "u", "d", Map.of()));
    assertEquals(1, hosts.size());
    assertEquals("jdbc:postgresql://only:5432/d", hosts.get(0).spec().url());
    assertEquals("PGPASSWORD", hosts.get(0).passwordSource());
  }

  @Test
  void aHostWithoutAPasswordLineHasNone() throws IOException {
    pgpass("c1:5432:*:*:one");
    List<ResolvedConnection> hosts = each(new ConnectionOptions(null, "c1,c2", "5432", "u", "d", Map.of()));
    assertEquals("one", hosts.get(0).spec().password());
    assertNull(hosts.get(1).spec().password());
    assertEquals("none", hosts.get(1).passwordSource());
  }
}
