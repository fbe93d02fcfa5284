package stress.mongo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.value.Parameters;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * Tables of hand-written documents for the translation tests, a translated statement's SQL on one of them, and the
 * first column of a statement's rows.
 */
final class DocumentRows {
  private DocumentRows() {}

  /** Creates {@code (_id integer primary key, data jsonb)} holding the documents (each with an int {@code _id}). */
  static void load(String url, String table, String documents) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE " + table + " (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      try (PreparedStatement ins = c.prepareStatement("INSERT INTO " + table + " VALUES (?, CAST(? AS jsonb))")) {
        for (BsonValue d : BsonArray.parse(documents)) {
          ins.setInt(1, d.asDocument().getInt32("_id").getValue());
          ins.setString(2, BsonJson.valueToRelaxedJson(d));
          ins.addBatch();
        }
        ins.executeBatch();
      }
    }
  }

  /**
   * The SQL of a MongoDB-style operation without parameters for {@code target}, on {@code table} (integer {@code _id}s).
   */
  static String sql(String kind, BsonDocument spec, TranslationTarget target, String table) {
    return IdLiteral.resolve(MongoStatement.translate(kind, spec, new Parameters(List.of()), target).statement().sql(),
        IdType.INTEGER).replace("{table}", table);
  }

  /** The SQL of a pipeline ({@code [{...}, ...]}) for {@code target}, on {@code table}. */
  static String aggregate(String pipeline, TranslationTarget target, String table) {
    return sql("aggregate", new BsonDocument("pipeline", BsonArray.parse(pipeline)), target, table);
  }

  /** The first column of every row the statement returns, in order. */
  static List<String> query(String url, String sql) throws SQLException {
    List<String> found = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url); PreparedStatement ps = c.prepareStatement(sql);
         ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        found.add(rs.getString(1));
      }
    }
    return found;
  }
}
