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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.mongo.value.Decimals;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
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
      st.execute("CREATE TABLE specials (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO specials VALUES"
          + " (1, '{\"a\": {\"$numberDecimal\": \"-Infinity\"}, \"b\": 1}'),"
          + " (2, '{\"a\": {\"$numberDouble\": \"Infinity\"}, \"b\": -1}'),"
          + " (3, '{\"a\": {\"$numberDecimal\": \"2.5\"}, \"b\": 1}'),"
          + " (4, '{\"a\": {\"$numberDouble\": \"NaN\"}, \"b\": 2}'),"
          + " (5, '{\"a\": {\"$numberDecimal\": \"Infinity\"}, \"b\": {\"$numberDecimal\": \"-Infinity\"}}')");
      st.execute("INSERT INTO orders VALUES"
          + " (1, '{\"status\": \"a\", \"totals\": {\"grandTotal\": {\"$numberDecimal\": \"9.999999999999999999999999999999999E+6144\"}}}'),"
          + " (2, '{\"status\": \"a\", \"totals\": {\"grandTotal\": 1.5}}'),"
          + " (3, '{\"status\": \"b\", \"totals\": {\"grandTotal\": {\"$numberDecimal\": \"-Infinity\"}}}'),"
          + " (4, '{\"status\": \"c\", \"totals\": {\"grandTotal\": {\"$numberDecimal\": \"2.25\"}}}')");
    }
  }

  private static String sql(String pipeline, boolean numericInfinity) {
    return sql(pipeline, numericInfinity, true).replace("{table}", "orders");
  }

  private static String sql(String pipeline, boolean numericInfinity, boolean jsonpath) {
    MongoStatement m = MongoStatement.translate("aggregate", BsonDocument.parse(pipeline), new Parameters(List.of()),
        new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()).withNumericInfinity(numericInfinity));
    return IdLiteral.resolve(m.statement().sql(), IdType.INTEGER);
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

  /**
   * Arithmetic on NaN and the infinities gives MongoDB's values of MongoDB's types (IEEE arithmetic; a Decimal128
   * operand makes a Decimal128, doubles stay doubles), never the string "Infinity", in both forms. Where numeric has
   * no infinity, the cases that need one (infinity minus infinity, times 0, the remainder of an infinity, a Decimal128
   * infinity divided) are left out (see {@link stress.mongo.expression.AggregateArithmetic}).
   */
  @ParameterizedTest(name = "numeric infinities {0}")
  @ValueSource(booleans = {true, false})
  void arithmeticOnInfinitiesAndNaNGivesMongoDbsValuesAndTypes(boolean numericInfinity) throws SQLException {
    String pipeline = "{pipeline: [{$project: {abs: {$abs: '$a'}, add: {$add: ['$a', '$b']}, sub: {$subtract: ['$a',"
        + " '$b']}, mul: {$multiply: ['$a', 0]}, div: {$divide: ['$a', 2]}, mod: {$mod: ['$a', 2]}}}, {$sort: {_id: 1}}]}";
    String[] expected = {
        "{_id: 1, abs: {$numberDecimal: 'Infinity'}, add: {$numberDecimal: '-Infinity'}, sub: {$numberDecimal: '-Infinity'},"
            + " mul: {$numberDecimal: 'NaN'}, div: {$numberDecimal: '-Infinity'}, mod: {$numberDecimal: 'NaN'}}",
        "{_id: 2, abs: {$numberDouble: 'Infinity'}, add: {$numberDouble: 'Infinity'}, sub: {$numberDouble: 'Infinity'},"
            + " mul: {$numberDouble: 'NaN'}, div: {$numberDouble: 'Infinity'}, mod: {$numberDouble: 'NaN'}}",
        "{_id: 3, abs: {$numberDecimal: '2.5'}, add: {$numberDecimal: '3.5'}, sub: {$numberDecimal: '1.5'},"
            + " mul: {$numberDecimal: '0'}, div: {$numberDecimal: '1.25'}, mod: {$numberDecimal: '0.5'}}",
        "{_id: 4, abs: {$numberDouble: 'NaN'}, add: {$numberDouble: 'NaN'}, sub: {$numberDouble: 'NaN'},"
            + " mul: {$numberDouble: 'NaN'}, div: {$numberDouble: 'NaN'}, mod: {$numberDouble: 'NaN'}}",
        "{_id: 5, abs: {$numberDecimal: 'Infinity'}, add: {$numberDecimal: 'NaN'}, sub: {$numberDecimal: 'Infinity'},"
            + " mul: {$numberDecimal: 'NaN'}, div: {$numberDecimal: 'Infinity'}, mod: {$numberDecimal: 'NaN'}}",
    };
    for (boolean jsonpath : new boolean[] {true, false}) {
      List<String> found = DocumentRows.query(url, sql(pipeline, numericInfinity, jsonpath).replace("{table}",
          "specials"));
      assertEquals(expected.length, found.size(), found.toString());
      for (int i = 0; i < expected.length; i++) {
        BsonDocument want = BsonDocument.parse(expected[i]);
        BsonDocument got = BsonDocument.parse(found.get(i));
        for (String field : want.keySet()) {
          boolean needsInfinities = field.equals("mul") && i != 2 || field.equals("add") && i == 4
              || field.equals("div") && (i == 0 || i == 4) || field.equals("mod") && i != 2 && i != 3;
          if (field.equals("_id")) {
            continue;
          }
          if (!numericInfinity && needsInfinities) {
            continue;
          }
          assertTrue(sameValueAndType(want.get(field), got.get(field)), () -> (jsonpath ? "jsonpath" : "without"
              + " jsonpath") + ", document " + want.get("_id") + ", " + field + ": expected " + want.get(field)
              + ", found " + got.get(field) + " in " + found);
        }
      }
    }
  }

  /** A sum and an average of a double infinity is that infinity, as a double ($numberDouble was not read before). */
  @ParameterizedTest(name = "numeric infinities {0}")
  @ValueSource(booleans = {true, false})
  void sumAndAverageOfAnInfinityAreThatInfinity(boolean numericInfinity) throws SQLException {
    String pipeline = "{pipeline: [{$match: {_id: {$in: [2, 3]}}}, {$group: {_id: null, s: {$sum: '$b'}, a: {$sum: '$a'}"
        + (numericInfinity ? ", avg: {$avg: '$a'}" : "") + "}}]}";
    for (boolean jsonpath : new boolean[] {true, false}) {
      List<String> found = DocumentRows.query(url, sql(pipeline, numericInfinity, jsonpath).replace("{table}",
          "specials"));
      BsonDocument got = BsonDocument.parse(found.get(0));
      // a Decimal128 2.5 and a double infinity: the sum is a Decimal128 infinity
      assertTrue(sameValueAndType(BsonDocument.parse("{v: {$numberDecimal: 'Infinity'}}").get("v"), got.get("a")),
          found::toString);
      if (numericInfinity) { // without, the mean of infinity and 2.5 is half the stand-in, a finite Decimal128
        assertTrue(sameValueAndType(BsonDocument.parse("{v: {$numberDecimal: 'Infinity'}}").get("v"), got.get("avg")),
            found::toString);
      }
      assertEquals(0, got.get("s").asNumber().intValue(), found::toString);
    }
  }

  /** Equal numbers of one BSON type (NaN equal to NaN; Decimal128 by value, whatever its exponent). */
  private static boolean sameValueAndType(org.bson.BsonValue want, org.bson.BsonValue got) {
    if (got == null || want.getBsonType() != got.getBsonType()) {
      return false;
    }
    if (want.isDecimal128()) {
      org.bson.types.Decimal128 w = want.asDecimal128().getValue();
      org.bson.types.Decimal128 g = got.asDecimal128().getValue();
      return w.isFinite() && g.isFinite() ? w.bigDecimalValue().compareTo(g.bigDecimalValue()) == 0
          : w.isNaN() == g.isNaN() && w.isInfinite() == g.isInfinite() && w.isNegative() == g.isNegative();
    }
    return want.isDouble() ? Double.compare(want.asDouble().getValue(), got.asDouble().getValue()) == 0
        : want.equals(got);
  }
}
