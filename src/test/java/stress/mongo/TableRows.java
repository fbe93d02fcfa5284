package stress.mongo;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import stress.table.DocumentTable;
import stress.testing.TestDatabase;
import stress.workload.WorkloadFile;

/** What the typed-form tests read from their test database: a statement's rows, its plan, a file's statement. */
final class TableRows {
  private TableRows() {}

  /** The first column of each row the statement returns, as text, in its order. */
  static List<String> of(String url, String sql) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        rows.add(rs.getString(1));
      }
    }
    return rows;
  }

  /** The statement's EXPLAIN text. */
  static String plan(String url, String sql) throws SQLException {
    return String.join("\n", of(url, "EXPLAIN " + sql));
  }

  /** The statement of a workload file's operation as written for the table, with its literals in place. */
  static String statement(WorkloadFile workload, String name, Connection c, DocumentTable table) {
    try {
      return ((stress.ops.file.WorkloadOperation) workload.operations().get(name)).forTable(c, table).textFor(0, table);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
