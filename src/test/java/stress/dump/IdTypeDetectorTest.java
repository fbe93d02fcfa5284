package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import stress.dump.bson.JsonFormat;
import stress.dump.document.ConvertedDocument;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdDetection;
import stress.dump.document.IdTextForm;
import stress.table.IdType;

/** _id type detection and conversion, on made-up documents and on the corpus. */
class IdTypeDetectorTest {

  private static IdDetection detect(String... ids) {
    IdTypeDetector detector = new IdTypeDetector();
    for (String id : ids) {
      detector.accept(Bson.document(id == null ? "{\"x\": 1}" : "{\"_id\": " + id + "}"));
    }
    return detector.result();
  }

  private static DumpCollection collection(String relative) throws IOException {
    DumpSource source = new DumpScanner().scan(Corpus.file(relative));
    assertEquals(1, source.collections().size());
    return source.collections().get(0);
  }

  @Test
  void rulesByKindsSeen() {
    assertEquals(IdType.INTEGER, detect("1", "2").type());
    assertEquals(IdType.BIGINT, detect("1", "{\"$numberLong\": \"5000000000\"}").type());
    assertEquals(IdType.BIGINT, detect("{\"$numberLong\": \"5\"}").type());
    assertEquals(IdType.DOUBLE, detect("1.5", "2.0").type());
    assertEquals(IdType.UUID, detect("{\"$binary\": {\"base64\": \"AAAAAAAAAAAAAAAAAAAAAA==\", \"subType\": \"04\"}}",
        "{\"$binary\": {\"base64\": \"AAAAAAAAAAAAAAAAAAAAAQ==\", \"subType\": \"03\"}}").type());
    IdDetection strings = detect("\"a\"", "\"b\"");
    assertEquals(IdType.TEXT, strings.type());
    assertEquals(IdTextForm.PLAIN, strings.textForm());
    IdDetection oids = detect("{\"$oid\": \"546511a34bf6e4cb017c52ff\"}");
    assertEquals(IdTextForm.PLAIN, oids.textForm());
    assertEquals("_id type: ObjectId (1) -> text (24 hex digits)", oids.reason());
    IdDetection dates = detect("{\"$date\": \"2020-01-01T00:00:00Z\"}");
    assertEquals(IdType.TEXT, dates.type());
    assertEquals(IdTextForm.EXTENDED_JSON, dates.textForm());
    IdDetection none = detect();
    assertEquals(IdType.TEXT, none.type());
    assertEquals("text (no _id seen; MongoDB's default _id is an ObjectId)", none.reason());
  }

  @Test
  void mixedKindsGoToTextWithCountsInTheReason() {
    IdDetection mixed = detect("1", "\"1\"", "2", null);
    assertEquals(IdType.TEXT, mixed.type());
    assertEquals(IdTextForm.EXTENDED_JSON, mixed.textForm());
    assertEquals(Map.of("int32", 2L, "string", 1L), mixed.kinds());
    assertEquals(1, mixed.missing());
    assertEquals("mixed _id types: int32 (2), string (1) -> text (relaxed Extended JSON of each _id);"
        + " 1 document(s) without _id will be rejected", mixed.reason());
  }

  @Test
  void wholeDoublesAreNotedInTheReason() {
    assertEquals("_id type: double (2) -> double precision (all are whole numbers; a bigint column would hold them too)",
        detect("1.0", "2.0").reason());
    assertEquals("_id type: double (2) -> double precision", detect("1.0", "2.5").reason());
  }

  @Test
  void biosHasDoubleAndObjectIdIdsAndEveryOneGetsADistinctTextKey() throws Exception {
    DumpCollection bios = collection("mongo-mongoose/sample_examples/bios.bson");
    IdDetection detection = IdTypeDetector.detect(bios, ReadPolicy.ABORT);
    assertEquals(IdType.TEXT, detection.type());
    assertEquals(IdTextForm.EXTENDED_JSON, detection.textForm());
    assertEquals(Map.of("double", 8L, "ObjectId", 2L), detection.kinds());
    assertTrue(detection.reason().startsWith("mixed _id types: "), detection.reason());
    assertTrue(detection.reason().endsWith(" -> text (relaxed Extended JSON of each _id)"), detection.reason());
    Set<Object> keys = new HashSet<>();
    DocumentConverter converter = new DocumentConverter(JsonFormat.RELAXED, detection.converter());
    for (DumpDocument document : Corpus.readAll(bios.open(ReadPolicy.ABORT)).documents()) {
      ConvertedDocument row = converter.convert(document);
      keys.add(row.id());
      assertTrue(row.json().startsWith("{\"_id\": " + row.idText() + ","), "the key is the _id's JSON: " + row.json());
    }
    assertEquals(10, keys.size());
    assertTrue(keys.contains("1.0"), keys.toString());
  }

  @Test
  void corpusCollectionsGetTheTypesTheirIdsCall() throws IOException {
    Map<String, IdType> expected = Map.of(
        "northwind/sample_Northwind/Categories.bson", IdType.INTEGER,
        "northwind/sample_Northwind/Customers.bson", IdType.TEXT,
        "orderexample-gzip/OrderExample/orders.bson.gz", IdType.DOUBLE,
        "atlas-sample-mcampo2/sample_analytics/accounts.bson", IdType.TEXT,
        "suresh-bookdb/bookdb/news.bson", IdType.TEXT);
    for (Map.Entry<String, IdType> e : expected.entrySet()) {
      IdDetection detection = IdTypeDetector.detect(collection(e.getKey()), ReadPolicy.ABORT);
      assertEquals(e.getValue(), detection.type(), e.getKey() + ": " + detection.reason());
      assertEquals(IdTextForm.PLAIN, detection.textForm(), e.getKey());
    }
    IdDetection orders = IdTypeDetector.detect(collection("orderexample-gzip/OrderExample/orders.bson.gz"), ReadPolicy.ABORT);
    assertEquals(Map.of("double", 51393L), orders.kinds());
  }

