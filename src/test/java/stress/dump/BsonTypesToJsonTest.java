package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import stress.dump.bson.BsonJson;
import stress.dump.bson.BsonWalker;
import stress.dump.bson.JsonFormat;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdTextForm;
import stress.table.IdType;

/**
 * Every BSON type through {@link BsonJson}, as documented in docs/bson-to-jsonb.md: canonical JSON parses
 * back (org.bson's JsonReader) to the very same document; relaxed JSON does too except where the table
 * says otherwise. Also the rule for what jsonb cannot hold.
 */
class BsonTypesToJsonTest {
  private static final ObjectId ID = new ObjectId("546511a34bf6e4cb017c52ff");
  private static final BsonDbPointer POINTER = new BsonDbPointer("db.c", ID);

  /** Type, value, text expected in relaxed JSON, value expected back from relaxed JSON. */
  static Stream<Arguments> types() {
    return Stream.of(
        Arguments.of("double", new BsonDouble(1.5), "\"v\": 1.5", null),
        Arguments.of("double whole", new BsonDouble(2.0), "\"v\": 2.0", null),
        Arguments.of("double NaN", new BsonDouble(Double.NaN), "{\"$numberDouble\": \"NaN\"}", null),
        Arguments.of("double Infinity", new BsonDouble(Double.POSITIVE_INFINITY), "{\"$numberDouble\": \"Infinity\"}", null),
        Arguments.of("double -Infinity", new BsonDouble(Double.NEGATIVE_INFINITY), "{\"$numberDouble\": \"-Infinity\"}", null),
        Arguments.of("double -0.0", new BsonDouble(-0.0), "\"v\": -0.0", null),
        Arguments.of("double large", new BsonDouble(1e300), "\"v\": 1.0E300", null),
        Arguments.of("string", new BsonString("é\u00e9😀\u0001\"\\"), "\"v\": \"éé\\ud83d\\ude00\\u0001\\\"\\\\\"", null),
        Arguments.of("document", new BsonDocument("a", new BsonInt32(1)), "\"v\": {\"a\": 1}", null),
        Arguments.of("array", new BsonArray(List.of(new BsonInt32(1), new BsonString("x"))), "\"v\": [1, \"x\"]", null),
        Arguments.of("binary 00", new BsonBinary(new byte[] {1, 2, 3}), "{\"$binary\": {\"base64\": \"AQID\", \"subType\": \"00\"}}", null),
        Arguments.of("binary 04 UUID", new BsonBinary(BsonBinarySubType.UUID_STANDARD, new byte[16]), "\"subType\": \"04\"", null),
        Arguments.of("binary 03 legacy UUID", new BsonBinary(BsonBinarySubType.UUID_LEGACY, new byte[16]), "\"subType\": \"03\"", null),
        Arguments.of("ObjectId", new BsonObjectId(ID), "{\"$oid\": \"546511a34bf6e4cb017c52ff\"}", null),
        Arguments.of("bool", BsonBoolean.TRUE, "\"v\": true", null),
        Arguments.of("date", new BsonDateTime(1415991783123L), "{\"$date\": \"2014-11-14T19:03:03.123Z\"}", null),
        Arguments.of("date before 1970", new BsonDateTime(-1000L), "{\"$date\": {\"$numberLong\": \"-1000\"}}", null),
        Arguments.of("date after 9999", new BsonDateTime(253402300800000L), "{\"$date\": {\"$numberLong\": \"253402300800000\"}}", null),
        Arguments.of("null", BsonNull.VALUE, "\"v\": null", null),
        Arguments.of("regex", new BsonRegularExpression("^a.*", "im"), "{\"$regularExpression\": {\"pattern\": \"^a.*\", \"options\": \"im\"}}", null),
        Arguments.of("DBPointer", POINTER, "{\"$ref\": \"db.c\", \"$id\": {\"$oid\": \"546511a34bf6e4cb017c52ff\"}}",
            new BsonDocument("$ref", new BsonString("db.c")).append("$id", new BsonObjectId(ID))),
        Arguments.of("JavaScript", new BsonJavaScript("function(){}"), "{\"$code\": \"function(){}\"}", null),
        Arguments.of("symbol", new BsonSymbol("sym"), "{\"$symbol\": \"sym\"}", null),
        Arguments.of("JavaScript with scope", new BsonJavaScriptWithScope("x+1", new BsonDocument("x", new BsonInt32(1))),
            "{\"$code\": \"x+1\", \"$scope\": {\"x\": 1}}", null),
        Arguments.of("int32", new BsonInt32(7), "\"v\": 7", null),
        Arguments.of("timestamp", new BsonTimestamp(5, 6), "{\"$timestamp\": {\"t\": 5, \"i\": 6}}", null),
        Arguments.of("int64 small", new BsonInt64(7), "\"v\": 7", new BsonInt32(7)),
        Arguments.of("int64 large", new BsonInt64(1L << 40), "\"v\": 1099511627776", null),
        Arguments.of("decimal128", new BsonDecimal128(Decimal128.parse("1.10")), "{\"$numberDecimal\": \"1.10\"}", null),
        Arguments.of("decimal128 NaN", new BsonDecimal128(Decimal128.NaN), "{\"$numberDecimal\": \"NaN\"}", null),
        Arguments.of("MinKey", new BsonMinKey(), "{\"$minKey\": 1}", null),
        Arguments.of("MaxKey", new BsonMaxKey(), "{\"$maxKey\": 1}", null),
        Arguments.of("undefined", new BsonUndefined(), "{\"$undefined\": true}", null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  void canonicalRoundTripIsExactAndRelaxedAsDocumented(String name, BsonValue value, String relaxedText,
                                                      BsonValue relaxedBack) {
    BsonDocument original = new BsonDocument("_id", new BsonObjectId(ID)).append("v", value);
    byte[] bytes = Bson.bytes(original);

    String canonical = BsonJson.toJson(bytes, JsonFormat.CANONICAL);
    assertEquals(original, BsonDocument.parse(canonical), canonical);

    String relaxed = BsonJson.toJson(bytes, JsonFormat.RELAXED);
    assertTrue(relaxed.contains(relaxedText), relaxed);
    BsonValue expected = relaxedBack == null ? value : relaxedBack;
    assertEquals(new BsonDocument("_id", new BsonObjectId(ID)).append("v", expected), BsonDocument.parse(relaxed), relaxed);
    assertEquals(relaxed, BsonJson.toRelaxedJson(new RawBsonDocument(bytes)));
  }

  @Test
  void nulInAStringRejectsTheDocumentNamingTheField() {
    DumpDocument document = Bson.document(new BsonDocument("_id", new BsonInt32(1)).append("a",
        new BsonDocument("list", new BsonArray(List.of(new BsonString("ok"), new BsonString("x\0y"))))));
    DocumentConverter converter = new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.INTEGER, IdTextForm.PLAIN));
    DocumentRejectedException e = assertThrows(DocumentRejectedException.class, () -> converter.convert(document));
    assertEquals("field 'a.list.1': string contains U+0000 (NUL), which jsonb cannot store", e.rejection().reason());
    assertTrue(e.rejection().bytes().isPresent());
    IllegalArgumentException direct = assertThrows(IllegalArgumentException.class,
        () -> BsonJson.toJson(document.bytes(), JsonFormat.CANONICAL));
    assertEquals(e.rejection().reason(), direct.getMessage());
  }

  @Test
  void aRefusedDocumentLeavesNothingBehindForTheNext() throws Exception {
    byte[] refused = Bson.bytes(new BsonDocument("a", new BsonString("long enough text before the NUL")).append("b",
        new BsonString("x\0")));
    byte[] good = Bson.bytes(new BsonDocument("c", new BsonInt32(1)));
    assertThrows(IllegalArgumentException.class, () -> BsonJson.toJson(refused, JsonFormat.RELAXED));
    assertEquals("{\"c\": 1}", BsonJson.toJson(good, JsonFormat.RELAXED));
    // a document too large for the kept buffer, then a small one again, on this and on another thread
    String big = "y".repeat(5 << 20);
    assertEquals("{\"s\": \"" + big + "\"}", BsonJson.toJson(Bson.bytes(new BsonDocument("s", new BsonString(big))),
        JsonFormat.RELAXED));
    assertEquals("{\"c\": 1}", BsonJson.toJson(good, JsonFormat.RELAXED));
    String[] other = new String[1];
    Thread thread = new Thread(() -> other[0] = BsonJson.toJson(good, JsonFormat.CANONICAL));
    thread.start();
    thread.join();
    assertEquals("{\"c\": {\"$numberInt\": \"1\"}}", other[0]);
  }

  @Test
  void nulInSymbolCodeAndPointerNamespaceIsRejectedToo() {
    for (BsonValue value : List.of(new BsonSymbol("a\0"), new BsonJavaScript("\0"),
        new BsonJavaScriptWithScope("x\0", new BsonDocument()), new BsonDbPointer("d\0b.c", ID))) {
      byte[] bytes = Bson.bytes(new BsonDocument("v", value));
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BsonJson.toJson(bytes, JsonFormat.RELAXED));
      assertTrue(e.getMessage().startsWith("field 'v': string contains U+0000"), e.getMessage());
    }
  }

