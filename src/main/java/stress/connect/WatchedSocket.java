package stress.connect;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;

/**
 * A socket whose connect and read timeouts are kept by {@link SilentSocketWatchdog} instead of the JDK, so that
 * the socket stays in blocking mode: a read is then one system call that sleeps in the kernel until the reply
 * comes. The JDK's own timeouts put a socket in non-blocking mode for good (already for a connect with a
 * timeout, which pgjdbc always makes), and every read that finds no reply yet then costs a failed read, a
 * poll and a second read.
 *
 * <p>A wait that passes its timeout closes the socket, and the waiting thread gets a
 * {@link SocketTimeoutException}. pgjdbc and the pools end a connection on any read timeout anyway; a timeout
 * shorter than {@link #SHORTEST_WATCHED_MILLIS} (pgjdbc's 1 ms peek for notifications) is left to the JDK,
 * which keeps the socket open after it.
 *
 * <p>On a virtual thread the JDK makes the socket non-blocking anyway, but a read without a JDK timeout parks
 * the thread without arming a timer per read, which halves the client's CPU per lookup (bench/README.md).
 */
final class WatchedSocket extends Socket {
  /** Shorter read timeouts go to the JDK: the watchdog only looks every {@link SilentSocketWatchdog#TICK_NANOS}. */
  static final int SHORTEST_WATCHED_MILLIS = 1000;
  private static final VarHandle DEADLINE;

  static {
    try {
      DEADLINE = MethodHandles.lookup().findVarHandle(WatchedSocket.class, "deadline", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** SO_TIMEOUT as the driver or pool set it, in ms, when the watchdog keeps it; 0 = none. */
  private volatile int readTimeoutMillis;
  /** System.nanoTime() by which the current wait must end; 0 when nothing waits (accessed through DEADLINE). */
  @SuppressWarnings("unused")
  private long deadline;
  /** True once the watchdog has closed the socket for an overdue wait. */
  private volatile boolean closedOverdue;
  private InputStream input;

  WatchedSocket() {
    SilentSocketWatchdog.watch(this);
  }

  /**
   * Connects without a JDK timeout; the watchdog keeps {@code timeout}. A socket whose connect fails is closed
   * (Java 17's sockets stay open then), so that the watchdog lets go of it whoever called.
   */
  @Override
  public void connect(SocketAddress endpoint, int timeout) throws IOException {
    if (timeout > 0) {
      beginWait(timeout);
    }
    try {
      super.connect(endpoint, 0);
    } catch (IOException e) {
      closeAfter(e);
      throw timeout > 0 ? timeoutOr(e, "connect timed out: no answer from " + endpoint + " within " + ReadTimeout.duration(timeout))
          : e;
    } finally {
      endWait();
    }
  }

  private void closeAfter(IOException failure) {
    try {
      close();
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  @Override
  public void setSoTimeout(int timeout) throws SocketException {
    if (timeout > 0 && timeout < SHORTEST_WATCHED_MILLIS) {
      readTimeoutMillis = 0;
      super.setSoTimeout(timeout);
    } else {
      super.setSoTimeout(0);
      readTimeoutMillis = timeout;
    }
  }

  @Override
  public int getSoTimeout() throws SocketException {
    int watched = readTimeoutMillis;
    return watched != 0 ? watched : super.getSoTimeout();
  }

  /** The timeout the JDK itself applies to reads: 0 while the watchdog keeps the read timeout. */
  int jdkSoTimeout() throws SocketException {
    return super.getSoTimeout();
  }

  @Override
  public synchronized InputStream getInputStream() throws IOException {
    if (input == null) {
      input = new WatchedInput(super.getInputStream());
    }
    return input;
  }

  @Override
  public synchronized void close() throws IOException {
    SilentSocketWatchdog.forget(this);
    super.close();
  }

  /** Closes this socket when its current wait has passed its deadline at {@code now}; true when it did. */
  boolean closeIfOverdue(long now) {
    long due = (long) DEADLINE.getOpaque(this);
    if (due == 0 || now - due < 0) {
      return false;
    }
    closedOverdue = true;
    try {
      close();
    } catch (IOException ignored) {
      // the waiting thread is woken by the close either way
    }
    return true;
  }

  private void beginWait(int timeoutMillis) {
    long due = System.nanoTime() + timeoutMillis * 1_000_000L;
    DEADLINE.setOpaque(this, due == 0 ? 1 : due);
  }

  private void endWait() {
    DEADLINE.setOpaque(this, 0L);
  }

  private IOException timeoutOr(IOException e, String message) {
    if (!closedOverdue) {
      return e;
    }
    SocketTimeoutException timeout = new SocketTimeoutException(message + "; the connection was closed");
    timeout.initCause(e);
    return timeout;
  }

  /** Reads that note their deadline while a read timeout is set. */
  private final class WatchedInput extends FilterInputStream {
    WatchedInput(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int timeout = readTimeoutMillis;
      if (timeout == 0) {
        return in.read();
      }
      beginWait(timeout);
      try {
        return in.read();
      } catch (IOException e) {
        throw readFailure(e, timeout);
      } finally {
        endWait();
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int timeout = readTimeoutMillis;
      if (timeout == 0) {
        return in.read(b, off, len);
      }
      beginWait(timeout);
      try {
        return in.read(b, off, len);
      } catch (IOException e) {
        throw readFailure(e, timeout);
      } finally {
        endWait();
      }
    }

    private IOException readFailure(IOException e, int timeout) {
      return timeoutOr(e, ReadTimeout.message(timeout));
    }
  }
}
