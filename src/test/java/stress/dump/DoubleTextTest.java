package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import stress.dump.bson.BsonJson;
import stress.dump.bson.DoubleText;
import stress.dump.bson.JsonFormat;
import stress.dump.document.ConvertedDocument;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdTextForm;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * Doubles become the shortest decimal that reads back as the same double, whatever the JDK ({@code Double.toString}
 * of JDK 17 writes {@code 9.999999999999999E22} for 1e23): the hard cases against what JavaScript (mongosh) prints,
 * an independent shortest-digits oracle over random doubles, every place a double becomes text, and jsonb equality
 * with MongoDB's text in a real PostgreSQL.
 */
class DoubleTextTest {

  /** Value, the text written, the text mongosh (JavaScript) prints for it. */
  static Stream<Arguments> hardCases() {
    return Stream.of(
        Arguments.of(1e23, "1.0E23", "1e+23"),
        Arguments.of(0x1p63, "9.223372036854776E18", "9223372036854776000"),
        Arguments.of(Double.MIN_VALUE, "5.0E-324", "5e-324"),
        Arguments.of(-Double.MIN_VALUE, "-5.0E-324", "-5e-324"),
        Arguments.of(2 * Double.MIN_VALUE, "1.0E-323", "1e-323"),
        Arguments.of(Double.MAX_VALUE, "1.7976931348623157E308", "1.7976931348623157e+308"),
        Arguments.of(0.1 + 0.2, "0.30000000000000004", "0.30000000000000004"),
        Arguments.of(1.0 / 3, "0.3333333333333333", "0.3333333333333333"),
        Arguments.of(9007199254740993d, "9.007199254740992E15", "9007199254740992"),
        Arguments.of(3.965398545549435E17, "3.965398545549435E17", "396539854554943500"),
        Arguments.of(1.0964378293475245E18, "1.0964378293475245E18", "1096437829347524500"),
        Arguments.of(6.02214076e23, "6.02214076E23", "6.02214076e+23"),
        Arguments.of(2.0, "2.0", "2"),
        Arguments.of(1e300, "1.0E300", "1e+300"),
        Arguments.of(1e7, "1.0E7", "10000000"),
        Arguments.of(1e-3, "0.001", "0.001"),
        Arguments.of(1e-4, "1.0E-4", "0.0001"),
        Arguments.of(Double.MIN_NORMAL, "2.2250738585072014E-308", "2.2250738585072014e-308"),
        Arguments.of(-0.0, "-0.0", "0"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hardCases")
  void hardCasesAreWrittenAsTheShortestRoundTripDecimal(double value, String text, String javaScript) {
    assertEquals(text, DoubleText.of(value));
    assertEquals(value, Double.parseDouble(text));
    assertEquals(0, new BigDecimal(text).compareTo(new BigDecimal(javaScript)), "same number as mongosh prints");
    assertEquals(shortest(value).stripTrailingZeros(), new BigDecimal(text).stripTrailingZeros());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hardCases")
  void everyPlaceADoubleBecomesTextWritesTheSame(double value, String text, String javaScript) throws Exception {
    BsonDocument document = new BsonDocument("_id", new BsonDouble(value)).append("v", new BsonDouble(value))
        .append("deep", new BsonDocument("a", new BsonArray(List.of(new BsonDocument("b", new BsonDouble(value)),
            new BsonDouble(value)))));
    byte[] bytes = bytes(document);
    String number = text.replace(".0E-", "E-"); // relaxed JSON drops the padding zero jsonb would keep as scale
    String relaxed = "{\"_id\": %1$s, \"v\": %1$s, \"deep\": {\"a\": [{\"b\": %1$s}, %1$s]}}".formatted(number);
    String wrapped = "{\"$numberDouble\": \"" + text + "\"}";
    String canonical = "{\"_id\": %1$s, \"v\": %1$s, \"deep\": {\"a\": [{\"b\": %1$s}, %1$s]}}".formatted(wrapped);
    assertEquals(relaxed, BsonJson.toJson(bytes, JsonFormat.RELAXED));
    assertEquals(canonical, BsonJson.toJson(bytes, JsonFormat.CANONICAL));
    assertEquals(BsonDocument.parse(canonical), document, "canonical text reads back to the same BSON");

    DumpDocument dumped = new DumpDocument("t.bson", 0, 0, bytes);
    ConvertedDocument converted = new DocumentConverter(JsonFormat.RELAXED,
        new IdConverter(IdType.DOUBLE, IdTextForm.PLAIN)).convert(dumped);
    assertEquals(text, converted.idText(), "double _id column text");
    assertEquals(number, new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.TEXT, IdTextForm.EXTENDED_JSON))
        .convert(dumped).idText(), "Extended JSON _id text");
    java.io.StringWriter copyText = new java.io.StringWriter();
    new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.DOUBLE, IdTextForm.PLAIN)).write(dumped, copyText);
    assertEquals(relaxed, copyText.toString(), "the one-pass writer of the COPY path");
  }

