package stress.connect.eventloop;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;

/** Opening a connection of the event-loop client against a server that never answers. */
class EventLoopConnectionTest {

  @Test
  void aServerThatAcceptsAndNeverAnswersFailsTheOpeningAfterTheConnectTimeout() throws Exception {
    // the kernel completes the handshake for the listening socket; nothing ever reads or answers the startup packet
    try (ServerSocket silent = new ServerSocket(0); EventLoops loops = EventLoops.start(1)) {
      ConnectionSpec spec = new ConnectionSpec("jdbc:postgresql://127.0.0.1:" + silent.getLocalPort() + "/db",
          "bench", null, Map.of("connectTimeout", "1"), List.of());
      CompletableFuture<String> outcome = new CompletableFuture<>();
      long start = System.nanoTime();
      EventLoopConnection.open(loops, spec, "SELECT 1", new EventLoopConnection.Opening() {
        @Override
        public void opened(EventLoopConnection connection) {
          outcome.complete("opened");
        }

        @Override
        public void failed(String sqlState, String message) {
          assertNull(sqlState);
          outcome.complete(message);
        }
      });
      String message = outcome.get(30, TimeUnit.SECONDS);
      long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(message.startsWith("no session within the connect timeout (1000 ms): the server at 127.0.0.1:"),
          message);
      assertTrue(waitedMillis >= 900, "failed after " + waitedMillis + " ms, before the timeout");
    }
  }
}
