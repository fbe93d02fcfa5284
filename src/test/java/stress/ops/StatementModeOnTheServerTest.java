package stress.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.connect.ConnectionSpec;
import stress.connect.PhysicalConnections;
import stress.model.OperationSettings;
import stress.model.StatementMode;
import stress.ops.builtin.FindFirst;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;
import stress.keys.DenseIntegerKeys;
import stress.keys.KeyChooser;
import stress.keys.UniformDistribution;

/**
 * What reaches the server in each statement mode and pgjdbc setting, read from the server's own
 * pg_prepared_statements of the connection that ran find_first.
 */
class StatementModeOnTheServerTest {
  private static final DocumentTable TABLE = new DocumentTable(null, "modes", IdType.INTEGER);
  private static String url;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("modes");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(TABLE)) {
        s.execute(ddl);
      }
      s.execute("INSERT INTO modes SELECT i, jsonb_build_object('i', i) FROM generate_series(1, 100) i");
    }
  }

  /** Server-side prepared statements of the session after {@code executions} find_first runs. */
  private static List<String> preparedOnServer(String mode, String queryMode, int threshold, int executions)
      throws SQLException {
    ConnectionSpec spec = new ConnectionSpec(url, "postgres", null,
        Map.of("preferQueryMode", queryMode, "prepareThreshold", Integer.toString(threshold)), List.of());
    Operation.Bound findFirst = new FindFirst().bind(new OperationContext(TABLE, new OperationSettings(40, 1, 2, 10)));
    try (Connection c = PhysicalConnections.open(spec);
         OperationSession session = new OperationSession(StatementMode.parse(mode), true,
             new KeyChooser(new DenseIntegerKeys(1, 100, true), new UniformDistribution(100)), new SplittableRandom(1), 10)) {
      session.attach(c);
      for (int i = 0; i < executions; i++) {
        assertEquals(1, findFirst.execute(session));
      }
      List<String> statements = new ArrayList<>();
      try (Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT statement FROM pg_prepared_statements"
               + " WHERE statement LIKE 'SELECT \\_id, data FROM %' ORDER BY name")) {
        while (rs.next()) {
          statements.add(rs.getString(1));
        }
      }
      return statements;
    }
  }

  /**
   * Expected: "none" (nothing named on the server), "parameterized" (one named statement with $1) or
   * "literals" (pgjdbc names every distinct literal statement too: with a plain Statement and a low
   * prepareThreshold the server collects one prepared statement per key value).
   */
  @ParameterizedTest(name = "{0} {1} prepareThreshold={2} after {3} executions: {4}")
  @CsvSource({
      "prepared, extended,            5, 4,  none",
      "prepared, extended,            5, 6,  parameterized",
      "prepared, extended,            1, 1,  parameterized",
      "prepared, extended,            0, 10, none",
      "prepared, extendedForPrepared, 5, 6,  parameterized",
      "prepared, simple,              1, 10, none",
      "plain,    extended,            5, 10, none",
      "plain,    extended,            1, 10, literals",
      "plain,    extendedForPrepared, 1, 10, none",
      "plain,    simple,              1, 10, none",
  })
  void whatReachesTheServer(String mode, String queryMode, int threshold, int executions, String expected)
      throws SQLException {
    List<String> statements = preparedOnServer(mode, queryMode, threshold, executions);
    switch (expected) {
      case "none" -> assertEquals(List.of(), statements);
      case "parameterized" -> assertEquals(List.of("SELECT _id, data FROM \"modes\" WHERE _id = $1"), statements);
      case "literals" -> {
        assertTrue(statements.size() > 1, statements.toString());
        assertTrue(statements.stream().allMatch(st -> st.matches("SELECT _id, data FROM \"modes\" WHERE _id = \\d+")),
            statements.toString());
      }
      default -> throw new IllegalArgumentException(expected);
    }
  }
}
