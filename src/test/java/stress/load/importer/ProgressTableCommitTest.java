package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/**
 * A batch's checkpoint goes with its commit in one round trip, and, when asked, with the next batch's BEGIN: the
 * checkpoint is committed, the session is left in a new empty transaction (or in none), and a checkpoint that fails
 * commits nothing.
 */
class ProgressTableCommitTest {
  private String url;
  private final ProgressTable progress = new ProgressTable(null);

  @BeforeEach
  void setUp() throws Exception {
    url = TestDatabase.newDatabaseUrl("progress_commit");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      progress.ensure(c);
      s.execute("CREATE TABLE rows_loaded (n int)");
    }
  }

  @Test
  void theCheckpointCommitsWithTheBatchAndTheNextTransactionIsOpen() throws Exception {
    try (Connection load = TestDatabase.connect(url); Connection observer = TestDatabase.connect(url)) {
      int pid = pid(load);
      load.setAutoCommit(false);
      insertRow(load, 1);
      progress.recordAndCommit(load, checkpoint(0, 99), true);

      assertEquals(List.of(0L), firstIndexes(observer));
      assertEquals(1, rows(observer));
      assertEquals("idle in transaction", state(observer, pid));

      insertRow(load, 2); // the next batch runs in the transaction opened ahead
      progress.recordAndCommit(load, checkpoint(100, 199), false);

      assertEquals(List.of(0L, 100L), firstIndexes(observer));
      assertEquals(2, rows(observer));
      assertEquals("idle", state(observer, pid));
    }
  }

  @Test
  void aCheckpointThatFailsCommitsNothingOfTheBatch() throws Exception {
    try (Connection load = TestDatabase.connect(url); Connection observer = TestDatabase.connect(url)) {
      load.setAutoCommit(false);
      insertRow(load, 1);
      progress.recordAndCommit(load, checkpoint(0, 99), true);
      insertRow(load, 2);

      // the same range again breaks the ledger's primary key: nothing of the batch commits
      assertThrows(SQLException.class, () -> progress.recordAndCommit(load, checkpoint(0, 99), true));
      load.rollback();

      assertEquals(List.of(0L), firstIndexes(observer));
      assertEquals(1, rows(observer));
    }
  }

  private static ProgressTable.Checkpoint checkpoint(long first, long last) {
    return new ProgressTable.Checkpoint("/dump/shop/items.bson", "\"shop_items\"", first, last, last - first + 1, 0, 0,
        0, 1000, false, null);
  }

  private static void insertRow(Connection c, int n) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO rows_loaded VALUES (?)")) {
      ps.setInt(1, n);
      ps.executeUpdate();
    }
  }

  private List<Long> firstIndexes(Connection observer) throws SQLException {
    return progress.read(observer, "/dump/shop/items.bson", "\"shop_items\"").stream()
        .map(ProgressTable.Checkpoint::firstIndex).toList();
  }

  private static long rows(Connection observer) throws SQLException {
    try (Statement s = observer.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM rows_loaded")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static int pid(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** The state of the session with process {@code pid}, as the server shows it to another session. */
  private static String state(Connection observer, int pid) throws SQLException {
    try (PreparedStatement ps = observer.prepareStatement("SELECT state FROM pg_stat_activity WHERE pid = ?")) {
      ps.setInt(1, pid);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }
}
