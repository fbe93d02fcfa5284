package stress.load.importer.connection;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import stress.testing.InterceptedConnection;
import stress.testing.TestDatabase;

/**
 * The connection opened in the background for the end of an import: usable when taken, its opening's failure thrown
 * to the taker, and closed when the import ends without taking it.
 */
class EarlyConnectionTest {
  private final String url = TestDatabase.url("postgres");

  @Test
  void aTakenConnectionIsOpenAndTheTakersToClose() throws SQLException {
    try (EarlyConnection early = new EarlyConnection(() -> TestDatabase.connect(url));
         Connection c = early.take()) {
      assertTrue(c.isValid(5));
    }
  }

  @Test
  void aFailureToOpenIsThrownByTake() {
    SQLException refused = new SQLException("refused", "08001");
    try (EarlyConnection early = new EarlyConnection(() -> {
      throw refused;
    })) {
      assertSame(refused, assertThrows(SQLException.class, early::take));
    }
  }

  @Test
  void aConnectionNotTakenIsClosedOnceOpen() throws InterruptedException {
    CountDownLatch closed = new CountDownLatch(1);
    try (EarlyConnection early = new EarlyConnection(() -> InterceptedConnection.before(TestDatabase.connect(url),
        "close", closed::countDown))) {
      // the import ends before its load: nothing takes it
    }
    assertTrue(closed.await(30, TimeUnit.SECONDS), "the connection was not closed");
  }
}
