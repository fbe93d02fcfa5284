package stress.connect.eventloop;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.spi.PgDriver;
import io.vertx.sqlclient.spi.ConnectionFactory;
import stress.connect.ConnectionSpec;
import stress.model.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The OS threads of the event-loop client: a Vert.x instance with that many event loops, on Linux's native epoll
 * when the platform has it (else Java NIO), polling without sleeping under {@code --busy-poll}. Each connection
 * stays on the loop it was opened on.
 */
public final class EventLoops implements AutoCloseable {
  /** Closing waits this long for the loops to finish their connections' goodbyes. */
  private static final long CLOSE_WAIT_SECONDS = 10;
  private static final long FACTORY_CLOSE_WAIT_SECONDS = 1;

  private final Vertx vertx;
  /**
   * One context per loop, which connections opened from outside the loops take in turn. Vert.x's own
   * getOrCreateContext gives every call from the same outside thread the same ("sticky") context, which put all of a
   * run's connections, opened one after another by the runner's thread, on one loop whatever --event-loops said.
   */
  private final List<Context> loopContexts;
  private final AtomicInteger nextLoop = new AtomicInteger();
  /** The polling loops under {@code --busy-poll}, else null. */
  private final SpinningEpollLoops spinning;
  /** Connections made and not closed, each with whether its session is still being set up. */
  private final Map<PgConnection, Boolean> connections = new ConcurrentHashMap<>();
  /** Closes under way. */
  private final Set<Future<Void>> closing = ConcurrentHashMap.newKeySet();
  /**
   * Each connection spec's target, made once: its connect options and socket timeout, read from the pgjdbc URL and
   * properties, and one connection factory (one Vert.x network client), closed with the loops. A connection made by
   * PgConnection.connect has a client of its own that nothing closes when the connection fails to open, and a
   * finalizer later closes it on the ended loops, logging a failure to stderr.
   */
  private final Map<ConnectionSpec, Target> targets = new ConcurrentHashMap<>();

  /** Where and how the connections of one spec connect. */
  record Target(PgConnectOptions options, int socketTimeoutMillis, ConnectionFactory factory) {}

  private EventLoops(Vertx vertx, SpinningEpollLoops spinning) {
    this.vertx = vertx;
    this.spinning = spinning;
    this.loopContexts = VertxInternals.contextPerLoop(vertx);
  }

  /** Starts {@code loops} event-loop threads that sleep while they wait. */
  public static EventLoops start(int loops) {
    return start(loops, false);
  }

