package stress.connect.eventloop;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.util.IntSupplier;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.LongAdder;

/**
 * Linux's epoll event loops that poll without sleeping ({@code run --busy-poll}), in Netty's public API; Vert.x
 * takes them as its transport's loops through {@link VertxInternals#vertxOn}. A loop that sleeps in
 * {@code epoll_wait} must be woken by the server's reply: the kernel does that in the server's {@code send}, on the
 * server's CPU, at every lookup. A loop that polls is never asleep, so the server's CPU does less per lookup; the
 * price is a client CPU that is always busy, which only pays when the client has CPUs of its own.
 *
 * <p>Netty's own busy wait ({@code SelectStrategy.BUSY_WAIT}) polls until a socket is ready and runs no timer in
 * the meantime, so a loop whose connections all wait on a timer (a retry's back-off, the socket timeout's watch)
 * would spin for ever. These loops poll for at most {@link #SPIN_NANOS} at a time and then let Netty run its due
 * timers and queued tasks before polling again.
 *
 * <p>The CPU time spent polling without finding anything is counted ({@link #spinCpuNanos}), so that the client's
 * CPU per operation can leave it out.
 */
final class SpinningEpollLoops {
  /** The longest a loop polls before it runs its due timers and the tasks other threads gave it. */
  static final long SPIN_NANOS = 100_000;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final LongAdder spinCpuNanos = new LongAdder();

  /** Whether Linux's native epoll can be loaded here. */
  static boolean isAvailable() {
    return Epoll.isAvailable();
  }

  /** Why it cannot, when it cannot. */
  static Throwable unavailabilityCause() {
    return Epoll.unavailabilityCause();
  }

  /** The I/O event loops, {@code threads} of them, each polling as {@link #strategy} says. */
  EventLoopGroup ioEventLoopGroup(int threads, ThreadFactory threadFactory, int ioRatio) {
    EpollEventLoopGroup group = new EpollEventLoopGroup(threads, threadFactory, () -> this::strategy);
    group.setIoRatio(ioRatio);
    return group;
  }

  /**
   * Netty's choice for one turn of a loop: the number of ready sockets, polled without sleeping until one is ready
   * or {@link #SPIN_NANOS} have passed (0 then: Netty runs its due timers and tasks, and asks again).
   */
  private int strategy(IntSupplier pollNow, boolean hasTasks) throws Exception {
    int ready = pollNow.get();
    if (ready != 0 || hasTasks) {
      return ready;
    }
    long startCpu = THREADS.getCurrentThreadCpuTime();
    long deadline = System.nanoTime() + SPIN_NANOS;
    do {
      ready = pollNow.get();
    } while (ready == 0 && System.nanoTime() - deadline < 0);
    spinCpuNanos.add(THREADS.getCurrentThreadCpuTime() - startCpu);
    return ready; // a count, never one of SelectStrategy's negative codes
  }

  /** CPU time the loops spent polling while no socket was ready, in nanoseconds, since they started. */
  long spinCpuNanos() {
    return spinCpuNanos.sum();
  }
}
