package stress.connect;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One daemon thread per process that looks at every open {@link WatchedSocket} a few times a second and closes
 * those whose connect or read has waited past its deadline. A timeout is kept to within {@link #TICK_NANOS}
 * (pgjdbc's timeouts are whole seconds).
 */
final class SilentSocketWatchdog {
  static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
  private static final Set<WatchedSocket> OPEN = ConcurrentHashMap.newKeySet();
  private static Thread thread;

  private SilentSocketWatchdog() {}

  static void watch(WatchedSocket socket) {
    OPEN.add(socket);
    startOnce();
  }

  static void forget(WatchedSocket socket) {
    OPEN.remove(socket);
  }

  /** The sockets being watched now (the open ones). */
  static Set<WatchedSocket> watched() {
    return Set.copyOf(OPEN);
  }

  private static synchronized void startOnce() {
    if (thread != null) {
      return;
    }
    thread = new Thread(SilentSocketWatchdog::loop, "stress-socket-timeout");
    thread.setDaemon(true);
    thread.start();
  }

  private static void loop() {
    while (true) {
      try {
        TimeUnit.NANOSECONDS.sleep(TICK_NANOS);
      } catch (InterruptedException e) {
        return;
      }
      long now = System.nanoTime();
      for (WatchedSocket socket : OPEN) {
        socket.closeIfOverdue(now);
      }
    }
  }
}