  /**
   * Starts {@code loops} event-loop threads.
   *
   * @param busyPoll the loops poll without sleeping ({@link SpinningEpollLoops}); needs Linux's native epoll
   */
  public static EventLoops start(int loops, boolean busyPoll) {
    if (loops < 1) {
      throw new IllegalArgumentException("event loops must be at least 1, got " + loops);
    }
    VertxOptions options = new VertxOptions()
        .setEventLoopPoolSize(loops)
        .setWorkerPoolSize(1)
        .setInternalBlockingPoolSize(1)
        .setPreferNativeTransport(true)
        // the loops run only the tool's short callbacks; a GC pause on a busy box is not a blocked loop worth a warning
        .setBlockedThreadCheckInterval(TimeUnit.MINUTES.toMillis(10))
        .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false).setClassPathResolvingEnabled(false));
    SpinningEpollLoops spinning = null;
    Vertx vertx;
    if (busyPoll) {
      if (!SpinningEpollLoops.isAvailable()) {
        throw new UsageException("--busy-poll needs Linux's native epoll transport, which is not available here ("
            + SpinningEpollLoops.unavailabilityCause() + "); run without --busy-poll");
      }
      spinning = new SpinningEpollLoops();
      vertx = VertxInternals.vertxOn(options, spinning);
    } else {
      vertx = Vertx.vertx(options);
    }
    // an exception thrown inside the driver's own callbacks (vertx-pg-client 4.5 throws one when a ReadyForQuery
    // follows a 57P01 it took for the session's end): one line instead of Vert.x's logged stack trace; the execution
    // concerned fails when its connection closes (EventLoopConnection.failClosed)
    vertx.exceptionHandler(e -> System.err.println("stress: vertx-pg-client failed inside its own code on an event"
        + " loop (" + e + "); the execution concerned is counted as failed when its connection closes"));
    return new EventLoops(vertx, spinning);
  }

  Vertx vertx() {
    return vertx;
  }

  /** Whether the loops poll without sleeping ({@code --busy-poll}). */
  public boolean busyPoll() {
    return spinning != null;
  }

  /**
   * CPU time the loops spent polling while no socket was ready, in nanoseconds since they started; 0 unless
   * busy-polling.
   */
  public long spinCpuNanos() {
    return spinning == null ? 0 : spinning.spinCpuNanos();
  }

  /** Whether the loops use the platform's native transport (epoll) rather than Java NIO. */
  public boolean nativeTransport() {
    return vertx.isNativeTransportEnabled();
  }

  /** {@code spec}'s target, made on its first connection (a spec the event loops cannot serve is refused then). */
  Target target(ConnectionSpec spec) {
    return targets.computeIfAbsent(spec, s -> {
      EventLoopOptions options = EventLoopOptions.of(s);
      EventLoopTls.settlePrefer(options.connect()); // once per target, on the thread that opens its first connection
      return new Target(options.connect(), options.socketTimeoutMillis(),
          PgDriver.INSTANCE.createConnectionFactory(vertx, options.connect()));
    });
  }

  /** Connects to {@code target} on the calling loop, or from elsewhere on the loops in turn. */
  Future<PgConnection> connect(Target target) {
    Context context = Vertx.currentContext();
    if (context == null) {
      context = loopContexts.get(Math.floorMod(nextLoop.getAndIncrement(), loopContexts.size()));
    }
    return target.factory().connect(context).map(c -> (PgConnection) c);
  }

  /** A connection is made; its session is being set up. */
  void settingUp(PgConnection c) {
    connections.put(c, true);
  }

  /** The connection's session is set up (or failed to be). */
  void setUp(PgConnection c) {
    connections.replace(c, false);
  }

  /** Closes {@code c} (its goodbye to the server and its own client's resources); again is harmless. */
  void close(PgConnection c) {
    connections.remove(c);
    Future<Void> closed = c.close();
    closing.add(closed);
    closed.onComplete(x -> closing.remove(closed));
  }

  /**
   * Closes every connection still open, then the connection factories, then ends the threads, each step waiting for
   * the one before (bounded), so that nothing of Vert.x is left open on ended loops. A session still being set up
   * (its statement may wait on a lock for ever) has its socket closed first.
   */
  @Override
  public void close() {
    for (Map.Entry<PgConnection, Boolean> c : connections.entrySet()) {
      if (c.getValue()) {
        VertxInternals.closeSocketAtOnce(c.getKey());
      }
      close(c.getKey());
    }
    await(Future.join(new ArrayList<>(closing)), CLOSE_WAIT_SECONDS);
    List<Future<Void>> factoriesClosed = new ArrayList<>();
    for (Target target : targets.values()) {
      Promise<Void> closed = Promise.promise();
      target.factory().close(closed);
      factoriesClosed.add(closed.future());
    }
    // quick once the connections are closed; only an attempt still in its handshake with a server that never
    // answers holds a factory's close up, and the loops' end closes that one
    await(Future.join(factoriesClosed), FACTORY_CLOSE_WAIT_SECONDS);
    await(vertx.close(), CLOSE_WAIT_SECONDS);
  }

  private static void await(Future<?> future, long seconds) {
    try {
      future.toCompletionStage().toCompletableFuture().get(seconds, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      // a close that failed or took too long: the loops end with the process either way, and nothing measured
      // depends on a clean close
    }
  }
}
