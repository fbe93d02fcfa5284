package stress.connect;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * The sockets pgjdbc opens for stress (its {@code socketFactory} property): {@link WatchedSocket}s, whose connect
 * and read timeouts are kept by a watchdog thread so that every read blocks in the kernel, one system call per
 * reply. pgjdbc's {@code connectTimeout} and {@code socketTimeout} and the pools' network timeouts keep their
 * meaning; only who enforces them changes. A {@code socketFactory} the user names wins.
 */
public final class WatchedSocketFactory extends SocketFactory {
  /** pgjdbc's property naming the factory class. */
  public static final String FACTORY_PROPERTY = "socketFactory";

  /** Called by pgjdbc. */
  public WatchedSocketFactory() {}

  @Override
  public Socket createSocket() {
    return new WatchedSocket();
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port));
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
    return bound(new InetSocketAddress(localHost, localPort), new InetSocketAddress(host, port));
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return bound(new InetSocketAddress(localAddress, localPort), new InetSocketAddress(address, port));
  }

  private Socket bound(InetSocketAddress local, InetSocketAddress remote) throws IOException {
    Socket socket = createSocket();
    socket.bind(local);
    socket.connect(remote);
    return socket;
  }

  private Socket connected(InetSocketAddress address) throws IOException {
    Socket socket = createSocket();
    socket.connect(address);
    return socket;
  }
}
