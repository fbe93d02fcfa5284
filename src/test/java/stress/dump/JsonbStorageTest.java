package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.dump.bson.BsonJson;
import stress.dump.bson.JsonFormat;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdTextForm;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * What the converter writes goes into a real jsonb column unchanged (jsonb equality), ids go into
 * columns of their detected type, and the two things the converter refuses really are what jsonb
 * cannot hold.
 */
class JsonbStorageTest {
  private static Connection connection;

  @BeforeAll
  static void connect() throws SQLException {
    connection = DriverManager.getConnection(TestDatabase.newDatabaseUrl("dump_jsonb"), "postgres", null);
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  private static String scalar(String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void jsonbRefusesNulAndKeepsOnlyTheLastOfRepeatedKeys() throws SQLException {
    SQLException nul = assertThrows(SQLException.class, () -> scalar("SELECT '{\"a\": \"x\\u0000y\"}'::jsonb"));
    assertEquals("22P05", nul.getSQLState(), nul.getMessage());
    assertEquals("{\"a\": 2}", scalar("SELECT '{\"a\": 1, \"a\": 2}'::jsonb::text"));
    assertEquals("{\"v\": {\"$numberDouble\": \"NaN\"}}", scalar("SELECT '{\"v\": {\"$numberDouble\": \"NaN\"}}'::jsonb::text"));
  }

  @Test
  void corpusAndEdgeDocumentsStoreUnchangedInJsonb() throws Exception {
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE TABLE docs (n serial primary key, data jsonb not null)");
    }
    List<String> files = List.of("edge-cases/bsondump/all_types.bson", "edge-cases/bsondump/all_in_one_doc.bson",
        "edge-cases/bsondump/deep_nested.bson", "edge-cases/bsondump/importCollection.bson",
        "edge-cases/bsondump/sample.bson", "mongo-mongoose/sample_examples/bios.bson",
        "suresh-bookdb/bookdb/products.bson", "northwind/sample_Northwind/Employees.bson",
        "atlas-sample-addy/sample_restaurants/neighborhoods.bson", "edge-cases/dumps/oplogdump/oplog.bson");
    int stored = 0;
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO docs (data) VALUES (?::jsonb) RETURNING n");
         PreparedStatement same = connection.prepareStatement("SELECT data = ?::jsonb FROM docs WHERE n = ?")) {
      for (String file : files) {
        for (JsonFormat format : JsonFormat.values()) {
          for (DumpDocument document : Corpus.readAll(BsonDocumentReader.open(Corpus.file(file), ReadPolicy.ABORT)).documents()) {
            String json = BsonJson.toJson(document.bytes(), format);
            insert.setString(1, json);
            int n;
            try (ResultSet rs = insert.executeQuery()) {
              rs.next();
              n = rs.getInt(1);
            }
            same.setString(1, json);
            same.setInt(2, n);
            try (ResultSet rs = same.executeQuery()) {
              rs.next();
              assertTrue(rs.getBoolean(1), file + " " + format + " " + document);
            }
            stored++;
          }
        }
      }
    }
    assertTrue(stored > 2 * 250, "stored " + stored);
  }

  @Test
  void negativeZeroLosesItsSignInJsonbUnlessCanonical() throws SQLException {
    byte[] bytes = Bson.bytes(new BsonDocument("v", new BsonDouble(-0.0)));
    String relaxed = BsonJson.toJson(bytes, JsonFormat.RELAXED);
    assertEquals("{\"v\": 0.0}", scalar("SELECT '" + relaxed + "'::jsonb::text"));
    String canonical = BsonJson.toJson(bytes, JsonFormat.CANONICAL);
    assertEquals("{\"v\": {\"$numberDouble\": \"-0.0\"}}", scalar("SELECT '" + canonical + "'::jsonb::text"));
  }

  @Test
  void idValuesFitColumnsOfTheirType() throws Exception {
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE TABLE ids (i integer, b bigint, d double precision, u uuid, t text)");
    }
    Object integer = new IdConverter(IdType.INTEGER, IdTextForm.PLAIN).value(Bson.document(new BsonDocument("_id", new BsonInt32(7))));
    Object bigint = new IdConverter(IdType.BIGINT, IdTextForm.PLAIN).value(Bson.document("{\"_id\": {\"$numberLong\": \"5000000000\"}}"));
    Object dbl = new IdConverter(IdType.DOUBLE, IdTextForm.PLAIN).value(Bson.document("{\"_id\": 1.0E300}"));
    Object uuid = new IdConverter(IdType.UUID, IdTextForm.PLAIN).value(Bson.document(
        "{\"_id\": {\"$binary\": {\"base64\": \"ABEiM0RVZneImaq7zN3u/w==\", \"subType\": \"04\"}}}"));
    Object text = new IdConverter(IdType.TEXT, IdTextForm.EXTENDED_JSON).value(Bson.document("{\"_id\": {\"$oid\": \"546511a34bf6e4cb017c52ff\"}}"));
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO ids VALUES (?::integer, ?::bigint, ?::double precision, ?::uuid, ?::text)")) {
      int i = 1;
      for (Object value : List.of(integer, bigint, dbl, uuid, text)) {
        insert.setString(i++, IdConverter.text(value));
      }
      insert.executeUpdate();
    }
    assertEquals("7|5000000000|1e+300|00112233-4455-6677-8899-aabbccddeeff|{\"$oid\": \"546511a34bf6e4cb017c52ff\"}",
        scalar("SELECT concat_ws('|', i, b, d, u, t) FROM ids"));
    assertEquals(UUID.fromString("00112233-4455-6677-8899-aabbccddeeff"), uuid);
    String special = IdConverter.text(new IdConverter(IdType.DOUBLE, IdTextForm.PLAIN).value(
        Bson.document("{\"_id\": {\"$numberDouble\": \"-Infinity\"}}")));
    assertEquals("-Infinity", scalar("SELECT '" + special + "'::double precision::text"));
  }
}
