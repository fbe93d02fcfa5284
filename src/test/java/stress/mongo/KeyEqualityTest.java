package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.table.KeyType;
import stress.table.Layout;
import stress.testing.TestDatabase;

/**
 * An equality on the key path is written as the key column's equality and the JSON kind of the path's value, with no
 * typed test of the path beside it; it selects the documents MongoDB's equality selects, the form without a layout
 * selecting the same: numbers by value (a whole double equals its integer), a string apart from an ObjectId of the
 * same hex, dates by instant, a missing key never equal.
 */
class KeyEqualityTest {
  private static int tables;

  private static List<String> ids(String documents, KeyType type, String filter) throws SQLException {
    String url = TestDatabase.newDatabaseUrl("key_equality");
    String table = "ke" + (++tables);
    DocumentRows.load(url, table, documents);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("ALTER TABLE " + table + " ADD COLUMN \"k\" " + type.sql());
      s.execute("UPDATE " + table + " SET \"k\" = " + type.fromDocument("data", "k"));
    }
    Layout layout = Layout.key("k", type).withKeyInPrimaryKey(true);
    List<String> keyed = null;
    for (Layout each : new Layout[] {layout, null}) {
      TranslationTarget target = new TranslationTarget(PathCatalog.NONE, true, Map.of(), IdType.INTEGER);
      MongoStatement m = MongoStatement.translate("find", BsonDocument.parse("{filter: " + filter
          + ", projection: {_id: 1}, sort: {_id: 1}}"), new Parameters(List.of()),
          each == null ? target : target.withLayout(each));
      String sql = IdLiteral.resolve(m.statement().sql(), IdType.INTEGER).replace("{table}", table);
      if (each != null && sql.contains("\"k\" =")) { // where a key can equal the value
        assertFalse(sql.contains("->"), "no typed test of the path beside the column: " + sql);
      }
      List<String> rows = DocumentRows.query(url, sql).stream().map(r -> r.replaceAll("[^0-9]", "")).toList();
      if (keyed == null) {
        keyed = rows;
      } else {
        assertEquals(rows, keyed, "the key layout selects what the form without it selects: " + filter);
      }
    }
    return keyed;
  }

  @Test
  void numbersCompareByValue() throws SQLException {
    String docs = "[{_id: 1, k: 7}, {_id: 2, k: {$numberLong: '7'}}, {_id: 3, k: 8}, {_id: 4}]";
    assertEquals(List.of("1", "2"), ids(docs, KeyType.BIGINT, "{k: 7}"));
    assertEquals(List.of("1", "2"), ids(docs, KeyType.BIGINT, "{k: 7.0}"));
    assertEquals(List.of(), ids(docs, KeyType.BIGINT, "{k: 7.5}"));
    assertEquals(List.of("3"), ids(docs, KeyType.BIGINT, "{k: {$eq: 8}}"));
  }

  @Test
  void decimalsAndDoublesInANumericKey() throws SQLException {
    String docs = "[{_id: 1, k: 2.5}, {_id: 2, k: {$numberDecimal: '2.50'}}, {_id: 3, k: 3}]";
    assertEquals(List.of("1", "2"), ids(docs, KeyType.NUMERIC, "{k: 2.5}"));
    assertEquals(List.of("3"), ids(docs, KeyType.NUMERIC, "{k: {$numberDecimal: '3'}}"));
  }

  @Test
  void aStringIsNotTheObjectIdOfItsHex() throws SQLException {
    String hex = "5f1d7f0e2c8b9a0012345678";
    String docs = "[{_id: 1, k: '" + hex + "'}, {_id: 2, k: {$oid: '" + hex + "'}}, {_id: 3, k: 'x'}]";
    assertEquals(List.of("1"), ids(docs, KeyType.TEXT, "{k: '" + hex + "'}"));
    assertEquals(List.of("2"), ids(docs, KeyType.TEXT, "{k: {$oid: '" + hex + "'}}"));
  }

  @Test
  void datesCompareByInstant() throws SQLException {
    String docs = "[{_id: 1, k: {$date: '2024-01-02T03:04:05Z'}}, {_id: 2, k: {$date: '2024-01-02T03:04:06Z'}}]";
    assertEquals(List.of("2"), ids(docs, KeyType.TIMESTAMPTZ, "{k: {$date: '2024-01-02T03:04:06Z'}}"));
  }
}
