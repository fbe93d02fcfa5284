package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import stress.cli.CliTester;
import stress.dump.Corpus;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFactsStore;
import stress.mongo.value.TranslationTarget;
import stress.mongo.value.TypedExpression;
import stress.ops.file.IdLiteral;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * Every filter of the shared fixtures ({@code ../shared/fixtures/mongo-filters}) and of
 * src/test/resources/fixtures/mongo-filter-operators, translated and run on the
 * embedded PostgreSQL over the collections imported from the shared corpus, selects exactly the documents an
 * independent implementation of MongoDB's query language selected (in order, for the sorted cases).
 */
class MongoFilterFixtureTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The cases of $regex, $type, $expr and $all with $elemMatch, over the same corpus (its README says how). */
  private static final String OPERATORS = "/fixtures/mongo-filter-operators/expected.jsonl";
  private static String url;
  private static List<JsonNode> cases;

  @BeforeAll
  static void importCollections() throws IOException {
    Path fixture = SharedFilterFixture.file("MongoDB filter fixtures");
    Path corpus = Corpus.find().orElseThrow();
    cases = new ArrayList<>();
    List<String> lines = new ArrayList<>(Files.readAllLines(fixture));
    try (java.io.InputStream in = MongoFilterFixtureTest.class.getResourceAsStream(OPERATORS)) {
      lines.addAll(List.of(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")));
    }
    for (String line : lines) {
      if (!line.isBlank()) {
        cases.add(JSON.readTree(line));
      }
    }
    url = TestDatabase.newDatabaseUrl("mongo_filters");
    Set<String> files = new TreeSet<>();
    cases.forEach(c -> files.add(c.get("dump_file").asText()));
    for (String file : files) {
      CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "import", corpus.resolve(file).toString());
      assertEquals(0, r.exitCode(), r.all());
    }
  }

  @TestFactory
  Stream<DynamicTest> everyFixtureFilterSelectsTheExpectedDocuments() {
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> check(c, false, true,
        Declared.TYPED)));
  }

  /** The same in the form for servers without jsonpath (Postgres-XL 10), run here on PostgreSQL 15. */
  @TestFactory
  Stream<DynamicTest> withoutJsonPathTheSameDocumentsAreSelected() {
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> check(c, false, false,
        Declared.TYPED)));
  }

  /** Typed ranges and sorts, containment equality (no btree declared) and elsewhere the form without jsonpath. */
  @TestFactory
  Stream<DynamicTest> withPathFactsAndWithoutJsonPathTheSameDocumentsAreSelected() {
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> check(c, true, false,
        Declared.TYPED)));
  }

  /**
   * The same with the tables' path facts: typed forms wherever the facts allow them (equality too, as if every
   * single-kind path had a declared index), the general form elsewhere, and the same documents.
   */
  @TestFactory
  Stream<DynamicTest> withPathFactsTheTypedFormsSelectTheSameDocuments() {
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> check(c, true, true,
        Declared.TYPED)));
  }

  /**
   * The same with hand-written btrees ({@code numeric}, {@code text}) on every path of numbers or strings only, and no
   * typed one: their forms where the facts show every value of their kind, the same documents.
   */
  @TestFactory
  Stream<DynamicTest> withHandWrittenIndexesTheSameDocumentsAreSelected() {
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> check(c, true, true,
        Declared.HAND_WRITTEN)));
  }

  /** The same with both kinds on every such path: the typed ones read, the same documents. */
  @TestFactory
  Stream<DynamicTest> withBothIndexKindsTheSameDocumentsAreSelected() {
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> check(c, true, true,
        Declared.BOTH)));
  }

  /** The btrees the typed runs have on each path of one kind. */
  private enum Declared { TYPED, HAND_WRITTEN, BOTH }

  /** A hand-written expression in a statement: {@code (data -> 'a' ->> 'b')} or its cast to numeric. */
  private static final java.util.regex.Pattern HAND_WRITTEN_FORM =
      java.util.regex.Pattern.compile("(?<![a-z_])\\((CAST\\()?data( -> '[^']*')* ->> '[^']*'( AS numeric\\))?\\)");
  /** Cases whose SQL used a hand-written form. */
  private static final java.util.concurrent.atomic.AtomicInteger HAND = new java.util.concurrent.atomic.AtomicInteger();

  /** Cases whose SQL used a typed form: the typed run is only worth its name if this is not zero. */
  private static final java.util.concurrent.atomic.AtomicInteger TYPED = new java.util.concurrent.atomic.AtomicInteger();

  @org.junit.jupiter.api.AfterAll
  static void typedFormsWereWritten() {
    if (cases != null) {
      System.out.println("mongo filter fixtures: " + TYPED.get() + " of " + cases.size() + " written in a typed form");
      org.junit.jupiter.api.Assertions.assertTrue(TYPED.get() >= 5, "typed forms in " + TYPED.get() + " cases");
      System.out.println("mongo filter fixtures: " + HAND.get() + " of " + cases.size() + " written in a hand-written"
          + " form");
      org.junit.jupiter.api.Assertions.assertTrue(HAND.get() >= 3, "hand-written forms in " + HAND.get() + " cases");
    }
  }

  private static void check(JsonNode c, boolean typed, boolean jsonpath, Declared declared) throws SQLException {
    BsonDocument spec = new BsonDocument("filter", BsonDocument.parse(c.get("filter").toString()));
    if (c.has("sort")) {
      BsonDocument sort = new BsonDocument();
      for (JsonNode key : c.get("sort")) {
        key.fields().forEachRemaining(e -> sort.put(e.getKey(), new BsonInt32(e.getValue().asInt())));
      }
      spec.put("sort", sort);
    }
    if (c.has("limit")) {
      spec.put("limit", new BsonInt32(c.get("limit").asInt()));
    }
    // without jsonpath stands for Postgres-XL 10, which has no numeric infinities either
    MongoStatement statement = MongoStatement.translate("find", spec, new Parameters(List.of()),
        new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()).withNumericInfinity(jsonpath));
    if (!jsonpath) {
      org.junit.jupiter.api.Assertions.assertFalse(statement.statement().sql().contains("@?"), "no jsonpath");
    }
    String table = "\"" + c.get("namespace").asText().replace('.', '_') + "\"";
    if (typed) {
      try (Connection conn = DriverManager.getConnection(url, "postgres", "")) {
        DocumentTable documents = new DocumentTable(null, c.get("namespace").asText().replace('.', '_'), IdType.TEXT);
        PathCatalog facts = PathFactsStore.read(conn, documents, statement.paths());
        Map<String, Set<String>> indexed = new HashMap<>();
        facts.paths().forEach((path, f) -> {
          String kind = f.valueKinds().size() == 1 ? f.valueKinds().iterator().next() : null;
          if (!f.arrays() && kind != null && TypedExpression.KINDS.contains(kind) && jsonpath) { // without: containment equality
            Set<String> kinds = new TreeSet<>();
            if (declared != Declared.HAND_WRITTEN) {
              kinds.add(kind);
            }
            if (declared != Declared.TYPED && !kind.equals(TypedExpression.DATE)) {
              kinds.add(kind.equals(TypedExpression.NUMBER) ? TypedExpression.NUMERIC : TypedExpression.TEXT);
            }
            indexed.put(path, kinds);
          }
        });
        statement = MongoStatement.translate("find", spec, new Parameters(List.of()),
            new TranslationTarget(facts, jsonpath, indexed, null, Map.of(), false, true, null, jsonpath, true));
        String written = statement.statement().sql();
        if (jsonpath && declared == Declared.TYPED && written.contains("CASE WHEN jsonb_typeof(")) {
          TYPED.incrementAndGet();
        }
        if (declared == Declared.HAND_WRITTEN && HAND_WRITTEN_FORM.matcher(written).find()) {
          HAND.incrementAndGet();
        }
        org.junit.jupiter.api.Assertions.assertFalse(declared == Declared.BOTH && HAND_WRITTEN_FORM.matcher(written).find(),
            "a typed btree is there: " + written);
      }
    }
    String sql;
    try (Connection conn = DriverManager.getConnection(url, "postgres", "");
         ResultSet type = conn.createStatement().executeQuery("SELECT format_type(atttypid, atttypmod) FROM pg_attribute"
             + " WHERE attrelid = '" + table.replace("'", "''") + "'::regclass AND attname = '_id'")) {
      type.next();
      sql = IdLiteral.resolve(statement.statement().sql(), IdType.parse(type.getString(1)))
          .replace("{table}", table).replace("SELECT _id, data", "SELECT data->'_id'");
    }
    if (c.get("filter").toString().contains("\"$expr\"")) {
      try (Connection conn = DriverManager.getConnection(url, "postgres", "")) {
        int subplans = ExprPlanSizeTest.subplans(conn, sql);
        org.junit.jupiter.api.Assertions.assertTrue(subplans < 100, "$expr plans in under 100 subplans, not "
            + subplans + ": " + sql);
      }
    }
    List<String> found = new ArrayList<>();
    try (Connection conn = DriverManager.getConnection(url, "postgres", "");
         PreparedStatement ps = conn.prepareStatement(sql);
         ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        found.add(normal(rs.getString(1)));
      }
    }
    List<String> expected = new ArrayList<>();
    c.get("ids").forEach(id -> expected.add(normal(id.toString())));
    assertEquals(c.get("count").asInt(), expected.size(), "fixture count");
    if (c.get("ordered").asBoolean()) {
      assertEquals(expected, found, sql);
    } else {
      assertEquals(new TreeSet<>(expected), new TreeSet<>(found), sql);
      assertEquals(expected.size(), new HashSet<>(found).size(), "no document twice: " + sql);
      assertEquals(expected.size(), found.size(), sql);
    }
  }

  /** One text per value: numbers by value (3 and 3.0 are the same _id to MongoDB's comparison). */
  static String normal(String json) {
    try {
      JsonNode n = JSON.readTree(json);
      return n.isNumber() ? new BigDecimal(n.asText()).stripTrailingZeros().toPlainString() : n.toString();
    } catch (IOException e) {
      throw new IllegalStateException(json, e);
    }
  }
}