  @Test
  void backslashFollowedByU0000TextIsNotNul() {
    byte[] bytes = Bson.bytes(new BsonDocument("v", new BsonString("\\u0000")));
    assertEquals("{\"v\": \"\\\\u0000\"}", BsonJson.toJson(bytes, JsonFormat.RELAXED));
  }

  @Test
  void repeatedFieldNameRejectsTheDocument() {
    // org.bson's BsonDocument cannot hold a repeated key, so write the BSON by hand: {"a": 1, "a": 2} nested in "d".
    byte[] inner = {19, 0, 0, 0, 0x10, 'a', 0, 1, 0, 0, 0, 0x10, 'a', 0, 2, 0, 0, 0, 0};
    byte[] outer = Bson.concat(new byte[] {(byte) (4 + 1 + 2 + inner.length + 1), 0, 0, 0, 0x03, 'd', 0}, inner, new byte[] {0});
    assertEquals(null, BsonWalker.decodingProblem(outer), "valid BSON");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BsonJson.toJson(outer, JsonFormat.RELAXED));
    assertEquals("field 'd.a' appears more than once in the same object; jsonb would keep only the last value"
        + " (--repeated-fields last or first loads such documents)", e.getMessage());
  }

  @Test
  void sameNameAtDifferentLevelsIsFine() {
    byte[] bytes = Bson.bytes("{\"a\": {\"a\": {\"a\": 1}}, \"b\": [{\"a\": 1}, {\"a\": 2}]}");
    assertEquals("{\"a\": {\"a\": {\"a\": 1}}, \"b\": [{\"a\": 1}, {\"a\": 2}]}", BsonJson.toJson(bytes, JsonFormat.RELAXED));
  }

  @Test
  void undecodableBytesAreAnIllegalArgument() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BsonJson.toJson(new byte[] {9, 0, 0, 0, (byte) 0xfc, 'a', 0, 0, 0}, JsonFormat.RELAXED));
    assertTrue(e.getMessage().startsWith("undecodable BSON"), e.getMessage());
  }
}
