package stress.ops.sql;

import java.sql.SQLException;
import java.util.List;

/**
 * A dry run ({@link StatementRecorder}) that ended with an error, with the statements the operation had sent until
 * then: the last one is the one that failed (a read that ran past a timeout, say). Keeps the error's message and
 * SQLState.
 */
public final class UnfinishedExecution extends SQLException {
  private final transient List<SentStatement> sent;

  public UnfinishedExecution(SQLException cause, List<SentStatement> sent) {
    super(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), cause);
    this.sent = List.copyOf(sent);
  }

  /** The statements sent before the error, the failing one last; empty when it failed before sending one. */
  public List<SentStatement> sent() {
    return sent;
  }
}
