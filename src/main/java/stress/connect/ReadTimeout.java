package stress.connect;

/**
 * How a client gives up on a silent server is worded, alike for pgjdbc's sockets ({@link WatchedSocket}) and the
 * event-loop client's connections, so the errors of both count and read as the same failure.
 */
public final class ReadTimeout {
  private ReadTimeout() {}

  /** The reason a read waited past the socket timeout of {@code timeoutMillis}. */
  public static String message(int timeoutMillis) {
    return "read timed out: no reply from the server within the socket timeout of " + duration(timeoutMillis);
  }

  /** Whether {@code e} or one of its causes is a read that waited past the socket timeout. */
  public static boolean causedBy(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.net.SocketTimeoutException) {
        return true;
      }
    }
    return false;
  }

  /** A timeout as the messages say it: whole seconds as "60 s", anything else as "1500 ms". */
  static String duration(int millis) {
    return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
  }
}
