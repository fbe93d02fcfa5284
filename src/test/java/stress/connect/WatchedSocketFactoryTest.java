package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import stress.model.PreferQueryMode;
import stress.testing.TestDatabase;

class WatchedSocketFactoryTest {

  private static ConnectionSpec spec(int socketTimeoutSeconds, Map<String, String> extra) {
    Map<String, String> properties = new java.util.HashMap<>(
        new DriverSettings(10, socketTimeoutSeconds, 10, 5, PreferQueryMode.EXTENDED, null).toProperties());
    properties.putAll(extra);
    return new ConnectionSpec(TestDatabase.url("postgres"), "postgres", null, properties, List.of());
  }

  @Test
  void pgjdbcGetsTheWatchedFactoryWithItsTimeoutsUnchangedUnlessTheUserNamesAFactory() {
    Properties driver = spec(60, Map.of()).toDriverProperties();
    assertEquals(WatchedSocketFactory.class.getName(), driver.getProperty("socketFactory"));
    assertEquals("60", driver.getProperty("socketTimeout"), "pgjdbc still sets the timeout; the socket keeps it");
    assertEquals("10", driver.getProperty("connectTimeout"));
    assertEquals(WatchedSocketFactory.class.getName(), spec(0, Map.of()).toDriverProperties().getProperty("socketFactory"),
        "also without a socket timeout: pgjdbc's connect timeout alone would make the socket non-blocking");

    Properties own = spec(60, Map.of("socketFactory", "javax.net.DefaultSocketFactory")).toDriverProperties();
    assertEquals("javax.net.DefaultSocketFactory", own.getProperty("socketFactory"), "the user's factory wins");
  }

  @Test
  void aConnectionsTimeoutIsKeptByTheWatchdogAndQueriesThatAnswerAreNotClosed() throws Exception {
    Set<WatchedSocket> before = SilentSocketWatchdog.watched();
    Set<WatchedSocket> mine = new HashSet<>();
    try (Connection c = PhysicalConnections.open(spec(1, Map.of())); Statement s = c.createStatement()) {
      mine.addAll(SilentSocketWatchdog.watched());
      mine.removeAll(before);
      assertEquals(1, mine.size(), "the connection's socket is watched");
      WatchedSocket socket = mine.iterator().next();
      assertEquals(1000, socket.getSoTimeout(), "pgjdbc's socketTimeout, as pgjdbc set it");
      assertEquals(0, socket.jdkSoTimeout(), "the JDK never times a read, so the socket stays blocking");
      // busy for longer than the timeout in all, but never silent for as long: nothing is closed
      for (int i = 0; i < 8; i++) {
        try (ResultSet rs = s.executeQuery("SELECT pg_sleep(0.3), count(*) FROM generate_series(1, 1000)")) {
          assertTrue(rs.next());
          assertEquals(1000, rs.getLong(2));
        }
      }
      assertFalse(c.isClosed());
    }
    assertTrue(mine.stream().noneMatch(SilentSocketWatchdog.watched()::contains),
        "a closed connection's socket is no longer watched");
  }

  @Test
  void aServerSilentForLongerThanTheTimeoutEndsTheConnectionWithASocketTimeout() throws Exception {
    try (Connection c = PhysicalConnections.open(spec(1, Map.of())); Statement s = c.createStatement()) {
      long start = System.nanoTime();
      SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT pg_sleep(30)"));
      double seconds = (System.nanoTime() - start) / 1e9;
      assertEquals("08006", e.getSQLState(), e.toString());
      SocketTimeoutException timeout = assertInstanceOf(SocketTimeoutException.class, e.getCause(), e.toString());
      assertTrue(timeout.getMessage().contains("socket timeout of 1 s"), timeout.getMessage());
      // the socket timeout's own exception says it ended the statement, not the end of the sleep; never before 1 s
      assertTrue(seconds >= 1.0, "closed after the timeout: " + seconds);
      assertTrue(c.isClosed(), "pgjdbc closes a connection whose socket failed");
    }
  }

