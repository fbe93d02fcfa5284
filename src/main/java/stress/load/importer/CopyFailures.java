package stress.load.importer;

import java.sql.SQLException;
import org.postgresql.util.PSQLException;

/** How the import reads a failed COPY or INSERT: settle row by row, run again, or give up on the batch. */
final class CopyFailures {
  /**
   * Postgres-XL's coordinator reports a datanode's COPY error (a duplicate key, a refused value) as
   * {@code ERROR: Copy failed on a data node} with SQLState 08000 when it notices it only at the end of the COPY.
   */
  static final String XL_DATANODE_COPY_FAILED = "08000";

  private CopyFailures() {}

  /**
   * COPY failures that writing row by row can settle: duplicates, deadlocks, rows the server refuses, and
   * Postgres-XL's datanode COPY failure, which hides which of those it was. The row-by-row path meets the real
   * cause again and reports it.
   */
  static boolean worthRowByRow(SQLException e) {
    String state = e.getSQLState();
    if (state == null) {
      return false;
    }
    return state.startsWith("22") || state.startsWith("23") || state.startsWith("40") || xlDatanodeCopyFailed(e);
  }

  /** A deadlock or serialization failure with another stream: the whole transaction may simply be run again. */
  static boolean retryable(SQLException e) {
    return "40P01".equals(e.getSQLState()) || "40001".equals(e.getSQLState());
  }

  /** An error about a value in a row (data exception or constraint), not about the connection or the table. */
  static boolean dataError(SQLException e) {
    String state = e.getSQLState();
    return state != null && (state.startsWith("22") || state.startsWith("23"));
  }

  /**
   * SQLState 08000 sent by the server as an ERROR (so the connection is alive), which is how a Postgres-XL
   * coordinator reports a datanode's COPY error. A connection pgjdbc lost gives 08xxx too, but with no server
   * message: that one is not settled row by row.
   */
  private static boolean xlDatanodeCopyFailed(SQLException e) {
    return XL_DATANODE_COPY_FAILED.equals(e.getSQLState()) && e instanceof PSQLException p
        && p.getServerErrorMessage() != null;
  }
}
