package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
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
 * Under a key layout the operations whose filter pins the key path also test the key column, inserts write it, and an
 * update of the key is refused; the translation learns the key from the table's layout alone.
 */
class MongoKeyRouteTest {
  private static final Layout KEY = Layout.key("customer.id", KeyType.BIGINT).withKeyInPrimaryKey(true);
  private static final TranslationTarget TARGET = new TranslationTarget(PathCatalog.NONE, true, Map.of(), IdType.BIGINT)
      .withLayout(KEY);

  private static MongoStatement translate(String kind, String spec, String... parameters) {
    return MongoStatement.translate(kind, BsonDocument.parse(spec), new Parameters(List.of(parameters)), TARGET);
  }

  private static String sql(String kind, String spec) {
    return translate(kind, spec).statement().sql();
  }

  @Test
  void equalityAndInOnTheKeyPathAddTheColumnCondition() {
    assertEquals("SELECT _id, data FROM {table} WHERE (\"customer.id\" = CAST('7' AS bigint)"
        + " AND jsonb_typeof((data #> CAST('{\"customer\",\"id\"}' AS text[]))) IN ('number'))",
        sql("find", "{filter: {'customer.id': 7}}"), "the column's equality and the value's kind are MongoDB's equality"
        + " there: no typed test of the path beside it, whose index the workers would plan every time");
    assertTrue(sql("find", "{filter: {'customer.id': {$in: [7, 8.0]}}}")
        .contains("\"customer.id\" IN (CAST('7' AS bigint), CAST('8' AS bigint))"));
    assertTrue(sql("find", "{filter: {$and: [{status: 'A'}, {'customer.id': {$eq: 7}}]}}")
        .contains("\"customer.id\" = CAST('7' AS bigint)"));
    assertTrue(sql("countDocuments", "{filter: {'customer.id': 7}}").contains("\"customer.id\" = "));
    assertTrue(sql("aggregate", "{pipeline: [{$match: {'customer.id': 7}}, {$group: {_id: '$status', n: {$sum: 1}}}]}")
        .contains("\"customer.id\" = CAST('7' AS bigint)"));
    assertTrue(sql("deleteMany", "{filter: {'customer.id': 7}}").contains("\"customer.id\" = CAST('7' AS bigint)"));
  }

  @Test
  void noConditionWhereTheFilterDoesNotPinTheKey() {
    for (String filter : List.of("{'customer.id': {$gt: 7}}", "{$or: [{'customer.id': 7}, {status: 'A'}]}",
        "{'customer.id': 'seven'}", "{'customer.id': null}", "{'customer.id': {$in: [7, 'x']}}",
        "{$nor: [{'customer.id': 7}]}", "{customer: {id: 7}}", "{'customer.id': {$not: {$eq: 7}}}")) {
      assertFalse(sql("find", "{filter: " + filter + "}").contains("\"customer.id\""), filter);
    }
  }

  @Test
  void aParameterIsConvertedToTheColumnTypeWhenDrawn() {
    MongoStatement find = translate("find", "{filter: {'customer.id': ':c'}}", "c");
    assertTrue(find.statement().sql().endsWith("WHERE (\"customer.id\" = CAST(? AS bigint) AND jsonb_typeof((data #>"
        + " CAST('{\"customer\",\"id\"}' AS text[]))) IN ('number'))"), find.statement().sql());
    var key = find.values().get(find.values().size() - 1);
    assertEquals(7L, key.of(new Object[] {7}));
    assertEquals(7L, key.of(new Object[] {7.0}));
    assertNull(key.of(new Object[] {"seven"}), "no bigint key equals a string: no row");
  }

  @Test
  void aOneDocumentWriteFindsItsRowByKeyAndIdAndIsRouted() {
    String delete = sql("deleteOne", "{filter: {'customer.id': 7, status: 'A'}}");
    assertTrue(delete.startsWith("DELETE FROM {table} WHERE (\"customer.id\", _id) = (SELECT \"customer.id\", _id FROM"
        + " {table} WHERE "), delete);
    assertTrue(delete.endsWith(" LIMIT 1) AND \"customer.id\" = CAST('7' AS bigint)"), delete);
    // _id alone is not unique under this layout: even an _id equality finds the row by both
    assertTrue(sql("updateOne", "{filter: {_id: 3}, update: {$set: {a: 1}}}").contains(" WHERE (\"customer.id\", _id) = ("));
  }

  @Test
  void anUpdateOfTheKeyIsRefused() {
    for (String update : List.of("{$set: {'customer.id': 8}}", "{$set: {customer: {id: 8}}}",
        "{$unset: {'customer.id.x': ''}}", "{$inc: {'customer.id': 1}}")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> sql("updateOne", "{filter: {_id: 1}, update: " + update + "}"));
      assertTrue(e.getMessage().contains("would change customer.id, the table's distribution key: MongoDB changes a"
          + " shard key value only inside a transaction"), e.getMessage());
    }
    assertTrue(sql("updateMany", "{filter: {'customer.id': 7}, update: {$set: {customer_name: 'x'}}}")
        .contains("\"customer.id\" = CAST('7' AS bigint)"));
  }

  @Test
  void insertsWriteTheKeyColumnAndRefuseWhatNoKeyHolds() throws Exception {
    assertEquals("INSERT INTO {table} (_id, \"customer.id\", data) VALUES (?, CAST(? AS bigint), CAST(? AS jsonb))",
        translate("insertOne", "{document: {_id: ':id', customer: {id: ':c'}}}", "id", "c").statement().sql()
            .replace("'", ""));
    assertThrows(IllegalArgumentException.class, () -> translate("insertOne", "{document: {_id: 1, customer: {id: [1]}}}"));
    assertThrows(IllegalArgumentException.class, () -> translate("insertOne", "{document: {_id: 1, customer: {id: 'x'}}}"));
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> translate("insertOne", "{document: {_id: 1}}"));
    assertTrue(missing.getMessage().contains("part of its primary key (customer.id, _id)"), missing.getMessage());

    // on the server: the row's key column is the document's value, and the routed find reads it back
    String url = TestDatabase.newDatabaseUrl("key_route");
    DocumentTable table = new DocumentTable(null, "orders", IdType.BIGINT, KEY);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      for (String ddl : new PostgresDialect().createDocumentTables(table)) {
        s.execute(ddl);
      }
      MongoStatement insert = translate("insertOne", "{document: {_id: ':id', customer: {id: ':c'}, status: 'A'}}",
          "id", "c");
      try (PreparedStatement ps = c.prepareStatement(insert.statement().sql().replace("{table}",
          table.qualifiedName()))) {
        for (int i = 0; i < insert.values().size(); i++) {
          ps.setObject(i + 1, insert.values().get(i).of(new Object[] {1L, 7}));
        }
        ps.executeUpdate();
      }
      assertEquals(7, TestDatabase.count(url, "SELECT \"customer.id\" FROM orders"));
      String find = sql("countDocuments", "{filter: {'customer.id': 7, status: 'A'}}")
          .replace("{table}", table.qualifiedName());
      assertEquals(1, TestDatabase.count(url, find));
    }
  }
}
