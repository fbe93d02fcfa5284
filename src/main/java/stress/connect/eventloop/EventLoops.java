package stress.connect.eventloop;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import java.util.concurrent.TimeUnit;

/**
 * The OS threads of the event-loop client: a Vert.x instance with that many event loops, on Linux's native epoll
 * when the platform has it (else Java NIO). Each connection stays on the loop it was opened on.
 */
public final class EventLoops implements AutoCloseable {
  /** Closing waits this long for the loops to finish their connections' goodbyes. */
  private static final long CLOSE_WAIT_SECONDS = 10;

  private final Vertx vertx;
  private final int loops;

  private EventLoops(Vertx vertx, int loops) {
    this.vertx = vertx;
    this.loops = loops;
  }

  /** Starts {@code loops} event-loop threads. */
  public static EventLoops start(int loops) {
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
    return new EventLoops(Vertx.vertx(options), loops);
  }

  Vertx vertx() {
    return vertx;
  }

  /** How many OS threads serve the connections. */
  public int loops() {
    return loops;
  }

  /** Whether the loops use the platform's native transport (epoll) rather than Java NIO. */
  public boolean nativeTransport() {
    return vertx.isNativeTransportEnabled();
  }

  /** Closes every connection still open and ends the threads. */
  @Override
  public void close() {
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      // the loops end with the process either way; nothing measured depends on a clean close
    }
  }
}
