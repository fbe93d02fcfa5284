package stress.connect.eventloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.pgclient.PgConnectOptions;
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
    PgConnectOptions o = EventLoopOptions.of(spec);
    assertEquals("db1", o.getHost());
    assertEquals(6543, o.getPort());
    assertEquals("docs", o.getDatabase());
    assertEquals("bench", o.getUser());
    assertEquals("s3cret", o.getPassword());
    assertEquals("-c work_mem=7MB", o.getProperties().get("options"));
    assertEquals("stress", o.getProperties().get("application_name"));
    assertEquals(7000, o.getConnectTimeout());
  }

  @Test
  void withoutADatabaseTheUserNamesIt() {
    PgConnectOptions o = EventLoopOptions.of(new ConnectionSpec("jdbc:postgresql://[::1]/", "alice", null, Map.of(),
        List.of()));
    assertEquals("::1", o.getHost());
    assertEquals(5432, o.getPort());
    assertEquals("alice", o.getDatabase());
  }

  @Test
  void tlsAndSeveralHostsAreRefusedNotDropped() {
    UsageException tls = assertThrows(UsageException.class, () -> EventLoopOptions.of(new ConnectionSpec(
        "jdbc:postgresql://db1/docs?sslmode=verify-full", "bench", null, Map.of(), List.of())));
    assertTrue(tls.getMessage().contains("does not connect with TLS yet, and the connection asks for it"
        + " (sslmode=verify-full)"), tls.getMessage());
    UsageException hosts = assertThrows(UsageException.class, () -> EventLoopOptions.of(new ConnectionSpec(
        "jdbc:postgresql://db1,db2/docs", "bench", null, Map.of(), List.of())));
    assertTrue(hosts.getMessage().contains("connects to one server, the URL names several (db1,db2)"),
        hosts.getMessage());
    // prefer and allow may connect without TLS under pgjdbc too
    assertEquals("db1", EventLoopOptions.of(new ConnectionSpec("jdbc:postgresql://db1/docs", "bench", null,
        Map.of("sslmode", "prefer"), List.of())).getHost());
  }
}
