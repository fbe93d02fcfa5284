package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFactsStore;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * Conditions and sorts on {@code _id} compare by BSON type first, as MongoDB does, on the column each kind of
 * {@code _id} gets from import: numbers in a numeric column, strings or ObjectIds alone in a text column as their
 * plain text, mixed kinds in a text column as Extended JSON. A number never matches a string, a string never an
 * ObjectId of the same text, an ObjectId against a numeric column selects nothing (no server error).
 */
class MongoIdConditionTest {
  private static final String OID = "5ca4bbc7a2dd94ee5816238d";
  private static String url;

  @BeforeAll
  static void tables() throws SQLException {
    url = TestDatabase.newDatabaseUrl("mongo_ids");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE ints (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO ints SELECT i, jsonb_build_object('_id', i) FROM generate_series(1, 9) i");
      st.execute("CREATE TABLE strs (_id text PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO strs VALUES ('5', '{\"_id\": \"5\"}'), ('a', '{\"_id\": \"a\"}'), ('B', '{\"_id\": \"B\"}'),"
          + " ('" + OID + "', '{\"_id\": \"" + OID + "\"}')");
      st.execute("CREATE TABLE oids (_id text PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO oids VALUES ('" + OID + "', '{\"_id\": {\"$oid\": \"" + OID + "\"}}'),"
          + " ('6ca4bbc7a2dd94ee5816238d', '{\"_id\": {\"$oid\": \"6ca4bbc7a2dd94ee5816238d\"}}')");
      st.execute("CREATE TABLE mixed (_id text PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO mixed VALUES ('5', '{\"_id\": 5}'), ('2.5', '{\"_id\": 2.5}'), ('\"5\"', '{\"_id\": \"5\"}'),"
          + " ('\"a\"', '{\"_id\": \"a\"}'), ('{\"$oid\": \"" + OID + "\"}', '{\"_id\": {\"$oid\": \"" + OID + "\"}}')");
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      "strs  | {filter: {_id: {$gt: 5}}}                           | ''",
      "strs  | {filter: {_id: 5}}                                  | ''",
      "strs  | {filter: {_id: '5'}}                                | 5",
      "strs  | {filter: {_id: {$oid: '" + OID + "'}}}              | ''",
      "strs  | {filter: {_id: {$gt: 'B'}}, sort: {_id: 1}}         | a",
      "strs  | {sort: {_id: 1}}                                    | 5 " + OID + " B a",
      "strs  | {filter: {_id: {$ne: 5}}, sort: {_id: -1}}          | a B " + OID + " 5",
      "oids  | {filter: {_id: '" + OID + "'}}                      | ''",
      "oids  | {filter: {_id: {$oid: '" + OID + "'}}}              | " + OID,
      "oids  | {filter: {_id: {$gt: {$oid: '" + OID + "'}}}}       | 6ca4bbc7a2dd94ee5816238d",
      "ints  | {filter: {_id: {$oid: '" + OID + "'}}}              | ''",
      "ints  | {filter: {_id: '5'}}                                | ''",
      "ints  | {filter: {_id: {$gt: 7}}}                           | 8 9",
      "ints  | {filter: {_id: {$in: [3, '4', 5.0]}}}               | 3 5",
      "mixed | {filter: {_id: 5}}                                  | 5",
      "mixed | {filter: {_id: '5'}}                                | '\"5\"'",
      "mixed | {filter: {_id: {$gt: 1}}}                           | 2.5 5",
      "mixed | {filter: {_id: {$gte: 'a'}}}                        | '\"a\"'",
      "mixed | {sort: {_id: 1}}                                    | '2.5 5 \"5\" \"a\" {\"$oid\": \"" + OID + "\"}'",
  })
  void comparedByTypeThenValue(String table, String find, String ids) throws SQLException {
    List<String> found = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url)) {
      IdType type = table.equals("ints") ? IdType.INTEGER : IdType.TEXT;
      BsonDocument spec = BsonDocument.parse(find);
      MongoStatement general = MongoStatement.translate("find", spec, new Parameters(List.of()));
      PathCatalog facts = PathFactsStore.read(c, new DocumentTable(null, table, type), general.paths());
      String sql = MongoStatement.translate("find", spec, new Parameters(List.of()),
          new TranslationTarget(facts, true, Map.of(), type)).statement().sql();
      sql = IdLiteral.resolve(sql, type).replace("{table}", table).replace("SELECT _id, data", "SELECT _id");
      if (!find.contains("sort")) {
        sql += " ORDER BY _id";
      }
      try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
        while (rs.next()) {
          found.add(rs.getString(1));
        }
      }
      assertEquals(ids, String.join(" ", found), sql);
    }
  }
}
