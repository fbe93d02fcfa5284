package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.mongo.value.Parameters;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * The translated filters can use the indexes a user would build: a GIN {@code jsonb_path_ops} index on
 * {@code data} serves equality and {@code $in}, with a literal and with a parameter bound per execution, and an
 * {@code _id} condition reads the primary key.
 */
class MongoIndexUseTest {
  private static String url;

  @BeforeAll
  static void table() throws SQLException {
    url = TestDatabase.newDatabaseUrl("mongo_index");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE docs (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO docs SELECT i, jsonb_build_object('_id', i, 'status', 's' || (i % 50),"
          + " 'tags', jsonb_build_array('t' || (i % 7), 't' || (i % 11))) FROM generate_series(1, 20000) i");
      st.execute("CREATE INDEX docs_data ON docs USING gin (data jsonb_path_ops)");
      st.execute("ANALYZE docs");
    }
  }

  private static String plan(String filter, Object... values) throws SQLException {
    String sql = MongoStatement.translate("find", BsonDocument.parse("{filter: " + filter + "}"),
        new Parameters(List.of("p"))).statement().sql();
    sql = IdLiteral.resolve(sql, IdType.INTEGER).replace("{table}", "docs");
    StringBuilder plan = new StringBuilder();
    try (Connection c = TestDatabase.connect(url); PreparedStatement ps = c.prepareStatement("EXPLAIN " + sql)) {
      for (int i = 0; i < values.length; i++) {
        ps.setObject(i + 1, values[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          plan.append(rs.getString(1)).append('\n');
        }
      }
    }
    return plan.toString();
  }

  @Test
  void equalityAndInUseTheGinIndex() throws SQLException {
    for (String filter : List.of("{status: 's7'}", "{tags: 't3'}", "{status: {$in: ['s1', 's2']}}")) {
      String plan = plan(filter);
      assertTrue(plan.contains("Bitmap Index Scan on docs_data"), filter + "\n" + plan);
    }
  }

  @Test
  void aParameterBoundPerExecutionStillUsesIt() throws SQLException {
    String plan = plan("{status: ':p'}", "lax $.\"status\" ? (@ == \"s7\")");
    assertTrue(plan.contains("Bitmap Index Scan on docs_data"), plan);
  }

  @Test
  void anIdConditionReadsThePrimaryKey() throws SQLException {
    String plan = plan("{_id: 42}");
    assertTrue(plan.contains("Index Scan using docs_pkey"), plan);
    assertEquals(1, TestDatabase.count(url, "SELECT count(*) FROM docs WHERE _id IN ('42')"));
  }
}
