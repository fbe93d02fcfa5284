package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * {@code $expr} evaluates each operand once per document: its SQL and its plan grow linearly with the nesting of the
 * expression. Before, the planner wrote each operand in again wherever a comparison or an arithmetic read it, and a
 * three-level expression on the zips planned into some 1,750 subplans.
 */
class ExprPlanSizeTest {
  private static String url;

  @BeforeAll
  static void zips() throws SQLException {
    url = TestDatabase.newDatabaseUrl("expr_plan_size");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE zips (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO zips VALUES (1, '{\"state\": \"WY\", \"pop\": 50, \"loc\": {\"x\": -104.8, \"y\": 41.1}}'),"
          + " (2, '{\"state\": \"WY\", \"pop\": 900, \"loc\": {\"x\": -30.0, \"y\": 41.1}}'),"
          + " (3, '{\"state\": \"AK\", \"pop\": 60, \"loc\": {\"x\": -150.0, \"y\": 61.2}}'),"
          + " (4, '{\"state\": \"AK\", \"pop\": 700, \"loc\": {\"x\": -149.9, \"y\": 61.2}}')");
    }
  }

  /** Subplans and init plans in the server's plan of {@code sql}. */
  static int subplans(Connection c, String sql) throws SQLException {
    int count = 0;
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("EXPLAIN (VERBOSE) " + sql)) {
      while (rs.next()) {
        String line = rs.getString(1).strip();
        if (line.startsWith("SubPlan ") || line.startsWith("InitPlan ")) {
          count++;
        }
      }
    }
    return count;
  }

  private static String sql(String filter, boolean jsonpath) {
    MongoStatement m = MongoStatement.translate("find", BsonDocument.parse("{filter: " + filter + "}"),
        new Parameters(List.of()), new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()));
    return IdLiteral.resolve(m.statement().sql(), IdType.INTEGER).replace("{table}", "zips")
        .replace("SELECT _id, data", "SELECT _id") + " ORDER BY _id";
  }

  private static String ids(String sql) throws SQLException {
    return ids(url, sql);
  }

  /** The first column of the rows {@code sql} selects in the database at {@code url}, space-separated. */
  static String ids(String url, String sql) throws SQLException {
    List<String> found = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        found.add(rs.getString(1));
      }
    }
    return String.join(" ", found);
  }

  @Test
  void theIssuesShapesPlanSmallAndSelectTheRightDocuments() throws SQLException {
    String west = "{state: 'WY', $expr: {$gt: ['$loc.x', {$multiply: [-1, '$loc.y']}]}}";
    String small = "{$expr: {$and: [{$eq: ['$state', 'AK']}, {$lt: [{$add: ['$pop', 100]}, 200]}]}}";
    for (boolean jsonpath : new boolean[] {true, false}) {
      try (Connection c = TestDatabase.connect(url)) {
        assertTrue(subplans(c, sql(west, jsonpath)) < 20, sql(west, jsonpath));
        assertTrue(subplans(c, sql(small, jsonpath)) < 20, sql(small, jsonpath));
      }
      assertEquals("2", ids(sql(west, jsonpath)), "-30.0 > -41.1 only");
      assertEquals("3", ids(sql(small, jsonpath)));
    }
  }

  /** Nesting k levels of arithmetic adds a bounded number of subplans and characters per level, not a factor. */
  @Test
  void nestedArithmeticGrowsLinearly() throws SQLException {
    int[] plans = new int[9];
    int[] lengths = new int[9];
    String e = "'$pop'";
    for (int depth = 1; depth <= 8; depth++) {
      e = "{$add: [{$multiply: [" + e + ", 2]}, 1]}";
      String sql = sql("{$expr: {$gt: [" + e + ", 10000]}}", true);
      try (Connection c = TestDatabase.connect(url)) {
        plans[depth] = subplans(c, sql);
      }
      lengths[depth] = sql.length();
      if (depth == 8) {
        // pop 50 gives 12,799 at this depth, 60 gives 15,359: above 10,000 all four
        assertEquals("1 2 3 4", ids(sql));
      }
    }
    int planStep = plans[2] - plans[1];
    int lengthStep = lengths[2] - lengths[1];
    for (int depth = 3; depth <= 8; depth++) {
      assertEquals(planStep, plans[depth] - plans[depth - 1], "subplans per level, at " + depth + ": "
          + java.util.Arrays.toString(plans));
      // the aliases' numbers gain a digit on the way (q9, q10): a few characters more per level, not a factor
      assertTrue(lengths[depth] - lengths[depth - 1] <= lengthStep * 1.1, "characters per level, at " + depth + ": "
          + java.util.Arrays.toString(lengths));
    }
    assertTrue(plans[8] < 100, java.util.Arrays.toString(plans));
  }
}