  @Test
  void nonFiniteValuesAreWrappedAsExtendedJsonSays() throws Exception {
    for (double value : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      byte[] bytes = bytes(new BsonDocument("v", new BsonDouble(value)));
      String expected = "{\"v\": {\"$numberDouble\": \"" + Double.toString(value) + "\"}}";
      assertEquals(expected, BsonJson.toJson(bytes, JsonFormat.RELAXED));
      assertEquals(expected, BsonJson.toJson(bytes, JsonFormat.CANONICAL));
    }
  }

  @Test
  void randomDoublesAgreeWithAnIndependentShortestDigitsOracle() {
    SplittableRandom random = new SplittableRandom(20261122);
    for (int i = 0; i < 40_000; i++) {
      checkShortest(Double.longBitsToDouble(random.nextLong()));
    }
    for (int i = 0; i < 10_000; i++) {
      checkShortest(random.nextLong(1L << 40, 1L << 62) * (random.nextBoolean() ? 1.0 : 1e-3)); // id-like numbers
      checkShortest(Double.longBitsToDouble(random.nextLong(1, 1L << 52))); // subnormals
    }
    for (long k = 1; k <= 3000; k++) {
      checkShortest(k * Double.MIN_VALUE); // subnormals with few significant bits
    }
  }

  /**
   * jsonb holds the same number as MongoDB prints: containment with mongosh's text finds the row, and
   * {@code data->>'v'} is mongosh's text (but for whole numbers, which keep their {@code .0} to stay doubles).
   */
  @Test
  void jsonbMatchesTheNumberMongoDbPrints() throws Exception {
    try (Connection c = DriverManager.getConnection(TestDatabase.newDatabaseUrl("doubles"), "postgres", null);
         PreparedStatement insert = c.prepareStatement("INSERT INTO docs VALUES (?::float8, ?::jsonb)");
         PreparedStatement find = c.prepareStatement(
             "SELECT count(*) FROM docs WHERE data @> ?::jsonb AND (data->>'v' = (?::jsonb)->>'v' OR data->>'v' LIKE '%.0')"
                 + " AND _id = ?::float8")) {
      c.createStatement().execute("CREATE TABLE docs (_id float8 primary key, data jsonb not null)");
      List<Arguments> cases = hardCases().filter(a -> !a.get()[0].equals(-0.0)).toList(); // numeric has no -0
      for (Arguments a : cases) {
        double value = (double) a.get()[0];
        RawBsonDocument document = raw(new BsonDocument("_id", new BsonDouble(value)).append("v", new BsonDouble(value)));
        ConvertedDocument converted = new DocumentConverter(JsonFormat.RELAXED,
            new IdConverter(IdType.DOUBLE, IdTextForm.PLAIN)).convert(new DumpDocument("t", 0, 0, bytes(document)));
        insert.setString(1, converted.idText());
        insert.setString(2, converted.json());
        insert.executeUpdate();
      }
      for (Arguments a : cases) {
        String mongo = "{\"v\": " + a.get()[2] + "}";
        find.setString(1, mongo);
        find.setString(2, mongo);
        find.setString(3, (String) a.get()[2]);
        try (ResultSet rs = find.executeQuery()) {
          rs.next();
          assertEquals(1, rs.getInt(1), "row with v = " + a.get()[2]);
        }
      }
    }
  }

  private static void checkShortest(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value) || value == 0) {
      return;
    }
    String text = DoubleText.of(value);
    assertEquals(value, Double.parseDouble(text), text);
    BigDecimal expected = shortest(value);
    assertTrue(expected.compareTo(new BigDecimal(text)) == 0, () -> Double.toHexString(value) + ": wrote " + text
        + ", shortest is " + expected);
  }

  /** The nearest decimal of fewest significant digits that reads back as {@code value}; by brute force. */
  private static BigDecimal shortest(double value) {
    if (value == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal exact = new BigDecimal(value);
    for (int digits = 1; digits <= 17; digits++) {
      BigDecimal candidate = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
      if (Double.parseDouble(candidate.toString()) == value) {
        return candidate;
      }
    }
    throw new AssertionError("no decimal of 17 digits reads back as " + value);
  }

  private static RawBsonDocument raw(BsonDocument document) {
    return new RawBsonDocument(document, new BsonDocumentCodec());
  }

  private static byte[] bytes(BsonDocument document) {
    RawBsonDocument raw = raw(document);
    byte[] bytes = new byte[raw.getByteBuffer().remaining()];
    raw.getByteBuffer().get(bytes);
    return bytes;
  }
}
