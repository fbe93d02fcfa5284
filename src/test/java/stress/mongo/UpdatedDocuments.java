package stress.mongo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import stress.ops.file.IdLiteral;
import stress.ops.file.PlaceholderValue;
import stress.table.IdType;
import stress.testing.TestDatabase;

/** A table {@code docs (_id integer, data jsonb)} on the embedded server, where one new document at a time is updated. */
final class UpdatedDocuments {
  /** The document's data after the update, and the update's error, if any. */
  record Outcome(String data, SQLException error) {}

  private final String url;

  UpdatedDocuments(String database) throws SQLException {
    url = TestDatabase.newDatabaseUrl(database);
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE docs (_id integer PRIMARY KEY, data jsonb NOT NULL)");
    }
  }

  /** Inserts {@code (id, data)}, runs the statement with the drawn values and reads the document back. */
  Outcome update(int id, String data, MongoStatement st, Object... drawn) throws SQLException {
    String sql = IdLiteral.resolve(st.statement().sql(), IdType.INTEGER).replace("{table}", "docs");
    SQLException error = null;
    try (Connection c = TestDatabase.connect(url)) {
      try (PreparedStatement ins = c.prepareStatement("INSERT INTO docs VALUES (?, CAST(? AS jsonb))")) {
        ins.setInt(1, id);
        ins.setString(2, data);
        ins.executeUpdate();
      }
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        List<PlaceholderValue> values = st.values();
        for (int i = 0; i < values.size(); i++) {
          ps.setObject(i + 1, values.get(i).of(drawn));
        }
        ps.executeUpdate();
      } catch (SQLException e) {
        error = e;
      }
      try (Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT data FROM docs WHERE _id = " + id)) {
        rs.next();
        return new Outcome(rs.getString(1), error);
      }
    }
  }

  /** The JSON text as PostgreSQL writes the jsonb value. */
  String canonical(String json) throws SQLException {
    return canonical(json, "");
  }

  /** The same without the top-level key (none for ""). */
  String canonical(String json, String without) throws SQLException {
    try (Connection c = TestDatabase.connect(url);
         PreparedStatement ps = c.prepareStatement("SELECT CAST(? AS jsonb) - ?")) {
      ps.setString(1, json);
      ps.setString(2, without);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }
}
