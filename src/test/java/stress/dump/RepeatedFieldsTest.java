package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.dump.bson.BsonWalker;
import stress.dump.bson.JsonFormat;
import stress.dump.bson.RepeatedFields;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdTextForm;
import stress.dump.document.UndecodableDocumentException;
import stress.table.IdType;
import stress.testing.BsonFiles;
import stress.testing.TestDatabase;

/**
 * Documents holding a field name twice in one object, under each {@code --repeated-fields} policy: refused by
 * default with the option named, every value written for {@code last} (jsonb keeps the last), the later values left
 * out for {@code first}; at the top level, nested, in arrays of documents, and for a repeated {@code _id}, checked
 * against the jsonb a real PostgreSQL stores.
 */
class RepeatedFieldsTest {
  /** Repeats at every depth: top level, in a nested document, in a document inside an array, and a skipped subtree. */
  private static final String NESTED = "{\"_id\": 1, \"a\": 1, \"d\": {\"x\": \"first\", \"y\": 0, \"x\": \"last\"},"
      + " \"list\": [{\"k\": 1}, {\"k\": [1, 2], \"k\": {\"deep\": true}}], \"a\": {\"b\": 1, \"b\": 2}}";

  private static Connection connection;

  @BeforeAll
  static void connect() throws SQLException {
    connection = DriverManager.getConnection(TestDatabase.newDatabaseUrl("repeated"), "postgres", null);
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE TABLE docs (_id text primary key, data jsonb not null)");
    }
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  private static byte[] bsonKeepingRepeats(String json) {
    return BsonFiles.bytesKeepingRepeats(json);
  }

  private static DocumentConverter converter(RepeatedFields policy, IdType type) {
    return new DocumentConverter(JsonFormat.RELAXED, new IdConverter(type, IdTextForm.EXTENDED_JSON), policy);
  }

