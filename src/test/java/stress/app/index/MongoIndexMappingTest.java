package stress.app.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import stress.mongo.value.PathFacts;
import stress.table.DocumentTable;
import stress.table.IdType;

/**
 * Each kind of MongoDB index as mongodump writes it in metadata.json (canonical Extended JSON numbers), mapped over
 * generated path facts: the buildable ones with the CREATE INDEX {@code stress index} writes for their entry, the
 * others with what to do instead.
 */
class MongoIndexMappingTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DocumentTable TABLE = new DocumentTable(null, "shop_orders", IdType.INTEGER);
  private static final PathFacts STRINGS = new PathFacts(false, Set.of("string", "missing"));
  private static final PathFacts NUMBERS = new PathFacts(false, Set.of("number"));
  private static final PathFacts DATES = new PathFacts(false, Set.of("date", "null"));
  private static final Map<String, PathFacts> FACTS = Map.of("status", STRINGS, "total", NUMBERS, "createdAt", DATES,
      "tags", new PathFacts(true, Set.of("string", "array")), "flag", new PathFacts(false, Set.of("boolean")),
      "code", new PathFacts(false, Set.of("string", "number")), "gone", new PathFacts(false, Set.of("missing")),
      "customer.id", NUMBERS);

  private static MongoIndexMapping.Mapped map(String index) throws Exception {
    JsonNode node = JSON.readTree(index);
    return MongoIndexMapping.map(node, FACTS, TABLE);
  }

  private static String one(String key) {
    return "{\"v\":{\"$numberInt\":\"2\"},\"key\":" + key + ",\"name\":\"i\"";
  }

  @Test
  void idIsThePrimaryKey() throws Exception {
    MongoIndexMapping.Mapped m = map("{\"v\":{\"$numberInt\":\"2\"},\"key\":{\"_id\":{\"$numberInt\":\"1\"}},"
        + "\"name\":\"_id_\"}");
    assertTrue(m.buildable());
    assertEquals("primary key", m.builtAs());
    assertNull(m.createIndex());
    assertEquals("{_id: 1}", m.key());
  }

  @Test
  void singlePathsTakeTheTypedExpressionOfTheirValues() throws Exception {
    MongoIndexMapping.Mapped s = map(one("{\"status\":{\"$numberInt\":\"1\"}}") + "}");
    assertEquals("single", s.kind());
    assertEquals("CREATE INDEX IF NOT EXISTS \"shop_orders_status_s_idx\" ON \"shop_orders\" USING btree ((CASE WHEN"
        + " jsonb_typeof(data -> 'status') = 'string' THEN data ->> 'status' END COLLATE \"C\") NULLS FIRST)",
        s.createIndex());
    MongoIndexMapping.Mapped n = map(one("{\"customer.id\":-1}") + "}");
    assertEquals("btree", n.builtAs());
    assertTrue(n.createIndex().contains("\"shop_orders_customer_id_n_idx\""), n.createIndex());
    assertTrue(n.createIndex().contains("CAST(data -> 'customer' ->> 'id' AS numeric)"), n.createIndex());
    assertNull(n.note(), "one column serves either direction");
  }

  @Test
  void compoundIndexesKeepTheKeyOrderAndSayAMixedDirection() throws Exception {
    MongoIndexMapping.Mapped m = map(one("{\"status\":{\"$numberInt\":\"1\"},\"createdAt\":{\"$numberInt\":\"-1\"}}")
        + "}");
    assertEquals("compound", m.kind());
    assertEquals(MongoIndexMapping.btree(java.util.List.of("status", "createdAt"), java.util.List.of("string", "date"))
        .ddl(TABLE), m.createIndex());
    assertTrue(m.createIndex().contains("shop_orders_status_s__createdAt_d_idx"), m.createIndex());
    assertTrue(m.note().contains("directions {status: 1, createdAt: -1}"), m.note());
  }

  @Test
  void uniqueSparseAndHashedAreBuiltWithTheirDifferenceSaid() throws Exception {
    MongoIndexMapping.Mapped u = map(one("{\"total\":1}") + ",\"unique\":true}");
    assertTrue(u.buildable());
    assertTrue(u.note().startsWith("unique: the tool's index does not enforce it"), u.note());
    MongoIndexMapping.Mapped s = map(one("{\"status\":1}") + ",\"sparse\":true}");
    assertTrue(s.buildable());
    assertTrue(s.note().startsWith("sparse:"), s.note());
    MongoIndexMapping.Mapped h = map(one("{\"status\":\"hashed\"}") + "}");
    assertEquals("hashed", h.kind());
    assertEquals("btree", h.builtAs());
  }

  @Test
  void eachUnbuildableKindNamesWhatToDoInstead() throws Exception {
    assertNot("text", "tsvector GIN index", map(one("{\"_fts\":\"text\",\"_ftsx\":1}")
        + ",\"weights\":{\"title\":1}}"));
    assertNot("geo", "PostGIS", map(one("{\"loc\":\"2dsphere\"}") + "}"));
    assertNot("geo", "PostGIS", map(one("{\"loc\":\"2d\"}") + "}"));
    assertNot("wildcard", "USING gin (data jsonb_path_ops)", map(one("{\"$**\":1}") + "}"));
    assertNot("ttl", "scheduled DELETE FROM \"shop_orders\"", map(one("{\"createdAt\":1}")
        + ",\"expireAfterSeconds\":{\"$numberInt\":\"3600\"}}"));
    assertNot("partial", "WHERE (the filter as SQL)", map(one("{\"status\":1}")
        + ",\"partialFilterExpression\":{\"total\":{\"$gt\":100}}}"));
    assertNot("collation", "CREATE COLLATION", map(one("{\"status\":1}")
        + ",\"collation\":{\"locale\":\"fr\",\"strength\":2}}"));
    assertNot("multikey", "serves equality on its elements", map(one("{\"tags\":1}") + "}"));
    assertNot("unique on arrays", "side table", map(one("{\"tags\":1}") + ",\"unique\":true}"));
    assertNot("mixed kinds", "one btree per kind", map(one("{\"code\":1}") + "}"));
    assertNot("untyped", "no typed expression", map(one("{\"flag\":1}") + "}"));
    assertNot("empty", "no document holds a value at gone", map(one("{\"gone\":1}") + "}"));
    assertNot("untyped", "were not read", map(one("{\"nowhere\":1}") + "}"));
  }

  @Test
  void aSimpleCollationIsTheToolsOwn() throws Exception {
    assertTrue(map(one("{\"status\":1}") + ",\"collation\":{\"locale\":\"simple\"}}").buildable());
  }

  @Test
  void textAndWildcardPathsAreNotRead() throws Exception {
    assertEquals(Set.of("a", "b.c"), MongoIndexMapping.paths(JSON.readTree("{\"key\":{\"a\":1,\"b.c\":-1}}")));
    assertTrue(MongoIndexMapping.paths(JSON.readTree("{\"key\":{\"_fts\":\"text\",\"_ftsx\":1}}")).isEmpty());
    assertTrue(MongoIndexMapping.paths(JSON.readTree("{\"key\":{\"$**\":1}}")).isEmpty());
  }

  private static void assertNot(String kind, String instead, MongoIndexMapping.Mapped m) {
    assertEquals(kind, m.kind(), m.toString());
    assertFalse(m.buildable(), m.toString());
    assertNull(m.createIndex());
    assertTrue(m.instead().contains(instead), m.instead());
  }
}