  @Test
  void aConnectThatGetsNoAnswerTimesOut() throws Exception {
    // a listener that never accepts, with a backlog of one: once it is full, the kernel drops further SYNs
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      List<Socket> queued = new ArrayList<>();
      try {
        SocketTimeoutException timeout = null;
        long seconds = 0;
        for (int i = 0; i < 5 && timeout == null; i++) {
          Socket socket = new WatchedSocketFactory().createSocket();
          long start = System.nanoTime();
          try {
            socket.connect(listener.getLocalSocketAddress(), 1000);
            queued.add(socket);
          } catch (SocketTimeoutException e) {
            timeout = e;
            seconds = (System.nanoTime() - start) / 1_000_000_000L;
            assertTrue(socket.isClosed());
          }
        }
        assertTrue(timeout != null, "a connect to a full backlog must time out");
        assertTrue(timeout.getMessage().startsWith("connect timed out: no answer from"), timeout.getMessage());
        assertTrue(seconds >= 1, "not before the timeout: " + seconds + " s");
      } finally {
        for (Socket s : queued) {
          s.close();
        }
      }
    }
  }

  @Test
  void aSocketWhoseConnectFailsIsClosedAndNoLongerWatched() throws Exception {
    int port;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = probe.getLocalPort();
    }
    // nothing listens on the port any more: the connect is refused
    Socket socket = new WatchedSocketFactory().createSocket();
    assertTrue(SilentSocketWatchdog.watched().contains(socket));
    assertThrows(java.net.ConnectException.class,
        () -> socket.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000));
    assertTrue(socket.isClosed());
    assertFalse(SilentSocketWatchdog.watched().contains(socket), "a failed connect leaves nothing for the watchdog");
  }

  @Test
  void aReadTimeoutShorterThanTheWatchdogsTickIsTheJdksAndLeavesTheSocketOpen() throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
         Socket socket = new WatchedSocketFactory().createSocket()) {
      socket.connect(listener.getLocalSocketAddress(), 1000);
      try (Socket server = listener.accept()) {
        InputStream in = socket.getInputStream();
        socket.setSoTimeout(50);
        assertEquals(50, socket.getSoTimeout());
        assertThrows(SocketTimeoutException.class, in::read);
        assertFalse(socket.isClosed(), "a short timeout keeps the JDK's meaning: the socket stays usable");
        server.getOutputStream().write(7);
        assertEquals(7, in.read());

        socket.setSoTimeout(1000);
        assertEquals(0, ((WatchedSocket) socket).jdkSoTimeout());
        long start = System.nanoTime();
        SocketTimeoutException timeout = assertThrows(SocketTimeoutException.class, in::read);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(timeout.getMessage().startsWith("read timed out"), timeout.getMessage());
        assertTrue(seconds >= 1.0, "not before the timeout: " + seconds);
        assertTrue(socket.isClosed(), "a watched timeout closes the socket");
      }
    }
  }

  @Test
  void onAVirtualThreadTheWatchdogKeepsTheReadTimeoutToo() throws Exception {
    java.lang.reflect.Method startVirtual;
    try {
      startVirtual = Thread.class.getMethod("startVirtualThread", Runnable.class);
    } catch (NoSuchMethodException e) {
      org.junit.jupiter.api.Assumptions.abort("virtual threads need Java 21+; this is Java " + Runtime.version().feature());
      return;
    }
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
         Socket socket = new WatchedSocketFactory().createSocket()) {
      socket.connect(listener.getLocalSocketAddress(), 1000);
      try (Socket server = listener.accept()) {
        socket.setSoTimeout(1000);
        assertEquals(0, ((WatchedSocket) socket).jdkSoTimeout(), "on a platform thread the watchdog keeps it");
        server.getOutputStream().write(new byte[] {1, 2});
        java.util.concurrent.atomic.AtomicReference<Object> outcome = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicInteger jdkTimeoutWhileReading = new java.util.concurrent.atomic.AtomicInteger(-1);
        Thread reader = (Thread) startVirtual.invoke(null, (Runnable) () -> {
          try {
            InputStream in = socket.getInputStream();
            in.read();
            jdkTimeoutWhileReading.set(((WatchedSocket) socket).jdkSoTimeout());
            in.read();
            in.read(); // nothing more comes
            outcome.set("no timeout");
          } catch (Exception e) {
            outcome.set(e);
          }
        });
        reader.join(10_000);
        assertInstanceOf(SocketTimeoutException.class, outcome.get(), String.valueOf(outcome.get()));
        assertEquals(0, jdkTimeoutWhileReading.get(), "the virtual thread reads without a JDK timeout");
        assertTrue(socket.isClosed(), "the watchdog ended the overdue wait by closing the socket");
      }
    }
  }
}