  @Test
  void everyCorpusDocumentConvertsUnderItsDetectedType() throws IOException {
    List<String> files = Corpus.rows().stream().filter(r -> Corpus.isBson(r.file()) && !r.isError())
        .filter(r -> !r.idTypes().contains("no _id") && !r.idTypes().equals("-")).map(Corpus.Row::file).toList();
    for (String file : files) {
      DumpCollection collection = new DumpScanner(ScanOptions.defaults().withSystemCollections(true))
          .scan(Corpus.file(file)).collections().get(0);
      IdDetection detection = IdTypeDetector.detect(collection, ReadPolicy.ABORT);
      DocumentConverter converter = new DocumentConverter(JsonFormat.RELAXED, detection.converter());
      Set<Object> keys = new HashSet<>();
      for (DumpDocument document : Corpus.readAll(collection.open(ReadPolicy.ABORT)).documents()) {
        try {
          keys.add(converter.convert(document).id());
        } catch (DocumentRejectedException e) {
          throw new AssertionError(file + ": " + e.getMessage(), e);
        }
      }
      assertEquals(Corpus.rows().stream().filter(r -> r.file().equals(file)).findFirst().orElseThrow().docs(),
          (long) keys.size(), file + ": one distinct key per document");
    }
  }

  @Test
  void converterRefusesWhatDoesNotFitAndNeverRounds() throws DocumentRejectedException {
    IdConverter integer = new IdConverter(IdType.INTEGER, IdTextForm.PLAIN);
    assertEquals(3, integer.value(Bson.document("{\"_id\": 3.0}")));
    assertEquals(3, integer.value(Bson.document("{\"_id\": {\"$numberLong\": \"3\"}}")));
    assertRefused(integer, "{\"_id\": 2.5}", "_id 2.5 (double) does not fit an _id column of type integer");
    assertRefused(integer, "{\"_id\": {\"$numberLong\": \"5000000000\"}}", "does not fit an _id column of type integer");
    assertRefused(integer, "{\"_id\": \"7\"}", "_id \"7\" (string) does not fit");

    IdConverter bigint = new IdConverter(IdType.BIGINT, IdTextForm.PLAIN);
    assertEquals(5000000000L, bigint.value(Bson.document("{\"_id\": {\"$numberLong\": \"5000000000\"}}")));
    assertEquals(7L, bigint.value(Bson.document("{\"_id\": 7}")));
    assertRefused(bigint, "{\"_id\": 1.0E19}", "does not fit an _id column of type bigint");

    IdConverter dbl = new IdConverter(IdType.DOUBLE, IdTextForm.PLAIN);
    assertEquals(7.0, dbl.value(Bson.document("{\"_id\": 7}")));
    assertRefused(dbl, "{\"_id\": {\"$numberLong\": \"9007199254740993\"}}", "does not fit an _id column of type double precision");

    IdConverter text = new IdConverter(IdType.TEXT, IdTextForm.PLAIN);
    assertEquals("546511a34bf6e4cb017c52ff", text.value(Bson.document("{\"_id\": {\"$oid\": \"546511a34bf6e4cb017c52ff\"}}")));
    assertEquals("abc", text.value(Bson.document("{\"_id\": \"abc\"}")));
    assertEquals("{\"a\": 1}", text.value(Bson.document("{\"_id\": {\"a\": 1}}")));
    assertRefused(text, "{\"x\": 1}", "document has no _id field");
    DocumentRejectedException nul = assertThrows(DocumentRejectedException.class,
        () -> text.value(Bson.document(new BsonDocument("_id", new org.bson.BsonString("a\0b")))));
    assertEquals("_id string contains U+0000 (NUL), which PostgreSQL text cannot store", nul.rejection().reason());

    IdConverter json = new IdConverter(IdType.TEXT, IdTextForm.EXTENDED_JSON);
    assertEquals("\"abc\"", json.value(Bson.document("{\"_id\": \"abc\"}")));
    assertEquals("{\"$oid\": \"546511a34bf6e4cb017c52ff\"}",
        json.value(Bson.document("{\"_id\": {\"$oid\": \"546511a34bf6e4cb017c52ff\"}}")));
    assertEquals("1.5", json.value(Bson.document("{\"_id\": 1.5}")));
  }

  @Test
  void uuidsAreReadInStoredByteOrder() throws DocumentRejectedException {
    UUID uuid = UUID.fromString("00112233-4455-6677-8899-aabbccddeeff");
    IdConverter converter = new IdConverter(IdType.UUID, IdTextForm.PLAIN);
    for (BsonBinarySubType subtype : List.of(BsonBinarySubType.UUID_STANDARD, BsonBinarySubType.UUID_LEGACY)) {
      byte[] bytes = new byte[16];
      for (int i = 0; i < 16; i++) {
        bytes[i] = (byte) (i * 0x11);
      }
      BsonValue id = new BsonBinary(subtype, bytes);
      assertEquals(uuid, converter.value(Bson.document(new BsonDocument("_id", id))));
    }
    assertRefused(converter, "{\"_id\": {\"$binary\": {\"base64\": \"AQID\", \"subType\": \"04\"}}}", "does not fit");
  }

  private static void assertRefused(IdConverter converter, String json, String reasonPart) {
    DocumentRejectedException e = assertThrows(DocumentRejectedException.class, () -> converter.value(Bson.document(json)));
    assertTrue(e.rejection().reason().contains(reasonPart), e.rejection().reason());
  }
}
