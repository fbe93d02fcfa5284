package stress.connect.eventloop;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import stress.connect.ConnectionSpec;

/** How one opening of an event-loop connection ended, for tests: "opened", or its SQLState and message. */
final class OpeningOutcome {
  private OpeningOutcome() {}

  /** Opens a connection preparing {@code sql} and waits up to 30 s for the outcome; an opened connection is closed. */
  static String of(EventLoops loops, ConnectionSpec spec, String sql) throws Exception {
    CompletableFuture<String> outcome = new CompletableFuture<>();
    EventLoopConnection.open(loops, spec, sql, new EventLoopConnection.Opening() {
      @Override
      public void opened(EventLoopConnection connection) {
        connection.close();
        outcome.complete("opened");
      }

      @Override
      public void failed(String sqlState, String message) {
        outcome.complete(sqlState + " " + message);
      }
    });
    return outcome.get(30, TimeUnit.SECONDS);
  }
}
