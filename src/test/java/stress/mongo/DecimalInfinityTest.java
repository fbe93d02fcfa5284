package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.ops.IdLiteral;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * A Decimal128 infinity stands for a numeric one in every statement that reads a number as a Decimal128 may hold
 * it. The planner folds that literal into a constant, and the constant is what a plan (and a Citus worker's query)
 * carries: numeric's own infinity where the server has it, else the shortest value beyond every finite one. A
 * literal of 10^100000 made the plan of a {@code $group}'s {@code $sum} some 400 KB, shipped with every execution.
 */
class DecimalInfinityTest {
  private static final String REVENUE = "{pipeline: [{$group: {_id: '$status', orders: {$sum: 1},"
      + " revenue: {$sum: '$totals.grandTotal'}}}, {$sort: {_id: 1}}]}";
  private static String url;

  @BeforeAll
  static void orders() throws SQLException {
    url = TestDatabase.newDatabaseUrl("decimal_infinity");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE orders (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO orders VALUES"
          + " (1, '{\"status\": \"a\", \"totals\": {\"grandTotal\": {\"$numberDecimal\": \"9.999999999999999999999999999999999E+6144\"}}}'),"
          + " (2, '{\"status\": \"a\", \"totals\": {\"grandTotal\": 1.5}}'),"
          + " (3, '{\"status\": \"b\", \"totals\": {\"grandTotal\": {\"$numberDecimal\": \"-Infinity\"}}}'),"
          + " (4, '{\"status\": \"c\", \"totals\": {\"grandTotal\": {\"$numberDecimal\": \"2.25\"}}}')");
    }
  }

  private static String sql(String pipeline, boolean numericInfinity) {
    MongoStatement m = MongoStatement.translate("aggregate", BsonDocument.parse(pipeline), new Parameters(List.of()),
        new TranslationTarget(PathCatalog.NONE, true, Map.of()).withNumericInfinity(numericInfinity));
    return IdLiteral.resolve(m.statement().sql(), IdType.INTEGER).replace("{table}", "orders");
  }

  /** The longest run of digits in the server's verbose plan, whose expressions show the constants as folded. */
  private static int longestNumber(String sql) throws SQLException {
    int longest = 0;
    java.util.regex.Pattern digits = java.util.regex.Pattern.compile("[0-9]+");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("EXPLAIN (VERBOSE) " + sql)) {
      while (rs.next()) {
        java.util.regex.Matcher m = digits.matcher(rs.getString(1));
        while (m.find()) {
          longest = Math.max(longest, m.end() - m.start());
        }
      }
    }
    return longest;
  }

  private static String documents(String sql) throws SQLException {
    StringBuilder out = new StringBuilder();
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.append(rs.getString(1).length() > 200 ? "(long)" : rs.getString(1)).append('\n');
      }
    }
    return out.toString();
  }

  @Test
  void aSumsPlanCarriesNoHugeConstant() throws SQLException {
    assertTrue(longestNumber(sql(REVENUE, true)) < 20, "numeric infinities: no long constant");
    // 6,146 digits (10^6145), not 100,001 (10^100000)
    assertEquals(6146, longestNumber(sql(REVENUE, false)), "before PostgreSQL 14");
  }

  @Test
  void beyondIsAboveTheLargestFiniteDecimalAndItsSquareIsANumeric() throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT CAST('" + Decimals.BEYOND + "' AS numeric)"
             + " > CAST('9.999999999999999999999999999999999E+6144' AS numeric), CAST('" + Decimals.BEYOND
             + "' AS numeric) > CAST('1.7976931348623157E+308' AS numeric), CAST('" + Decimals.BEYOND + "' AS numeric)"
             + " * CAST('" + Decimals.BEYOND + "' AS numeric) > 0")) {
      rs.next();
      assertTrue(rs.getBoolean(1) && rs.getBoolean(2) && rs.getBoolean(3));
    }
  }

  /** The sums are the same in both forms where no infinity is summed (a finite one, the largest, is exact). */
  @Test
  void bothFormsSumTheSame() throws SQLException {
    String finite = REVENUE.replace("[{$group", "[{$match: {status: {$ne: 'b'}}}, {$group");
    String withInfinity = documents(sql(finite, true));
    assertEquals(withInfinity, documents(sql(finite, false)));
    assertTrue(withInfinity.contains("{\"_id\": \"c\", \"orders\": 1, \"revenue\": {\"$numberDecimal\": \"2.25\"}}"),
        withInfinity);
  }
}
