package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import stress.cli.CliTester;
import stress.dump.Corpus;
import stress.load.TableSetup;
import stress.mongo.value.ForeignCollection;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.DocumentTable;
import stress.testing.TestDatabase;

/**
 * The shared filter and pipeline fixtures select the same documents on tables distributed by a key path as MongoDB
 * selected (and as the {@code _id} layout does): each collection is imported twice, once as it is and once with
 * {@code --distribute-by} on a path the fixtures pin, and each case runs on both. A routing condition that changed a
 * result would fail here; the cases whose SQL carries one are counted, so the comparison is not empty.
 */
class KeyLayoutFixtureTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PREFIX = "key_";
  /** The paths tried as a collection's key, in order; the first the import takes (scalars of one kind) is used. */
  private static final Map<String, List<String>> CANDIDATES = Map.ofEntries(
      Map.entry("sample_analytics.accounts", List.of("account_id")),
      Map.entry("sample_analytics.customers", List.of("username")),
      Map.entry("sample_training.zips", List.of("state", "city")),
      Map.entry("sample_geospatial.shipwrecks", List.of("feature_type")),
      Map.entry("sample_Northwind.Orders", List.of("ShipCountry", "Customer.Id")),
      Map.entry("sample_Northwind.Products", List.of("ProductName")),
      Map.entry("sample_examples.bios", List.of("name.first")),
      Map.entry("sample_mflix.theaters", List.of("location.address.state")),
      Map.entry("OrderExample.customers", List.of("State")));
  private static final AtomicInteger ROUTED = new AtomicInteger();
  private static String url;
  private static final List<JsonNode> filters = new ArrayList<>();
  private static final List<JsonNode> pipelines = new ArrayList<>();
  /** Namespace to the key path its key table is distributed by (none: the import refused every candidate). */
  private static final Map<String, String> keys = new LinkedHashMap<>();

  @BeforeAll
  static void importEachCollectionTwice() throws IOException {
    Path filterFile = SharedFilterFixture.file("key layout fixtures");
    Path corpus = Corpus.find().orElseThrow();
    for (String line : Files.readAllLines(filterFile)) {
      if (!line.isBlank()) {
        filters.add(JSON.readTree(line));
      }
    }
    try (InputStream in = KeyLayoutFixtureTest.class.getResourceAsStream("/fixtures/mongo-pipelines/expected.jsonl")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) {
          pipelines.add(JSON.readTree(line));
        }
      }
    }
    url = TestDatabase.newDatabaseUrl("key_layouts");
    Map<String, String> files = new HashMap<>();
    for (JsonNode c : filters) {
      files.put(c.get("namespace").asText(), c.get("dump_file").asText());
    }
    for (JsonNode c : pipelines) {
      files.put(c.get("namespace").asText(), c.get("dump_file").asText());
      if (c.has("foreign")) {
        c.get("foreign").fields().forEachRemaining(f -> files.put(f.getKey(), f.getValue().asText()));
      }
    }
    for (Map.Entry<String, String> e : new java.util.TreeMap<>(files).entrySet()) {
      String file = corpus.resolve(e.getValue()).toString();
      CliTester.Result plain = CliTester.run("--url", url, "-U", "postgres", "import", file);
      assertEquals(0, plain.exitCode(), plain.all());
      importWithKey(e.getKey(), file);
    }
    assertTrue(keys.size() >= 6, "collections laid out by a key: " + keys);
  }

  private static void importWithKey(String namespace, String file) {
    for (String path : CANDIDATES.getOrDefault(namespace, List.of())) {
      CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "import", file, "--table-prefix", PREFIX,
          "--distribute-by", namespace + "=" + path);
      if (r.exitCode() == 0) {
        keys.put(namespace, path);
        return;
      }
      // a path holding arrays or kinds of several types is refused before anything is made: the next one is tried
      assertEquals(2, r.exitCode(), r.all());
      assertTrue(r.all().contains("--distribute-by " + path), r.all());
    }
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "import", file, "--table-prefix", PREFIX);
    assertEquals(0, r.exitCode(), r.all());
  }

  @AfterAll
  static void routingConditionsWereWritten() {
    if (!keys.isEmpty()) {
      System.out.println("key layout fixtures: " + ROUTED.get() + " cases carried a key column condition; keys " + keys);
      assertTrue(ROUTED.get() >= 8, "cases with a routing condition: " + ROUTED.get());
    }
  }

  @TestFactory
  Stream<DynamicTest> everyFilterSelectsTheSameDocumentsOnTheKeyLayout() {
    return filters.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> checkFilter(c)));
  }

  @TestFactory
  Stream<DynamicTest> everyPipelineReturnsTheSameDocumentsOnTheKeyLayout() {
    return pipelines.stream().map(c -> DynamicTest.dynamicTest(c.get("case").asText(), () -> checkPipeline(c)));
  }

  private static String table(String namespace, boolean keyed) {
    return (keyed ? PREFIX : "") + namespace.replace('.', '_');
  }

  private static DocumentTable existing(String name) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, "postgres", "")) {
      return TableSetup.existing(c, null, name, false);
    }
  }

  /** The statement's SQL on the table: its name, and _id literals of its type. */
  private static List<String> run(String sql, DocumentTable table) throws SQLException {
    String text = IdLiteral.resolve(sql, table.idType()).replace("{table}", table.qualifiedName());
    List<String> found = new ArrayList<>();
    try (Connection conn = DriverManager.getConnection(url, "postgres", "");
         PreparedStatement ps = conn.prepareStatement(text); ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        found.add(rs.getString(1));
      }
    } catch (SQLException e) {
      fail(e.getMessage() + "\n" + text, e);
    }
    return found;
  }

  private static MongoStatement translate(String kind, BsonDocument spec, DocumentTable table,
                                          Map<String, ForeignCollection> foreign) {
    MongoStatement statement = MongoStatement.translate(kind, spec, new Parameters(List.of()),
        new TranslationTarget(PathCatalog.NONE, true, Map.of(), null, foreign, false).withLayout(table.layout()));
    if (table.layout().keyed() && statement.statement().sql().contains(table.layout().quotedColumn())) {
      ROUTED.incrementAndGet();
    }
    return statement;
  }

  private static void checkFilter(JsonNode c) throws SQLException {
    BsonDocument spec = new BsonDocument("filter", BsonDocument.parse(c.get("filter").toString()));
    if (c.has("sort")) {
      BsonDocument sort = new BsonDocument();
      c.get("sort").forEach(key -> key.fields().forEachRemaining(e -> sort.put(e.getKey(),
          new BsonInt32(e.getValue().asInt()))));
      spec.put("sort", sort);
    }
    if (c.has("limit")) {
      spec.put("limit", new BsonInt32(c.get("limit").asInt()));
    }
    String namespace = c.get("namespace").asText();
    DocumentTable keyed = existing(table(namespace, true));
    DocumentTable byId = existing(table(namespace, false));
    List<String> onKey = ids(run(translate("find", spec, keyed, Map.of()).statement().sql()
        .replace("SELECT _id, data", "SELECT data->'_id'"), keyed));
    List<String> onId = ids(run(translate("find", spec, byId, Map.of()).statement().sql()
        .replace("SELECT _id, data", "SELECT data->'_id'"), byId));
    List<String> expected = new ArrayList<>();
    c.get("ids").forEach(id -> expected.add(MongoFilterFixtureTest.normal(id.toString())));
    if (c.get("ordered").asBoolean()) {
      assertEquals(expected, onKey);
    } else {
      assertEquals(new TreeSet<>(expected), new TreeSet<>(onKey));
      assertEquals(expected.size(), onKey.size());
    }
    assertEquals(new TreeSet<>(onId), new TreeSet<>(onKey), "the _id layout and the key layout");
  }

  private static void checkPipeline(JsonNode c) throws SQLException {
    BsonDocument spec = new BsonDocument("pipeline", BsonArray.parse(c.get("pipeline").toString()));
    Map<String, ForeignCollection> foreign = new HashMap<>();
    if (c.has("foreign")) {
      for (var names = c.get("foreign").fieldNames(); names.hasNext(); ) {
        String namespace = names.next();
        DocumentTable table = existing(table(namespace, true));
        foreign.put(namespace.substring(namespace.indexOf('.') + 1),
            new ForeignCollection(table.qualifiedName(), table.idType()));
      }
    }
    DocumentTable keyed = existing(table(c.get("namespace").asText(), true));
    List<String> found = run(translate("aggregate", spec, keyed, foreign).statement().sql(), keyed);
    List<String> expected = new ArrayList<>();
    c.get("result").forEach(d -> expected.add(d.toString()));
    Set<String> unorderedArrays = new HashSet<>();
    if (c.has("unordered_arrays")) {
      c.get("unordered_arrays").forEach(f -> unorderedArrays.add(f.asText()));
    }
    String problem = new ExtendedJsonComparison(unorderedArrays).compare(expected, found, c.get("ordered").asBoolean());
    if (problem != null) {
      fail(problem + "\nexpected: " + expected + "\nfound:    " + found);
    }
  }

  private static List<String> ids(List<String> json) {
    return json.stream().map(MongoFilterFixtureTest::normal).toList();
  }
}
