package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.postgresql.util.ServerErrorMessage;

/** Which failed COPYs the import settles row by row, with the errors as pgjdbc builds them from the server's reply. */
class CopyFailuresTest {

  /** An ERROR as the server sends it: severity, SQLState and message fields. */
  private static PSQLException fromServer(String state, String message) {
    return new PSQLException(new ServerErrorMessage("SERROR\0VERROR\0C" + state + "\0M" + message + "\0"));
  }

  @Test
  void postgresXlsDatanodeCopyFailureIsSettledRowByRow() {
    // what a Postgres-XL 10r1.1 coordinator answered to a COPY meeting an _id already in the table
    assertTrue(CopyFailures.worthRowByRow(fromServer("08000", "Copy failed on a data node")));
  }

  @Test
  void aLostConnectionIsNotSettledRowByRow() {
    assertFalse(CopyFailures.worthRowByRow(new PSQLException("An I/O error occurred while sending to the backend.",
        PSQLState.CONNECTION_FAILURE)));
    assertFalse(CopyFailures.worthRowByRow(new PSQLException("connection lost", PSQLState.CONNECTION_UNABLE_TO_CONNECT)));
    assertFalse(CopyFailures.worthRowByRow(new SQLException("no state")));
  }

  @Test
  void duplicatesRefusedValuesAndDeadlocksAreSettledRowByRowButNotAFullDisk() {
    assertTrue(CopyFailures.worthRowByRow(fromServer("23505", "duplicate key value violates unique constraint")));
    assertTrue(CopyFailures.worthRowByRow(fromServer("22P02", "invalid input syntax")));
    assertTrue(CopyFailures.worthRowByRow(fromServer("40P01", "deadlock detected")));
    assertFalse(CopyFailures.worthRowByRow(fromServer("53100", "could not extend file")));
    assertFalse(CopyFailures.dataError(fromServer("08000", "Copy failed on a data node")));
  }
}
