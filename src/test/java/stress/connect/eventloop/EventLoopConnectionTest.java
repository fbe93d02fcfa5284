package stress.connect.eventloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;
import stress.testing.TestDatabase;

/** Opening a connection of the event-loop client against a server that never answers; closing the loops. */
class EventLoopConnectionTest {

  @Test
  void aServerThatAcceptsAndNeverAnswersFailsTheOpeningAfterTheConnectTimeout() throws Exception {
    // the kernel completes the handshake for the listening socket; nothing ever reads or answers the startup packet
    try (ServerSocket silent = new ServerSocket(0); EventLoops loops = EventLoops.start(1)) {
      ConnectionSpec spec = new ConnectionSpec("jdbc:postgresql://127.0.0.1:" + silent.getLocalPort() + "/db",
          "bench", null, Map.of("connectTimeout", "1"), List.of());
      long start = System.nanoTime();
      String message = OpeningOutcome.of(loops, spec, "SELECT 1");
      long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(message.startsWith("08001 no session within the connect timeout (1000 ms): the server at 127.0.0.1:"),
          "pgjdbc's SQLState for a connection that could not be made: " + message);
      assertTrue(waitedMillis >= 900, "failed after " + waitedMillis + " ms, before the timeout");
    }
  }

  @Test
  void closingTheLoopsLeavesNoVertxClientForAFinalizerToCloseOnAnEndedLoop() throws Exception {
    String url = TestDatabase.newDatabaseUrl("eventloopclose");
    ConnectionSpec spec = new ConnectionSpec(url, "postgres", null, Map.of(), List.of());
    int freePort;
    try (ServerSocket probe = new ServerSocket(0)) {
      freePort = probe.getLocalPort();
    }
    ConnectionSpec refused = new ConnectionSpec("jdbc:postgresql://127.0.0.1:" + freePort + "/db", "postgres", null,
        Map.of(), List.of());
    List<LogRecord> severe = new CopyOnWriteArrayList<>();
    Handler watch = new Handler() {
      @Override
      public void publish(LogRecord r) {
        if (r.getLevel().intValue() >= Level.SEVERE.intValue()) {
          severe.add(r);
        }
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    Logger netty = Logger.getLogger("io.netty");
    netty.addHandler(watch);
    try {
      for (int round = 0; round < 3; round++) {
        try (EventLoops loops = EventLoops.start(2)) {
          RecordedOpenings openings = new RecordedOpenings(5);
          for (int i = 0; i < 4; i++) {
            EventLoopConnection.open(loops, spec, "SELECT $1::int", openings);
          }
          // an opening that fails (nothing listens there): its attempt must be closed too
          EventLoopConnection.open(loops, refused, "SELECT $1::int", openings);
          openings.awaitAll();
          assertEquals(4, openings.opened.size(), openings.failures.toString());
          assertEquals(1, openings.failures.size(), openings.failures.toString());
          // as a phase ends: half its connections closed by their workers, the rest by the loops' close
          openings.opened.get(0).close();
          openings.opened.get(1).close();
        }
      }
      for (int i = 0; i < 3; i++) {
        System.gc();
        System.runFinalization();
      }
      assertTrue(severe.isEmpty(), () -> "Netty logged " + severe.size() + " failures, the first: "
          + severe.get(0).getMessage());
    } finally {
      netty.removeHandler(watch);
    }
  }
}
