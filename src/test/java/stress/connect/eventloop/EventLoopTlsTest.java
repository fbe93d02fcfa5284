package stress.connect.eventloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;

/**
 * sslmode=prefer on the event-loop client against a server that answers PostgreSQL's TLS request itself (a socket
 * of the test's): every socket the client opens is either used for a startup packet or closed.
 */
class EventLoopTlsTest {
  private static final int SSL_REQUEST_CODE = 80877103;

  /** A server that answers each TLS request with {@code answer} and notes what each client socket did next. */
  private static final class TlsAnsweringServer implements AutoCloseable {
    final ServerSocket socket = new ServerSocket(0);
    final List<String> outcomes = new CopyOnWriteArrayList<>();
    private final Thread thread;

    TlsAnsweringServer(char answer) throws IOException {
      thread = new Thread(() -> {
        while (!socket.isClosed()) {
          try {
            Socket client = socket.accept();
            new Thread(() -> serve(client, answer)).start();
          } catch (IOException closed) {
            return;
          }
        }
      });
      thread.start();
    }

    private void serve(Socket client, char answer) {
      try (client) {
        client.setSoTimeout(3_000);
        DataInputStream in = new DataInputStream(client.getInputStream());
        int length = in.readInt();
        int code = in.readInt();
        if (length != 8 || code != SSL_REQUEST_CODE) {
          outcomes.add("startup packet without a TLS request");
          return;
        }
        client.getOutputStream().write(answer);
        client.getOutputStream().flush();
        outcomes.add(afterAnswer(client.getInputStream()));
      } catch (IOException e) {
        outcomes.add("failed: " + e);
      }
    }

    private static String afterAnswer(InputStream in) throws IOException {
      try {
        return in.read() < 0 ? "closed after the answer" : "startup packet after the answer";
      } catch (SocketTimeoutException e) {
        return "left open, silent, after the answer";
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  @Test
  void preferAgainstAServerWithoutTlsLeavesNoSocketOpenAndSilent() throws Exception {
    try (TlsAnsweringServer server = new TlsAnsweringServer('N'); EventLoops loops = EventLoops.start(1)) {
      ConnectionSpec spec = new ConnectionSpec("jdbc:postgresql://127.0.0.1:" + server.socket.getLocalPort()
          + "/db?connectTimeout=2", "bench", null, Map.of(), List.of());
      String outcome = OpeningOutcome.of(loops, spec, "SELECT 1");
      assertFalse(outcome.equals("opened"), "the test's server never completes a session: " + outcome);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (server.outcomes.size() < 2 && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      // the TLS request once (answered no, then closed), then the session's startup packet on a socket of its own
      assertEquals(List.of("closed after the answer", "startup packet without a TLS request"), server.outcomes);
    }
  }

  @Test
  void aRefusedConnectionFailsWithPgjdbcsSqlState() throws Exception {
    int port;
    try (ServerSocket closed = new ServerSocket(0)) {
      port = closed.getLocalPort();
    }
    try (EventLoops loops = EventLoops.start(1)) {
      ConnectionSpec spec = new ConnectionSpec("jdbc:postgresql://127.0.0.1:" + port + "/db?connectTimeout=2", "bench",
          null, Map.of(), List.of());
      String failure = OpeningOutcome.of(loops, spec, "SELECT 1");
      assertTrue(failure.startsWith("08001 ") && failure.contains("refused"), failure);
    }
  }

  @Test
  void theTlsRequestTellsWhetherTheServerOffersTls() throws Exception {
    try (TlsAnsweringServer yes = new TlsAnsweringServer('S'); TlsAnsweringServer no = new TlsAnsweringServer('N');
         TlsAnsweringServer odd = new TlsAnsweringServer('E')) {
      assertTrue(EventLoopTls.offersTls("127.0.0.1", yes.socket.getLocalPort(), 2_000));
      assertFalse(EventLoopTls.offersTls("127.0.0.1", no.socket.getLocalPort(), 2_000));
      IOException e = assertThrows(IOException.class,
          () -> EventLoopTls.offersTls("127.0.0.1", odd.socket.getLocalPort(), 2_000));
      assertEquals("the server answered the TLS request with byte 69", e.getMessage());
    }
  }
}
