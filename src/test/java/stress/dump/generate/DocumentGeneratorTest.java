package stress.dump.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.bson.BsonType;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import stress.model.Shape;

class DocumentGeneratorTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int SAMPLE = 20_000;

  @ParameterizedTest
  @EnumSource(Shape.class)
  void sameSeedAndIdGiveSameBytesWhateverTheOrderOrThread(Shape shape) throws Exception {
    DocumentGenerator generator = new DocumentGenerator(shape, 7);
    long[] ids = {1, 2, 3, 999, 1_000_000, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, 40_000_000_000L};
    List<byte[]> forward = new ArrayList<>();
    for (long id : ids) {
      forward.add(bytes(generator.generate(id).document()));
    }
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<byte[]>> backward = new ArrayList<>();
      for (int i = ids.length - 1; i >= 0; i--) {
        long id = ids[i];
        DocumentGenerator other = new DocumentGenerator(shape, 7);
        backward.add(pool.submit(() -> bytes(other.generate(id).document())));
      }
      for (int i = 0; i < ids.length; i++) {
        assertArrayEquals(forward.get(i), backward.get(ids.length - 1 - i).get(), "id " + ids[i]);
      }
    } finally {
      pool.shutdown();
    }
  }

  @ParameterizedTest
  @EnumSource(Shape.class)
  void differentSeedsAndIdsGiveDifferentDocuments(Shape shape) {
    byte[] a = bytes(new DocumentGenerator(shape, 1).generate(5).document());
    byte[] b = bytes(new DocumentGenerator(shape, 2).generate(5).document());
    assertFalse(Arrays.equals(a, b), "seed must matter");
    String first = new DocumentGenerator(shape, 1).generate(5).json();
    String next = new DocumentGenerator(shape, 1).generate(6).json();
    assertNotEquals(first.substring(first.indexOf(',')), next.substring(next.indexOf(',')), "id must matter beyond _id");
  }

  /** Pinned bytes: the data set must not change silently between versions, or stored dumps stop matching. */
  @Test
  void documentsAreStableAcrossVersions() throws Exception {
    assertEquals("{\"_id\": 1, \"u\": 3336524, \"l\": \"9q5m7cs\", \"t\": 1624626775}",
        new DocumentGenerator(Shape.SMALL, 42).generate(1).json());
    assertEquals("aef2c6b75c3fb307bf3e32cc2e5fa1b1710abd9d2717ebc31fbcb82a774647f1", digest(Shape.SMALL), "SHA-256 of small documents 1..1000, seed 42");
    assertEquals("721dc169fa73eb6893bf9be42a00deb1aebb0b30fe1892d19da1a6644fff3d43", digest(Shape.LARGE), "SHA-256 of large documents 1..1000, seed 42");
  }

  private static String digest(Shape shape) throws Exception {
    java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
    DocumentGenerator generator = new DocumentGenerator(shape, 42);
    for (long id = 1; id <= 1000; id++) {
      sha.update(bytes(generator.generate(id).document()));
    }
    return java.util.HexFormat.of().formatHex(sha.digest());
  }

  @Test
  void smallDocumentsAverageAbout43BytesAndVaryInLength() {
    assertAverage(Shape.SMALL, 43);
  }

  @Test
  void largeDocumentsAverageAbout3KiBAndVaryInLength() {
    assertAverage(Shape.LARGE, 3072);
  }

  private static void assertAverage(Shape shape, int expected) {
    DocumentGenerator generator = new DocumentGenerator(shape, 11);
    long total = 0;
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (long id = 1; id <= SAMPLE; id++) {
      int size = generator.generate(id).bsonSize();
      total += size;
      min = Math.min(min, size);
      max = Math.max(max, size);
    }
    double average = (double) total / SAMPLE;
    System.out.printf("%s: average %.1f B, min %d, max %d%n", shape, average, min, max);
    assertTrue(Math.abs(average - expected) <= expected * 0.15, shape + " average " + average + " B, expected " + expected + " +-15%");
    assertTrue(max > min, "sizes should vary");
    assertEquals(expected, shape.averageBsonBytes());
  }

  @ParameterizedTest
  @EnumSource(Shape.class)
  void jsonParsesAndCarriesTheId(Shape shape) throws Exception {
    DocumentGenerator generator = new DocumentGenerator(shape, 3);
    for (long id : LongStream.concat(LongStream.rangeClosed(1, 500), LongStream.of(Integer.MAX_VALUE, 5_000_000_000L)).toArray()) {
      GeneratedDocument document = generator.generate(id);
      assertEquals(id, document.id());
      String json = document.json();
      JsonNode node = JSON.readTree(json);
      assertTrue(node.isObject(), json);
      assertEquals(id, node.get("_id").asLong(), json);
      assertTrue(node.get("_id").isIntegralNumber(), json);
      assertFalse(json.contains("\\u0000") || json.indexOf('\0') >= 0, "NUL in " + json);
      assertEquals(id, document.document().get("_id").isInt32()
          ? document.document().getInt32("_id").getValue() : document.document().getInt64("_id").getValue());
    }
  }

  /** Every string a document can hold comes from the vocabulary or from digits, so this rules out NUL for good. */
  @Test
  void vocabularyHoldsNoControlCharacters() throws Exception {
    int strings = 0;
    for (java.lang.reflect.Field field : Vocabulary.class.getDeclaredFields()) {
      Object value = field.get(null);
      Object[] entries = value instanceof Object[] array ? array : new Object[] {value};
      for (Object entry : entries) {
        String text = entry instanceof Vocabulary.City city ? city.name() + city.region() + city.country() + city.postalPattern()
            : entry instanceof char[] chars ? new String(chars) : (String) entry;
        assertTrue(text.chars().allMatch(c -> c >= 0x20 && c != 0x7f), field.getName() + ": " + text);
        strings++;
      }
    }
    assertTrue(strings > 100, "checked " + strings);
  }

  @Test
  void idIsInt32UpToIntegerMaxAndInt64Beyond() {
    DocumentGenerator generator = new DocumentGenerator(Shape.SMALL, 3);
    assertEquals(BsonType.INT32, generator.generate(Integer.MAX_VALUE).document().get("_id").getBsonType());
    assertEquals(BsonType.INT64, generator.generate(Integer.MAX_VALUE + 1L).document().get("_id").getBsonType());
  }

  @Test
  void largeDocumentsUseTheUsualBsonTypes() {
    RawBsonDocument order = new DocumentGenerator(Shape.LARGE, 5).generate(12).document();
    assertEquals(BsonType.DOCUMENT, order.get("customer").getBsonType());
    assertEquals(BsonType.ARRAY, order.get("items").getBsonType());
    assertEquals(BsonType.DATE_TIME, order.get("createdAt").getBsonType());
    assertEquals(BsonType.BOOLEAN, order.get("priority").getBsonType());
    assertEquals(BsonType.INT64, order.getDocument("customer").get("customerId").getBsonType());
    assertEquals(BsonType.DOUBLE, order.getDocument("totals").get("grandTotal").getBsonType());
    assertEquals(BsonType.INT32, order.getDocument("totals").get("itemCount").getBsonType());
    boolean sawNull = false;
    DocumentGenerator generator = new DocumentGenerator(Shape.LARGE, 5);
    for (long id = 1; id <= 50 && !sawNull; id++) {
      sawNull = generator.generate(id).document().get("giftMessage").isNull();
    }
    assertTrue(sawNull, "some orders have a null gift message");
  }

  @Test
  void shapeParsesItsNamesAndListsThemOnError() {
    assertEquals(Shape.SMALL, Shape.parse("small"));
    assertEquals(Shape.LARGE, Shape.parse(" LARGE "));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Shape.parse("medium"));
    assertEquals("unknown document shape 'medium'; valid: small, large", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Shape.parse(null));
  }

  private static byte[] bytes(RawBsonDocument document) {
    java.nio.ByteBuffer buffer = document.getByteBuffer().asNIO();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }
}
