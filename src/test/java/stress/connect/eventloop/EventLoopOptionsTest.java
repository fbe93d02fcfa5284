package stress.connect.eventloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;
import stress.model.UsageException;

/** A pgjdbc URL and properties as the event-loop client's connect options, and what it refuses. */
class EventLoopOptionsTest {

  @Test
  void serverDatabaseUserPasswordStartupOptionsAndTimeoutCarryOver() {
    ConnectionSpec spec = new ConnectionSpec("jdbc:postgresql://db1:6543/docs?connectTimeout=7", "bench", "s3cret",
        Map.of("options", "-c work_mem=7MB", "ApplicationName", "stress", "prepareThreshold", "5"),
        List.of("SET statement_timeout = 30000"));
    EventLoopOptions parsed = EventLoopOptions.of(spec);
    PgConnectOptions o = parsed.connect();
    assertEquals("db1", o.getHost());
    assertEquals(6543, o.getPort());
    assertEquals("docs", o.getDatabase());
    assertEquals("bench", o.getUser());
    assertEquals("s3cret", o.getPassword());
    assertEquals("-c work_mem=7MB", o.getProperties().get("options"));
    assertEquals("stress", o.getProperties().get("application_name"));
    assertEquals(7000, o.getConnectTimeout());
    assertEquals(0, parsed.socketTimeoutMillis(), "pgjdbc's default: none");
  }

  @Test
  void socketTimeoutComesFromTheUrlOrThePropertiesAndATimeoutMustBeWholeSeconds() {
    assertEquals(30_000, EventLoopOptions.of(new ConnectionSpec("jdbc:postgresql://db1/docs?socketTimeout=30", "bench",
        null, Map.of(), List.of())).socketTimeoutMillis());
    assertEquals(5_000, EventLoopOptions.of(new ConnectionSpec("jdbc:postgresql://db1/docs", "bench", null,
        Map.of("socketTimeout", "5"), List.of())).socketTimeoutMillis());
    UsageException socket = assertThrows(UsageException.class, () -> EventLoopOptions.of(new ConnectionSpec(
        "jdbc:postgresql://db1/docs?socketTimeout=1.5", "bench", null, Map.of(), List.of())));
    assertEquals("--event-loops: the connection's socketTimeout '1.5' must be whole seconds (0 or more), as pgjdbc"
        + " reads it", socket.getMessage());
    UsageException connect = assertThrows(UsageException.class, () -> tls("?connectTimeout=ten"));
    assertTrue(connect.getMessage().contains("connectTimeout 'ten' must be whole seconds"), connect.getMessage());
  }

  @Test
  void withoutADatabaseTheUserNamesIt() {
    PgConnectOptions o = EventLoopOptions.of(new ConnectionSpec("jdbc:postgresql://[::1]/", "alice", null, Map.of(),
        List.of())).connect();
    assertEquals("::1", o.getHost());
    assertEquals(5432, o.getPort());
    assertEquals("alice", o.getDatabase());
  }

  @Test
  void tlsIsPgjdbcsForTheSameUrlAndWhatItCannotDoIsRefused() {
    assertEquals(SslMode.PREFER, tls("").getSslMode(), "pgjdbc's default");
    assertTrue(tls("").isTrustAll(), "prefer does not verify the server, as under pgjdbc");
    assertEquals(SslMode.DISABLE, tls("?sslmode=disable").getSslMode());
    assertEquals(SslMode.ALLOW, tls("?sslmode=allow").getSslMode());
    assertEquals(SslMode.REQUIRE, tls("?sslmode=require").getSslMode());
    assertTrue(tls("?sslmode=require").isTrustAll());
    String readable = System.getProperty("java.home") + "/release"; // any readable file passes the check here
    PgConnectOptions full = tls("?sslmode=verify-full&sslrootcert=" + readable);
    assertEquals(SslMode.VERIFY_FULL, full.getSslMode());
    assertEquals("HTTPS", full.getHostnameVerificationAlgorithm());
    assertFalse(full.isTrustAll());
    assertEquals(List.of(readable), ((PemTrustOptions) full.getTrustOptions()).getCertPaths());
    assertEquals(SslMode.VERIFY_CA, tls("?sslmode=verify-ca&sslrootcert=" + readable).getSslMode());

    UsageException unreadable = assertThrows(UsageException.class,
        () -> tls("?sslmode=verify-ca&sslrootcert=/no/such/root.crt"));
    assertTrue(unreadable.getMessage().contains("sslmode=verify-ca verifies the server against a root certificate,"
        + " and sslrootcert /no/such/root.crt cannot be read"), unreadable.getMessage());
    UsageException clientCert = assertThrows(UsageException.class, () -> tls("?sslmode=require&sslcert=/c.crt"));
    assertTrue(clientCert.getMessage().contains("does not present client certificates or use an sslfactory yet, and"
        + " the connection sets sslcert"), clientCert.getMessage());
    UsageException hosts = assertThrows(UsageException.class, () -> EventLoopOptions.of(new ConnectionSpec(
        "jdbc:postgresql://db1,db2/docs", "bench", null, Map.of(), List.of())));
    assertTrue(hosts.getMessage().contains("connects to one server, the URL names several (db1,db2)"),
        hosts.getMessage());
  }

  private static PgConnectOptions tls(String query) {
    return EventLoopOptions.of(new ConnectionSpec("jdbc:postgresql://db1/docs" + query, "bench", null, Map.of(),
        List.of())).connect();
  }
}
