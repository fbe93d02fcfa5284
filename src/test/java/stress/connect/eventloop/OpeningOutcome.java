package stress.connect.eventloop;

import stress.connect.ConnectionSpec;

/** How one opening of an event-loop connection ended, for tests: "opened", or its SQLState and message. */
final class OpeningOutcome {
  private OpeningOutcome() {}

  /** Opens a connection preparing {@code sql} and waits up to 30 s for the outcome; an opened connection is closed. */
  static String of(EventLoops loops, ConnectionSpec spec, String sql) throws Exception {
    RecordedOpenings opening = new RecordedOpenings(1);
    EventLoopConnection.open(loops, spec, sql, opening);
    opening.awaitAll();
    if (opening.opened.isEmpty()) {
      return opening.failures.get(0);
    }
    opening.opened.get(0).close();
    return "opened";
  }
}