  @Test
  void rejectIsTheDefaultAndNamesTheOption() {
    DumpDocument document = Bson.document(bsonKeepingRepeats(NESTED));
    assertNull(BsonWalker.decodingProblem(document.bytes()), "valid BSON");
    DocumentRejectedException e = assertThrows(DocumentRejectedException.class,
        () -> new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.TEXT, IdTextForm.EXTENDED_JSON))
            .write(document, new StringWriter()));
    assertEquals("field 'd.x' appears more than once in the same object; jsonb would keep only the last value"
        + " (--repeated-fields last or first loads such documents)", e.rejection().reason());
    assertEquals(RepeatedFields.REJECT, RepeatedFields.parse(" Reject "));
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> RepeatedFields.parse("both"));
    assertEquals("--repeated-fields must be one of reject, last, first, got 'both'", bad.getMessage());
  }

  @Test
  void lastWritesEveryValueAndJsonbKeepsTheLast() throws Exception {
    DocumentConverter.Written written = store(RepeatedFields.LAST, NESTED, "last");
    assertEquals("field 'd.x' appears more than once in the same object (4 repeated names in the document); the last"
        + " value of each was loaded (--repeated-fields last)", written.repeatedFields());
    assertEquals(jsonb("{\"_id\": 1, \"d\": {\"x\": \"last\", \"y\": 0}, \"list\": [{\"k\": 1}, {\"k\": {\"deep\":"
        + " true}}], \"a\": {\"b\": 2}}"), stored("last"));
  }

  @Test
  void firstLeavesOutTheLaterValuesWholeAndChecksThemStill() throws Exception {
    DocumentConverter.Written written = store(RepeatedFields.FIRST, NESTED, "first");
    // the later "a" holds a repeat of its own, which is left out with it and not counted
    assertEquals("field 'd.x' appears more than once in the same object (3 repeated names in the document); the first"
        + " value of each was loaded (--repeated-fields first)", written.repeatedFields());
    assertEquals(jsonb("{\"_id\": 1, \"a\": 1, \"d\": {\"x\": \"first\", \"y\": 0}, \"list\": [{\"k\": 1}, {\"k\":"
        + " [1, 2]}]}"), stored("first"));
    String text = converter(RepeatedFields.FIRST, IdType.TEXT).convert(Bson.document(bsonKeepingRepeats(NESTED))).json();
    assertEquals("{\"_id\": 1, \"a\": 1, \"d\": {\"x\": \"first\", \"y\": 0}, \"list\": [{\"k\": 1}, {\"k\": [1, 2]}]}",
        text, "no trace of the left-out values in the text");

    // a left-out value that is not decodable still makes the document undecodable (it is read, not skipped)
    byte[] badUtf8 = Bson.patch(bsonKeepingRepeats("{\"_id\": 2, \"s\": \"ok\", \"s\": \"xy\"}"), new byte[] {'x', 'y'},
        new byte[] {(byte) 0xC3, (byte) 0x28});
    assertThrows(UndecodableDocumentException.class,
        () -> converter(RepeatedFields.FIRST, IdType.TEXT).write(Bson.document(badUtf8), new StringWriter()));
  }

  @Test
  void aRepeatedTopLevelIdGivesTheColumnTheValueDataHolds() throws Exception {
    String json = "{\"_id\": 1, \"v\": \"x\", \"_id\": 2}";
    for (RepeatedFields policy : new RepeatedFields[] {RepeatedFields.LAST, RepeatedFields.FIRST}) {
      String key = "id-" + policy.word();
      DumpDocument document = Bson.document(bsonKeepingRepeats(json.replace("\"x\"", "\"" + key + "\"")));
      for (IdType type : new IdType[] {IdType.INTEGER, IdType.TEXT}) {
        Object id = converter(policy, type).write(document, new StringWriter());
        assertEquals(policy == RepeatedFields.LAST ? 2 : 1, type == IdType.TEXT ? Integer.parseInt((String) id) : id,
            policy + " " + type);
        assertEquals(id, converter(policy, type).convert(document).id(), "convert agrees with write");
      }
      store(policy, json.replace("\"x\"", "\"" + key + "\""), key);
      try (PreparedStatement ps = connection.prepareStatement(
          "SELECT count(*) FROM docs WHERE data->>'v' = ? AND _id = (data->'_id')::text")) {
        ps.setString(1, key);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          assertEquals(1, rs.getInt(1), "the _id column holds data->'_id' under " + policy);
        }
      }
    }
  }

  @Test
  void aRepeatedNameInsideTheIdIsRejectedUnderEveryPolicy() {
    DumpDocument document = Bson.document(bsonKeepingRepeats("{\"_id\": {\"a\": 1, \"a\": 2}, \"v\": 1}"));
    for (RepeatedFields policy : RepeatedFields.values()) {
      DocumentRejectedException e = assertThrows(DocumentRejectedException.class,
          () -> converter(policy, IdType.TEXT).write(document, new StringWriter()), policy.word());
      assertTrue(e.rejection().reason().contains("field '_id.a' appears more than once"), e.rejection().reason());
    }
  }

  @Test
  void documentsWithoutRepeatsSayNothing() throws Exception {
    DocumentConverter.Written written = converter(RepeatedFields.LAST, IdType.TEXT)
        .writeRow(Bson.document("{\"_id\": 3, \"a\": {\"a\": 1}, \"b\": [{\"a\": 1}, {\"a\": 2}]}"), new StringWriter());
    assertNull(written.repeatedFields());
  }

  /** Converts the document as the import does (one pass into COPY-ready text) and stores it under a key of its own. */
  private static DocumentConverter.Written store(RepeatedFields policy, String json, String key) throws Exception {
    StringWriter text = new StringWriter();
    DocumentConverter.Written written = converter(policy, IdType.TEXT).writeRow(Bson.document(bsonKeepingRepeats(json)),
        text);
    try (PreparedStatement ps = connection.prepareStatement("INSERT INTO docs VALUES (?, ?::jsonb)")) {
      ps.setString(1, key.startsWith("id-") ? IdConverter.text(written.id()) : key);
      ps.setString(2, text.toString());
      ps.executeUpdate();
    }
    return written;
  }

  private static String stored(String key) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("SELECT data::text FROM docs WHERE _id = ?")) {
      ps.setString(1, key);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next(), key);
        return rs.getString(1);
      }
    }
  }

  private static String jsonb(String json) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("SELECT ?::jsonb::text")) {
      ps.setString(1, json);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }
}
