package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import stress.cli.CliTester;
import stress.dump.Corpus;
import stress.mongo.value.ForeignCollection;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * Every pipeline of the fixture set (src/test/resources/fixtures/mongo-pipelines, a copy of
 * {@code ../shared/fixtures/mongo-pipelines}), translated and run on the embedded PostgreSQL over the collections
 * imported from the shared corpus, returns the documents an independent implementation of MongoDB's aggregation
 * returned, compared by the fixture README's rules ({@link ExtendedJsonComparison}), in both translation forms.
 */
class MongoPipelineFixtureTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Stages not translated yet: a case using one must be refused naming it. */
  private static final Set<String> NOT_YET = Set.of();
  private static String url;
  private static List<JsonNode> cases;

  @BeforeAll
  static void importCollections() throws IOException {
    cases = new ArrayList<>();
    try (InputStream in = MongoPipelineFixtureTest.class.getResourceAsStream("/fixtures/mongo-pipelines/expected.jsonl")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) {
          cases.add(JSON.readTree(line));
        }
      }
    }
    Path corpus = Corpus.find().orElse(null);
    assumeTrue(corpus != null, Corpus.whereLooked() + "; MongoDB pipeline fixtures skipped");
    url = TestDatabase.newDatabaseUrl("mongo_pipelines");
    Set<String> files = new TreeSet<>();
    cases.forEach(c -> {
      files.add(c.get("dump_file").asText());
      if (c.has("foreign")) {
        c.get("foreign").forEach(f -> files.add(f.asText()));
      }
    });
    for (String file : files) {
      CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "import", corpus.resolve(file).toString());
      assertEquals(0, r.exitCode(), r.all());
    }
  }

  @TestFactory
  Stream<DynamicTest> everyPipelineReturnsTheExpectedDocuments() {
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> check(c, true)));
  }

  /** The same in the form for servers without jsonpath (Postgres-XL 10), run here on PostgreSQL. */
  @TestFactory
  Stream<DynamicTest> withoutJsonPathTheSameDocumentsAreReturned() {
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> check(c, false)));
  }

  /**
   * The same in the form written for a Citus distributed table (the table's and a {@code $lookup}'s documents read
   * in fenced subqueries, the lookup as a join gathered per document), run here on PostgreSQL.
   */
  @TestFactory
  Stream<DynamicTest> asForCitusTheSameDocumentsAreReturned() {
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> check(c, true, true)));
  }

  /**
   * The same in the form written for Greenplum 7 (lateral subqueries unfenced, a document's fields built in one
   * call: no subquery two levels inside the row it reads), run here on PostgreSQL.
   */
  @TestFactory
  Stream<DynamicTest> asForGreenplumTheSameDocumentsAreReturned() {
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> check(c, true, false, false)));
  }

  private static IdType idType(String table) throws SQLException {
    try (Connection conn = DriverManager.getConnection(url, "postgres", "");
         ResultSet type = conn.createStatement().executeQuery("SELECT format_type(atttypid, atttypmod) FROM"
             + " pg_attribute WHERE attrelid = '" + table.replace("'", "''") + "'::regclass AND attname = '_id'")) {
      type.next();
      return IdType.parse(type.getString(1));
    }
  }

  private static void check(JsonNode c, boolean jsonpath) throws SQLException {
    check(c, jsonpath, false);
  }

  private static void check(JsonNode c, boolean jsonpath, boolean distributed) throws SQLException {
    check(c, jsonpath, distributed, true);
  }

  private static void check(JsonNode c, boolean jsonpath, boolean distributed, boolean deepCorrelation)
      throws SQLException {
    BsonArray pipeline = BsonArray.parse(c.get("pipeline").toString());
    BsonDocument spec = new BsonDocument("pipeline", pipeline);
    Set<String> stages = new HashSet<>();
    pipeline.forEach(s -> stages.addAll(s.asDocument().keySet()));
    stages.retainAll(NOT_YET);
    if (!stages.isEmpty()) {
      IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> MongoStatement.translate("aggregate", spec, new Parameters(List.of())));
      org.junit.jupiter.api.Assertions.assertTrue(refused.getMessage().contains(stages.iterator().next()),
          refused.getMessage());
      Assumptions.abort("not translated yet: " + stages);
    }
    Map<String, ForeignCollection> foreign = new java.util.HashMap<>();
    if (c.has("foreign")) {
      for (var names = c.get("foreign").fieldNames(); names.hasNext(); ) {
        String namespace = names.next();
        String table = "\"" + namespace.replace('.', '_') + "\"";
        foreign.put(namespace.substring(namespace.indexOf('.') + 1), new ForeignCollection(table, idType(table)));
      }
    }
    MongoStatement statement = MongoStatement.translate("aggregate", spec, new Parameters(List.of()),
        new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of(), null, foreign, distributed).withDeepCorrelation(
            deepCorrelation).withNumericInfinity(jsonpath && deepCorrelation)); // Greenplum 7 and Postgres-XL: none
    if (!deepCorrelation) { // a sort's values (alias ...s) and a lookup's key (...l) in unfenced laterals
      String sql = statement.statement().sql();
      assertFalse(sql.contains("jsonb_object_agg(f.k, f.v)")
          || java.util.regex.Pattern.compile("OFFSET 0\\) AS \\w*[0-9][sl]\\b").matcher(sql).find(),
          "no fenced lateral, no VALUES of fields: " + sql);
    }
    String table = "\"" + c.get("namespace").asText().replace('.', '_') + "\"";
    List<String> found = new ArrayList<>();
    String sql = IdLiteral.resolve(statement.statement().sql(), idType(table)).replace("{table}", table);
    try (Connection conn = DriverManager.getConnection(url, "postgres", "")) {
      try (PreparedStatement ps = conn.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          found.add(rs.getString(1));
        }
      } catch (SQLException e) {
        fail(e.getMessage() + "\n" + sql, e);
      }
    }
    List<String> expected = new ArrayList<>();
    c.get("result").forEach(d -> expected.add(d.toString()));
    assertEquals(c.get("count").asInt(), expected.size(), "fixture count");
    Set<String> unorderedArrays = new HashSet<>();
    if (c.has("unordered_arrays")) {
      c.get("unordered_arrays").forEach(f -> unorderedArrays.add(f.asText()));
    }
    String problem = new ExtendedJsonComparison(unorderedArrays).compare(expected, found, c.get("ordered").asBoolean());
    if (problem != null) {
      fail(problem + "\nexpected: " + expected + "\nfound:    " + found + "\nsql: " + sql);
    }
  }
}
