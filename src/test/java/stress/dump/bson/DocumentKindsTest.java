package stress.dump.bson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.dump.bson.DocumentKinds.Kind;
import stress.testing.BsonFiles;

class DocumentKindsTest {
  private final DocumentKinds kinds = new DocumentKinds();

  private DocumentKinds scan(String json) {
    kinds.scan(BsonFiles.bytesKeepingRepeats(json));
    return kinds;
  }

  @Test
  void aPlainDocumentHasNoKindAndItsDepth() {
    scan("{\"_id\": 1, \"a\": [1, {\"b\": 2.5}], \"d\": {\"$date\": \"2020-01-01T00:00:00Z\"}}");
    assertFalse(kinds.any());
    assertEquals(3, kinds.depth());
    assertNull(kinds.problem());
  }

  @Test
  void valuesAreCountedEachAndDocumentsOnce() {
    scan("{\"_id\": 1, \"a\": {\"$numberDouble\": \"NaN\"}, \"b\": [{\"$numberDouble\": \"NaN\"},"
        + " {\"$numberDouble\": \"Infinity\"}, {\"$numberDouble\": \"-0.0\"}, 0.0]}");
    assertEquals(2, kinds.count(Kind.DOUBLE_NAN));
    assertEquals(1, kinds.count(Kind.DOUBLE_INFINITY));
    assertEquals(1, kinds.count(Kind.DOUBLE_NEGATIVE_ZERO));
  }

  @Test
  void nulIsFoundInEveryStringTheImportChecks() {
    assertEquals(1, scan("{\"_id\": 1, \"c\": {\"$code\": \"a\\u0000\"}}").count(Kind.NUL_IN_STRING));
    assertEquals(1, scan("{\"_id\": 1, \"s\": {\"$symbol\": \"a\\u0000\"}}").count(Kind.NUL_IN_STRING));
    assertEquals(1, scan("{\"_id\": \"a\\u0000\"}").count(Kind.NUL_IN_STRING));
    assertEquals(0, scan("{\"_id\": 1, \"s\": \"a\"}").count(Kind.NUL_IN_STRING));
  }

  @Test
  void repeatedNamesAreToldApartInsideTheIdAndInAScope() {
    assertEquals(1, scan("{\"_id\": 1, \"a\": {\"x\": 1, \"x\": 2}}").count(Kind.REPEATED_FIELD));
    assertEquals(0, kinds.count(Kind.REPEATED_FIELD_IN_ID));
    assertEquals(1, scan("{\"_id\": {\"x\": 1, \"x\": 2}}").count(Kind.REPEATED_FIELD_IN_ID));
    assertEquals(0, kinds.count(Kind.REPEATED_FIELD));
    assertEquals(1, scan("{\"_id\": 1, \"_id\": 2}").count(Kind.REPEATED_FIELD));
    assertEquals(1, scan("{\"_id\": 1, \"c\": {\"$code\": \"x\", \"$scope\": {\"x\": 1, \"x\": 2}}}")
        .count(Kind.REPEATED_FIELD));
    // array positions are not names
    assertFalse(scan("{\"_id\": 1, \"a\": [1, 1, 1]}").any());
  }

  @Test
  void datesOutsideTheIsoYearsAndDecimalEdges() {
    scan("{\"_id\": 1, \"a\": {\"$date\": {\"$numberLong\": \"-1\"}}, \"b\": {\"$date\": {\"$numberLong\":"
        + " \"253402300800000\"}}, \"c\": {\"$date\": {\"$numberLong\": \"253402300799999\"}}, \"d\": {\"$date\":"
        + " {\"$numberLong\": \"0\"}}}");
    assertEquals(2, kinds.count(Kind.DATE_OUTSIDE_ISO));
    scan("{\"_id\": 1, \"a\": {\"$numberDecimal\": \"-Infinity\"}, \"b\": {\"$numberDecimal\": \"1E+6000\"}}");
    assertEquals(2, kinds.count(Kind.DECIMAL128));
    assertEquals(1, kinds.count(Kind.DECIMAL128_NAN_OR_INFINITY));
  }

  @Test
  void aDocumentWithoutIdAndOneThatDoesNotDecode() {
    assertEquals(1, scan("{\"a\": {\"_id\": 1}}").count(Kind.NO_ID));
    byte[] bytes = BsonFiles.bytes("{\"_id\": 1, \"s\": \"ab\"}");
    bytes[bytes.length - 4] = (byte) 0xFF; // 'a' of "ab": not UTF-8
    kinds.scan(bytes);
    assertEquals(1, kinds.count(Kind.UNDECODABLE));
    assertNotNull(kinds.problem());
    assertEquals(BsonWalker.decodingProblem(bytes), kinds.problem());
    scan("{\"_id\": 1}");
    assertFalse(kinds.any(), "the next document starts afresh");
  }

  @Test
  void rareTypesEachTheirKind() {
    scan("{\"_id\": 1, \"a\": {\"$minKey\": 1}, \"b\": {\"$maxKey\": 1}, \"c\": {\"$undefined\": true},"
        + " \"d\": {\"$timestamp\": {\"t\": 1, \"i\": 1}}, \"e\": {\"$regularExpression\": {\"pattern\": \"x\","
        + " \"options\": \"\"}}, \"f\": {\"$binary\": {\"base64\": \"AA==\", \"subType\": \"04\"}}}");
    for (Kind k : new Kind[] {Kind.MIN_KEY, Kind.MAX_KEY, Kind.UNDEFINED, Kind.TIMESTAMP, Kind.REGULAR_EXPRESSION,
        Kind.BINARY}) {
      assertEquals(1, kinds.count(k), k.name());
    }
    assertTrue(kinds.any());
  }
}
