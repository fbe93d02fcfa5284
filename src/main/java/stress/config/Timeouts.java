package stress.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import stress.model.UsageException;

/**
 * Limits that keep a run from hanging: connecting, a statement on the server, and silence on the socket.
 *
 * @param connect   connecting and pool checkout
 * @param statement server-side statement_timeout set on every connection (0 = none)
 * @param socket    pgjdbc socketTimeout: the client gives up on a silent server (0 = never)
 */
public record Timeouts(Duration connect, Duration statement, Duration socket) {

  public Timeouts {
    List<String> problems = new ArrayList<>();
    if (connect.isZero() || connect.isNegative()) {
      problems.add("--connect-timeout must be more than 0");
    }
    if (statement.isNegative()) {
      problems.add("--statement-timeout must not be negative");
    }
    if (socket.isNegative()) {
      problems.add("--socket-timeout must not be negative");
    }
    if (!socket.isZero() && !statement.isZero() && socket.compareTo(statement) <= 0) {
      problems.add("--socket-timeout (" + Durations.format(socket) + ") must be longer than --statement-timeout ("
          + Durations.format(statement) + ") so the server's cancel arrives before the client gives up");
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
  }
}
