package stress.load.importer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import stress.table.Identifiers;

/**
 * The checkpoints of imports, in the target database: one row per committed batch, written in the same
 * transaction as the batch's rows, so after a kill at any moment the table says exactly which documents are in.
 * A batch covers a contiguous run of document indexes of one collection (its loaded and rejected documents).
 *
 * <pre>
 * stress_import_progress (source text, target text, first_index bigint, last_index bigint, loaded bigint,
 *   rejected bigint, skipped bigint, updated bigint, bytes bigint, end_of_stream boolean, stop_reason text,
 *   committed_at timestamptz, PRIMARY KEY (source, target, first_index))
 * </pre>
 * {@code source} is the collection's data file (or archive and namespace), {@code target} the table's quoted
 * name. {@code end_of_stream} marks the batch that holds the collection's last document (or the document where
 * reading stopped at corrupt input, with {@code stop_reason}).
 */
final class ProgressTable {
  static final String NAME = "stress_import_progress";

  private final String qualifiedName;

  ProgressTable(String schema) {
    this.qualifiedName = schema == null ? Identifiers.quote(NAME) : Identifiers.quote(schema) + "." + Identifiers.quote(NAME);
  }

  String qualifiedName() {
    return qualifiedName;
  }

  /** One committed batch. */
  record Checkpoint(String source, String target, long firstIndex, long lastIndex, long loaded, long rejected,
                    long skipped, long updated, long bytes, boolean endOfStream, String stopReason) {
    long documents() {
      return lastIndex - firstIndex + 1;
    }
  }

  /** Creates the table when it does not exist (autocommit). */
  void ensure(Connection connection) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS " + qualifiedName + " (source text NOT NULL, target text NOT NULL,"
          + " first_index bigint NOT NULL, last_index bigint NOT NULL, loaded bigint NOT NULL, rejected bigint NOT NULL,"
          + " skipped bigint NOT NULL, updated bigint NOT NULL, bytes bigint NOT NULL, end_of_stream boolean NOT NULL,"
          + " stop_reason text, committed_at timestamptz NOT NULL DEFAULT now(),"
          + " PRIMARY KEY (source, target, first_index))");
    }
  }

  /** The committed batches of a collection into a table, by first index. */
  List<Checkpoint> read(Connection connection, String source, String target) throws SQLException {
    List<Checkpoint> found = new ArrayList<>();
    try (PreparedStatement ps = connection.prepareStatement("SELECT first_index, last_index, loaded, rejected, skipped,"
        + " updated, bytes, end_of_stream, stop_reason FROM " + qualifiedName + " WHERE source = ? AND target = ?"
        + " ORDER BY first_index")) {
      ps.setString(1, source);
      ps.setString(2, target);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          found.add(new Checkpoint(source, target, rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
              rs.getLong(5), rs.getLong(6), rs.getLong(7), rs.getBoolean(8), rs.getString(9)));
        }
      }
    }
    return found;
  }

  /** Forgets the checkpoints of a collection into a table (a fresh import starts from its first document). */
  void clear(Connection connection, String source, String target) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("DELETE FROM " + qualifiedName
        + " WHERE source = ? AND target = ?")) {
      ps.setString(1, source);
      ps.setString(2, target);
      ps.executeUpdate();
    }
  }

  /** Records a batch, in the caller's transaction. */
  void record(Connection connection, Checkpoint c) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(insert(""))) {
      bind(ps, c);
      ps.executeUpdate();
    }
  }

  /**
   * Records a batch and commits the caller's transaction with it in one round trip; with {@code beginNext}, the same
   * round trip opens the transaction of the stream's next batch (saving the BEGIN a COPY would otherwise wait for).
   * The statements go as one pipeline: if the INSERT fails, the COMMIT and BEGIN do not run.
   */
  void recordAndCommit(Connection connection, Checkpoint c, boolean beginNext) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(insert(beginNext ? "; COMMIT; BEGIN" : "; COMMIT"))) {
      bind(ps, c);
      ps.execute();
    }
  }

  private String insert(String after) {
    return "INSERT INTO " + qualifiedName + " (source, target, first_index, last_index, loaded, rejected, skipped,"
        + " updated, bytes, end_of_stream, stop_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)" + after;
  }

  private static void bind(PreparedStatement ps, Checkpoint c) throws SQLException {
    ps.setString(1, c.source());
    ps.setString(2, c.target());
    ps.setLong(3, c.firstIndex());
    ps.setLong(4, c.lastIndex());
    ps.setLong(5, c.loaded());
    ps.setLong(6, c.rejected());
    ps.setLong(7, c.skipped());
    ps.setLong(8, c.updated());
    ps.setLong(9, c.bytes());
    ps.setBoolean(10, c.endOfStream());
    ps.setString(11, c.stopReason());
  }

  /**
   * True when the checkpoints cover a whole collection: contiguous from index 0 up to a batch that holds the end
   * of the stream.
   */
  static boolean complete(List<Checkpoint> checkpoints) {
    long next = 0;
    for (Checkpoint c : checkpoints) {
      if (c.firstIndex() != next) {
        return false;
      }
      next = c.lastIndex() + 1;
    }
    return !checkpoints.isEmpty() && checkpoints.get(checkpoints.size() - 1).endOfStream();
  }
}
