package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import stress.mongo.routing.KeyTargeting;
import stress.mongo.update.UpdateRefusals;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.table.KeyType;
import stress.table.Layout;
import stress.server.dialect.PostgresDialect;
import stress.testing.TestDatabase;

/**
 * What MongoDB refuses in replacements and upserts before reading a document, replacements on a table laid out by a key
 * path (the key kept, or the replacement refused), and insertMany's one statement.
 */
class MongoReplacementTest {
  private static final Layout KEY = Layout.key("customer.id", KeyType.BIGINT).withKeyInPrimaryKey(true);

  private static String refusal(String kind, String spec) {
    return assertThrows(IllegalArgumentException.class, () -> MongoStatement.translate(kind, BsonDocument.parse(spec),
        new Parameters(List.of()))).getMessage();
  }

  @Test
  void refusedAsMongoDbRefusesThem() {
    assertTrue(refusal("replaceOne", "{filter: {_id: 1}, replacement: {a: 1, $set: {b: 1}}}")
        .startsWith("The dollar ($) prefixed field '$set' in '$set' is not allowed in the context of an update's"
            + " replacement document"));
    assertTrue(refusal("updateOne", "{filter: {_id: 1}, update: {$set: {b: 1}, a: 1}}").startsWith("Unknown modifier: a."));
    assertTrue(refusal("updateMany", "{filter: {}, update: {a: 1}}")
        .startsWith("multi update is not supported for replacement-style update"));
    assertTrue(refusal("replaceOne", "{filter: {_id: 1}, replacement: {_id: 2}, upsert: true}")
        .contains("the (immutable) field '_id' was found to have been altered"));
    assertTrue(refusal("updateOne", "{filter: {_id: 1}, update: {$set: {a: 1}}, upsert: 1}")
        .contains("'upsert' must be true or false"));
    assertTrue(refusal("findOneAndReplace", "{filter: {}, replacement: {a: 1}, returnDocument: 'later'}")
        .contains("'returnDocument' must be \"before\" or \"after\""));
    assertTrue(refusal("insertMany", "{documents: []}").contains("at least one document"));
    assertTrue(refusal("insertMany", "{documents: [{_id: 1}, {a: 1}]}").startsWith("insertMany: the document needs an _id"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> MongoStatement.translate("updateOne",
        BsonDocument.parse("{filter: {a: 1}, update: {$set: {b: 1}}, upsert: true}"), new Parameters(List.of()),
        new TranslationTarget(PathCatalog.NONE, true, Map.of(), IdType.BIGINT).withLayout(KEY))).getMessage()
        .contains("upsert on a table laid out by a key path (customer.id) is not supported"));
  }

  @Test
  void anUpsertOfAnIdEqualityIsOneInsertOnConflictAndOtherFiltersACte() {
    String byId = MongoStatement.translate("updateOne", BsonDocument.parse("{filter: {_id: ':id'}, update: {$inc: {n: 1}},"
        + " upsert: true}"), new Parameters(List.of("id"))).statement().sql();
    assertTrue(byId.startsWith("INSERT INTO {table} AS upserted") && byId.contains(" ON CONFLICT (_id) DO UPDATE SET"),
        byId);
    String byField = MongoStatement.translate("updateOne", BsonDocument.parse("{filter: {k: ':k'}, update: {$inc: {n: 1}},"
        + " upsert: true}"), new Parameters(List.of("k"))).statement().sql();
    assertTrue(byField.startsWith("WITH updated AS (UPDATE {table} SET data = ") && byField.endsWith(
        " WHERE NOT EXISTS (SELECT 1 FROM updated)"), byField);
  }

  @Test
  void aReplacementOnAKeyTableKeepsTheKeyOrIsRefused() throws SQLException {
    String url = TestDatabase.newDatabaseUrl("replace_key");
    DocumentTable table = new DocumentTable(null, "orders", IdType.BIGINT, KEY);
    TranslationTarget target = new TranslationTarget(PathCatalog.NONE, true, Map.of(), IdType.BIGINT).withLayout(KEY);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(table)) {
        s.execute(ddl);
      }
      s.execute("INSERT INTO orders (_id, \"customer.id\", data) VALUES (1, 7, '{\"_id\": 1, \"customer\": {\"id\": 7},"
          + " \"a\": 1}')");
      MongoStatement kept = MongoStatement.translate("replaceOne", BsonDocument.parse("{filter: {_id: 1, 'customer.id': 7},"
          + " replacement: {customer: {id: ':c'}, b: 2}}"), new Parameters(List.of("c")), target);
      assertEquals(1, run(c, kept, 7));
      try (ResultSet rs = s.executeQuery("SELECT \"customer.id\", data FROM orders")) {
        rs.next();
        assertEquals(7, rs.getLong(1));
        assertEquals("{\"b\": 2, \"_id\": 1, \"customer\": {\"id\": 7}}", rs.getString(2));
      }
      SQLException moved = assertThrows(SQLException.class, () -> run(c, kept, 8));
      assertTrue(moved.getMessage().contains(UpdateRefusals.PREFIX + "the replacement changes customer.id, the table's"
          + " distribution key"), moved.getMessage());
    }
  }

  @Test
  void insertManyIsOneStatementOfEveryDocument() {
    MongoStatement st = MongoStatement.translate("insertMany", BsonDocument.parse("{documents: [{_id: ':a', x: 1},"
        + " {_id: ':b', x: ':v'}]}"), new Parameters(List.of("a", "b", "v")));
    assertEquals("INSERT INTO {table} (_id, data) VALUES (?, CAST(? AS jsonb)), (?, CAST(? AS jsonb))",
        st.statement().sql());
    Object[] drawn = {1, 2, "q"};
    assertEquals("{\"_id\": 2, \"x\": \"q\"}", st.values().get(3).of(drawn));
  }

  @Test
  void theShardKeyAnalysisRoutesReplacementsByTheirFilter() {
    KeyTargeting.Target replace = KeyTargeting.of("replaceOne", BsonDocument.parse("{filter: {k: 1}, replacement: {k: 2}}"),
        "k");
    assertEquals(KeyTargeting.Reach.ONE, replace.reach());
    assertTrue(replace.changesKey(), "a replacement may hold another key value");
    assertFalse(KeyTargeting.of("replaceOne", BsonDocument.parse("{filter: {k: 1}, replacement: {k: 1}}"), "k")
        .changesKey(), "the value the filter pins, written again");
    assertEquals(KeyTargeting.Reach.INSERT, KeyTargeting.of("insertMany", BsonDocument.parse("{documents: [{_id: 1}]}"),
        "k").reach());
  }

  private static int run(Connection c, MongoStatement st, Object... drawn) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(st.statement().sql().replace("{table}", "orders"))) {
      for (int i = 0; i < st.values().size(); i++) {
        ps.setObject(i + 1, st.values().get(i).of(drawn));
      }
      return ps.executeUpdate();
    }
  }
}
