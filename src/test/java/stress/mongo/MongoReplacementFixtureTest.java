package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import stress.model.OperationSettings;
import stress.model.StatementMode;
import stress.mongo.update.UpdateRefusals;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.OperationContext;
import stress.ops.OperationSession;
import stress.ops.file.PlaceholderValue;
import stress.ops.file.WorkloadOperation;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * Every case of {@code fixtures/mongo-updates/replacements.jsonl} (replacements, upserts, findOneAndReplace,
 * insertMany; see the README there): the documents are loaded into a table of their own as the importer writes them,
 * the operation runs as a workload operation does, in both statement modes (prepared and plain) and both translation
 * forms (jsonpath and without it; with jsonpath on an integer {@code _id} column where the case allows it, else a
 * text one), and the table must hold MongoDB's documents after it (a new ObjectId {@code _id}
 * stands as {@code "NEW_OBJECT_ID"}, and the {@code _id} column must hold the same one), or the statement fails with
 * MongoDB's reason and changes nothing.
 */
class MongoReplacementFixtureTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static String url;

  @BeforeAll
  static void database() {
    url = TestDatabase.newDatabaseUrl("mongo_replacement_fixture");
  }

  static List<JsonNode> cases() throws IOException {
    try (InputStream in = MongoReplacementFixtureTest.class.getResourceAsStream(
        "/fixtures/mongo-updates/replacements.jsonl")) {
      return JSON.readerFor(JsonNode.class).<JsonNode>readValues(in).readAll();
    }
  }

  @TestFactory
  Stream<DynamicTest> everyCaseGivesMongoDbsDocumentsInBothModesAndForms() throws IOException {
    return cases().stream().flatMap(c -> Stream.of(StatementMode.PREPARED, StatementMode.PLAIN).flatMap(mode ->
        Stream.of(true, false).map(jsonpath -> DynamicTest.dynamicTest(c.get("case").asText() + " (" + mode
            + (jsonpath ? ", jsonpath)" : ", without jsonpath)"), () -> run(c, mode, jsonpath)))));
  }

  @TestFactory
  Stream<DynamicTest> findOneAndReplaceReturnsTheDocumentMongoDbReturns() throws IOException {
    return cases().stream().filter(c -> c.has("returned")).map(c -> DynamicTest.dynamicTest(c.get("case").asText(),
        () -> {
          DocumentTable table = table(c, false);
          MongoStatement st = statement(c, true);
          String sql = operation(c, st).textFor(0, table);
          try (Connection conn = TestDatabase.connect(url); PreparedStatement ps = conn.prepareStatement(sql)) {
            for (int i = 0; i < st.values().size(); i++) {
              ps.setObject(i + 1, st.values().get(i).of(new Object[0]));
            }
            ResultSet rs = ps.executeQuery();
            if (c.get("returned").isNull()) {
              assertTrue(!rs.next(), "no document matches");
            } else {
              assertTrue(rs.next());
              assertEquals(canonical(c.get("returned").toString()), rs.getString(2));
            }
          }
        }));
  }

  private static void run(JsonNode c, StatementMode mode, boolean jsonpath) throws SQLException {
    DocumentTable table = table(c, jsonpath);
    List<String> before = rows(table);
    MongoStatement st = statement(c, jsonpath);
    WorkloadOperation op = operation(c, st);
    SQLException error = null;
    try (Connection conn = TestDatabase.connect(url);
         OperationSession session = new OperationSession(mode, true, null, new SplittableRandom(1), 10)) {
      session.attach(conn);
      op.checkOnServer(conn, table); // as a run checks every statement before any load
      op.bind(new OperationContext(table, new OperationSettings(1, 1, 1, 10))).execute(session);
    } catch (SQLException e) {
      error = e;
    }
    if (c.has("refused")) {
      assertNotNull(error, () -> "refused by MongoDB, here: " + rowsOrError(table));
      assertTrue(error.getMessage().contains(UpdateRefusals.PREFIX + c.get("refused").asText()), error.getMessage());
      assertEquals(before, rows(table), "nothing changed");
      return;
    }
    if (error != null) {
      throw error;
    }
    List<String> expected = new ArrayList<>();
    for (JsonNode d : c.get("expected")) {
      expected.add(canonical(d.toString()));
    }
    expected.sort(null);
    assertEquals(expected, rows(table));
  }

  private static MongoStatement statement(JsonNode c, boolean jsonpath) {
    return MongoStatement.translate(c.get("kind").asText(), BsonDocument.parse(c.get("spec").toString()),
        new Parameters(List.of()), new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()));
  }

  private static WorkloadOperation operation(JsonNode c, MongoStatement st) {
    return new WorkloadOperation(c.get("case").asText(), List.of(st.statement().sql()), List.of(), new int[1][0],
        new boolean[] {st.query()}, false, false, false, List.of("replacements.jsonl"),
        new PlaceholderValue[][] {st.values().toArray(PlaceholderValue[]::new)}, null);
  }

  /**
   * A new table holding the case's documents: {@code _id} in an integer column with {@code integerIds} where every
   * document's is an integer (no new ObjectId), else in a text column as the importer writes numbers there.
   */
  private static DocumentTable table(JsonNode c, boolean integerIds) throws SQLException {
    String name = "rep_" + TABLES.incrementAndGet();
    IdType type = integerIds && !c.toString().contains("NEW_OBJECT_ID") && !c.toString().contains("\"_id\": \"")
        ? IdType.INTEGER : IdType.TEXT;
    try (Connection conn = TestDatabase.connect(url)) {
      try (Statement s = conn.createStatement()) {
        s.execute("CREATE TABLE " + name + " (_id " + type.sql() + " PRIMARY KEY, data jsonb NOT NULL)");
      }
      try (PreparedStatement ins = conn.prepareStatement("INSERT INTO " + name + " VALUES (?, CAST(? AS jsonb))")) {
        for (JsonNode d : c.get("documents")) {
          ins.setObject(1, type == IdType.TEXT ? d.get("_id").asText() : Integer.valueOf(d.get("_id").asInt()));
          ins.setString(2, d.toString());
          ins.executeUpdate();
        }
      }
    }
    return new DocumentTable(null, name, type);
  }

  /**
   * The table's documents as PostgreSQL writes them, sorted; a new ObjectId {@code _id} is written as
   * {@code "NEW_OBJECT_ID"} once the {@code _id} column is checked to hold the same one.
   */
  private static List<String> rows(DocumentTable table) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection conn = TestDatabase.connect(url); Statement s = conn.createStatement();
         ResultSet rs = s.executeQuery("SELECT _id, data #>> '{_id,$oid}', CASE WHEN data #> '{_id,$oid}' IS NULL"
             + " THEN data ELSE jsonb_set(data, '{_id}', '\"NEW_OBJECT_ID\"') END FROM " + table.name())) {
      while (rs.next()) {
        if (rs.getString(2) != null) {
          assertTrue(rs.getString(2).matches("[0-9a-f]{24}"), rs.getString(2));
          assertEquals(rs.getString(2), rs.getString(1), "the _id column holds the document's new ObjectId");
        }
        rows.add(rs.getString(3));
      }
    }
    rows.sort(null);
    return rows;
  }

  private static String rowsOrError(DocumentTable table) {
    try {
      return rows(table).toString();
    } catch (SQLException e) {
      return e.getMessage();
    }
  }

  private static String canonical(String json) throws SQLException {
    try (Connection conn = TestDatabase.connect(url); PreparedStatement ps = conn.prepareStatement("SELECT CAST(? AS jsonb)")) {
      ps.setString(1, json);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }
}
