package stress.connect.eventloop;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.impl.VertxBuilder;
import io.vertx.core.impl.VertxInternal;
import io.vertx.core.impl.transports.EpollTransport;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.impl.SqlConnectionInternal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * The one place that uses Vert.x's and vertx-sql-client's internal API, for the three things their public API has no
 * call for. A minor upgrade may change any of them: {@code VertxInternalsTest} fails with a message naming this class
 * when the Vert.x version differs from {@link #CHECKED_VERSION}, and each use has a test of its own
 * ({@code EventLoopsTest}, {@code SpinningEpollLoopsTest}, {@code SilentServerTest}).
 */
final class VertxInternals {
  /** The Vert.x version these uses were checked against. */
  static final String CHECKED_VERSION = "4.5.22";

  private VertxInternals() {}

  /**
   * A context on each of the instance's event loops, so that connections opened from outside the loops can be dealt
   * to them in turn: the public {@code getOrCreateContext} gives every call from one outside thread the same loop.
   */
  static List<Context> contextPerLoop(Vertx vertx) {
    VertxInternal internal = (VertxInternal) vertx;
    List<Context> contexts = new ArrayList<>();
    ClassLoader classLoader = VertxInternals.class.getClassLoader();
    for (EventExecutor loop : internal.getEventLoopGroup()) {
      contexts.add(internal.createEventLoopContext((EventLoop) loop, null, classLoader));
    }
    return List.copyOf(contexts);
  }

  /** A Vert.x instance whose I/O event loops are {@code loops}' (the public builder takes no transport). */
  static Vertx vertxOn(VertxOptions options, SpinningEpollLoops loops) {
    EpollTransport transport = new EpollTransport() {
      @Override
      public EventLoopGroup eventLoopGroup(int type, int threads, ThreadFactory threadFactory, int ioRatio) {
        return type == IO_EVENT_LOOP_GROUP ? loops.ioEventLoopGroup(threads, threadFactory, ioRatio)
            : super.eventLoopGroup(type, threads, threadFactory, ioRatio); // the acceptor's: no server runs here
      }
    };
    return new VertxBuilder(options).findTransport(transport).init().vertx();
  }

  /**
   * Closes the connection's socket at once, failing the execution in flight. vertx-pg-client's close(), the socket's
   * and the channel's all wait for that execution's reply, which may never come: the close starts below Vert.x's
   * handlers (Netty's pipeline head). Where the internal types are not there, an ordinary close, which waits.
   */
  static void closeSocketAtOnce(PgConnection c) {
    if (c instanceof SqlConnectionInternal internal && internal.unwrap() instanceof SocketConnectionBase socket) {
      ChannelHandlerContext first = socket.socket().channelHandlerContext().pipeline().firstContext();
      if (first != null) { // null once the channel is closed and its handlers gone
        first.close();
      }
    } else {
      c.close();
    }
  }
}
