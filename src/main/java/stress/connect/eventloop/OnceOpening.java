package stress.connect.eventloop;

import io.vertx.pgclient.PgConnection;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Passes on the first outcome of an opening only. A connection that opens after its time ran out is closed; one
 * still being set up when the time runs out or the loops close has its socket closed (its set-up may never end).
 */
final class OnceOpening implements EventLoopConnection.Opening {
  private final EventLoopConnection.Opening target;
  private final EventLoops loops;
  private final AtomicBoolean settled = new AtomicBoolean();
  /** The connection being set up (connected, its session statements or statement not yet done), or null. */
  private volatile PgConnection settingUp;

  OnceOpening(EventLoopConnection.Opening target, EventLoops loops) {
    this.target = target;
    this.loops = loops;
  }

  /** The connection is made and its set-up starts; false (and closed) when the opening already ended. */
  boolean settingUp(PgConnection c) {
    settingUp = c;
    loops.settingUp(c);
    if (settled.get()) {
      VertxInternals.closeSocketAtOnce(c);
      loops.close(c);
      return false;
    }
    return true;
  }

  @Override
  public void opened(EventLoopConnection connection) {
    end();
    if (settled.compareAndSet(false, true)) {
      target.opened(connection);
    } else {
      connection.close();
    }
  }

  @Override
  public void failed(String sqlState, String message) {
    end();
    if (settled.compareAndSet(false, true)) {
      target.failed(sqlState, message);
    }
  }

  /** The time ran out: fails the opening unless it ended, and closes the socket of a set-up still under way. */
  void giveUp(String message) {
    if (settled.compareAndSet(false, true)) {
      PgConnection c = settingUp;
      if (c != null) {
        VertxInternals.closeSocketAtOnce(c);
        loops.close(c);
      }
      target.failed(EventLoopConnection.UNABLE_TO_CONNECT, message);
    }
  }

  private void end() {
    PgConnection c = settingUp;
    if (c != null) {
      loops.setUp(c);
    }
  }
}
