package stress.mongolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.Map;
import org.bson.BsonDateTime;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class ParameterChoiceTest {
  private static Slot slot(String path) {
    return new Slot("p", path, "eq", false, new BsonInt32(0));
  }

  @Test
  void oneValueIsWrittenInPlace() {
    ParameterChoice c = ParameterChoice.of(slot("a"), Map.of(new BsonString("x"), 9L), 0);
    assertEquals(new BsonString("x"), c.inline());
    assertNull(c.generator());
  }

  @Test
  void manyPrimaryKeysAreTheTablesOwnKeys() {
    Map<BsonValue, Long> ids = new HashMap<>();
    for (int i = 0; i < 21; i++) {
      ids.put(new BsonInt32(i), 1L);
    }
    assertEquals("key", ParameterChoice.of(slot("_id"), ids, 0).generator());
    ids.remove(new BsonInt32(0));
    assertEquals("{choice: [1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 2, 20, 3, 4, 5, 6, 7, 8, 9], weights: [1, 1, 1, 1,"
        + " 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}", ParameterChoice.of(slot("_id"), ids, 0).generator());
  }

  @Test
  void fewValuesAreDrawnAsOftenAsLogged() {
    assertEquals("{choice: [\"paid\", \"shipped\"], weights: [7, 3]}", ParameterChoice.of(slot("status"),
        Map.of(new BsonString("shipped"), 3L, new BsonString("paid"), 7L), 0).generator());
  }

  @Test
  void manyValuesAreTheCollectionsOwnAndDatesARange() {
    Map<BsonValue, Long> many = new HashMap<>();
    for (int i = 0; i < 201; i++) {
      many.put(new BsonString("v" + i), 1L);
    }
    assertEquals("{sample: \"a.b\", cap: 10000}", ParameterChoice.of(slot("a.b"), many, 0).generator());
    assertEquals("{date: [\"2024-01-01T00:00:00Z\", \"2024-02-01T00:00:00Z\"]}", ParameterChoice.of(slot("t"),
        Map.of(new BsonDateTime(1704067200000L), 1L, new BsonDateTime(1706745600000L), 1L), 0).generator());
    BsonValue oid = new BsonObjectId();
    ParameterChoice refs = ParameterChoice.of(slot("ref"), Map.of(oid, 2L, new BsonObjectId(), 1L), 0);
    assertEquals(oid, refs.inline(), "ObjectIds are neither a choice nor a sample (run refuses a sample of them)");
    assertEquals("2 distinct values logged (other), not drawn: the most frequent is written in", refs.comment());
    assertEquals("key", ParameterChoice.of(slot("_id"), Map.of(oid, 2L, new BsonObjectId(), 1L), 0).generator(),
        "a few ObjectIds of _id: the table's own keys");
    assertEquals(oid, ParameterChoice.of(slot(null), Map.of(oid, 2L, new BsonObjectId(), 1L), 0).inline(),
        "without a path, the most common value");
  }
}
