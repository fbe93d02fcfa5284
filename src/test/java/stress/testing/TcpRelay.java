package stress.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A port of its own that passes every byte on to a server's, both ways: the same server under another address, as a
 * proxy or a tunnel in front of it makes one.
 */
public final class TcpRelay implements AutoCloseable {
  private final ServerSocket listening;
  private final List<Socket> open = new CopyOnWriteArrayList<>();

  private TcpRelay(ServerSocket listening, int to) {
    this.listening = listening;
    Thread accepting = new Thread(() -> {
      while (!listening.isClosed()) {
        try {
          Socket client = listening.accept();
          Socket server = new Socket(InetAddress.getLoopbackAddress(), to);
          open.add(client);
          open.add(server);
          pump(client, server);
          pump(server, client);
        } catch (IOException e) {
          return; // closed
        }
      }
    }, "tcp-relay-accept");
    accepting.setDaemon(true);
    accepting.start();
  }

  /** A relay on a free port of 127.0.0.1 to port {@code to} of 127.0.0.1. */
  public static TcpRelay to(int to) throws IOException {
    return new TcpRelay(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), to);
  }

  public int port() {
    return listening.getLocalPort();
  }

  private static void pump(Socket from, Socket to) {
    Thread copying = new Thread(() -> {
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        in.transferTo(out);
      } catch (IOException e) {
        // one side closed: the other follows
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }, "tcp-relay-copy");
    copying.setDaemon(true);
    copying.start();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // already closed
    }
  }

  @Override
  public void close() throws IOException {
    listening.close();
    open.forEach(TcpRelay::closeQuietly);
  }
}
