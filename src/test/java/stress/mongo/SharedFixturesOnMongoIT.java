package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.MongoException;
import com.mongodb.client.FindIterable;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import stress.dump.Corpus;
import stress.dump.DumpScanner;
import stress.dump.ScanOptions;
import stress.mongodb.MongoLoad;
import stress.mongodb.MongoTarget;
import stress.mongodb.ServerIdentity;

/**
 * The shared filter and pipeline fixtures (what an independent implementation of MongoDB's language returns over the
 * shared corpus, which the translation here matches: MongoFilterFixtureTest, MongoPipelineFixtureTest) run natively on
 * the MongoDB-compatible server of {@code STRESS_MONGODB_URL}, each collection loaded with {@code import --to}'s
 * loader. Every case ends the same, different (the first difference), or refused (the server's message), in a table on
 * the test's output. The cases a server answers otherwise are named in {@link #KNOWN_DIFFERENCES} by what the server
 * says it is, each for the reason given (FerretDB 1.24 on 2026-11-26: filters 44 same, 2 refused, 1 different;
 * pipelines 9 same, 32 refused, 3 different. FerretDB 2.5 on DocumentDB 0.106: filters 47 same; pipelines 42 same, 2
 * different): a new difference fails, as does any case a MongoDB server does not answer as the fixture says.
 * Skipped without the server or the shared corpus.
 */
class SharedFixturesOnMongoIT {
  /**
   * The cases each MongoDB-compatible server answers differently from MongoDB's language, with what it does instead,
   * kept by what the server says it is: MongoDB itself answers every case as the fixture says.
   */
  static final Map<ServerIdentity.Kind, Map<String, String>> KNOWN_DIFFERENCES = Map.of(
      ServerIdentity.Kind.FERRETDB_1, Map.of(
          "sample_Northwind.Orders:array-of-docs-path", "a dotted path through an array of documents"
              + " (Details.Product.Id) matches no document: 0 of 38",
          "sample_Northwind.Orders:group-compound-with-null-part", "the second accumulator of a $group ($sum of"
              + " Freight) is 0",
          "sample_mflix.theaters:sort-desc-missing-null-strings", "a $project of a field path returns the path as a"
              + " string ('$location.address.state')",
          "bookdb.persons:unwind-group-bool-in-key", "a $group on a compound key holding a boolean after $unwind: 18"
              + " groups where there are 10"),
      ServerIdentity.Kind.FERRETDB_2, Map.of(
          "sample_Northwind.Orders:push-doc-addToSet-after-sort", "a $push after a $sort does not keep the sorted"
              + " order: ALFKI's orders come as 10643, 10692, 10952, 10835, ... where OrderDate orders 10643, 10692,"
              + " 10702, ...",
          "sample_examples.employees:unwind-preserve-group-missing-key", "$addToSet of a field missing after"
              + " $unwind with preserveNullAndEmptyArrays adds null ([null] where MongoDB leaves the missing value"
              + " out: [])"));

  private static final ObjectMapper JSON = new ObjectMapper();

  private record Outcome(String kind, String detail) {}

  @Test
  void theFixturesRunNativelyOnTheServer() throws Exception {
    String url = System.getenv("STRESS_MONGODB_URL");
    assumeTrue(url != null && !url.isBlank(),
        "MongoDB-target tests SKIPPED: STRESS_MONGODB_URL is not set (.ci/ferretdb.sh starts FerretDB)");
    Path corpus = Corpus.find().orElse(null);
    assumeTrue(corpus != null, Corpus.whereLooked() + "; the fixtures on MongoDB skipped");
    Path filters = corpus.resolve("../../fixtures/mongo-filters/expected.jsonl").normalize();
    Path pipelines = corpus.resolve("../../fixtures/mongo-pipelines/expected.jsonl").normalize();
    assumeTrue(Files.isRegularFile(filters) && Files.isRegularFile(pipelines), "no fixture files beside " + corpus);
    try (MongoTarget target = MongoTarget.connect("STRESS_MONGODB_URL", url, null)) {
      ServerIdentity.Kind kind = target.identity().kind();
      Map<String, String> known = KNOWN_DIFFERENCES.getOrDefault(kind, Map.of());
      Map<String, Outcome> outcomes = new TreeMap<>();
      Map<String, String> loaded = new java.util.HashMap<>();
      for (String line : Files.readAllLines(filters)) {
        JsonNode c = JSON.readTree(line);
        String refused = load(target, corpus, c, loaded);
        outcomes.put("filter " + c.get("case").asText(), refused != null ? new Outcome("refused", refused)
            : filter(target, c));
      }
      for (String line : Files.readAllLines(pipelines)) {
        JsonNode c = JSON.readTree(line);
        String refused = load(target, corpus, c, loaded);
        outcomes.put("pipeline " + c.get("case").asText(), refused != null ? new Outcome("refused", refused)
            : pipeline(target, c));
      }
      Map<String, Integer> tally = new LinkedHashMap<>();
      outcomes.forEach((name, o) -> {
        tally.merge(name.substring(0, name.indexOf(' ')) + " " + o.kind(), 1, Integer::sum);
        System.out.println(o.kind() + "  " + name + (o.detail().isEmpty() ? "" : ": " + o.detail()));
      });
      System.out.println(target.version() + ": " + tally);
      List<String> unexpected = new ArrayList<>();
      outcomes.forEach((name, o) -> {
        if (o.kind().equals("different") && !known.containsKey(name.substring(name.indexOf(' ') + 1))) {
          unexpected.add(name + ": " + o.detail());
        }
        if (kind == ServerIdentity.Kind.MONGODB && !o.kind().equals("same")) {
          unexpected.add(name + " (a MongoDB server runs every case): " + o.detail());
        }
      });
      assertEquals(List.of(), unexpected);
      assertTrue(tally.getOrDefault("filter same", 0) > 0 && tally.getOrDefault("pipeline same", 0) > 0, "" + tally);
    }
  }

  /**
   * Loads the case's collections once each; why the server could not hold them all (documents it refused on load,
   * with its words), or null.
   */
  private static String load(MongoTarget target, Path corpus, JsonNode c, Map<String, String> loaded)
      throws Exception {
    List<String> files = new ArrayList<>(List.of(c.get("dump_file").asText()));
    if (c.has("foreign")) {
      c.get("foreign").forEach(f -> files.add(f.asText()));
    }
    String refused = null;
    for (String file : files) {
      if (!loaded.containsKey(file)) {
        String why = "";
        for (MongoLoad.Loaded l : MongoLoad.load(new DumpScanner(ScanOptions.defaults()).scan(corpus.resolve(file)),
            target, true, new PrintStream(java.io.OutputStream.nullOutputStream()))) {
          if (l.refused() > 0) {
            why = "the server refused " + l.refused() + " of " + (l.documents() + l.refused()) + " documents of "
                + l.namespace() + " on load: " + l.firstRefusal();
          }
        }
        loaded.put(file, why);
      }
      refused = loaded.get(file).isEmpty() ? refused : loaded.get(file);
    }
    return refused;
  }

  private static Outcome filter(MongoTarget target, JsonNode c) {
    try {
      FindIterable<BsonDocument> find = target.collection(c.get("namespace").asText())
          .find(BsonDocument.parse(c.get("filter").toString())).projection(BsonDocument.parse("{_id: 1}"));
      if (c.has("sort")) { // [{path: direction}, ...], in order
        BsonDocument sort = new BsonDocument();
        c.get("sort").forEach(k -> sort.putAll(BsonDocument.parse(k.toString())));
        find = find.sort(sort);
      }
      if (c.has("limit")) {
        find = find.limit(c.get("limit").asInt());
      }
      List<String> found = new ArrayList<>();
      find.forEach(d -> found.add(d.toJson()));
      List<String> expected = new ArrayList<>();
      c.get("ids").forEach(id -> expected.add("{\"_id\": " + id + "}"));
      String problem = new ExtendedJsonComparison(Set.of()).compare(expected, found, c.get("ordered").asBoolean());
      return problem == null ? new Outcome("same", "") : new Outcome("different", problem);
    } catch (MongoException e) {
      return new Outcome("refused", MongoTarget.firstLine(e.getMessage()));
    }
  }

  private static Outcome pipeline(MongoTarget target, JsonNode c) {
    try {
      List<BsonDocument> stages = new ArrayList<>();
      c.get("pipeline").forEach(s -> stages.add(BsonDocument.parse(s.toString())));
      List<String> found = new ArrayList<>();
      target.collection(c.get("namespace").asText()).aggregate(stages).forEach(d -> found.add(d.toJson()));
      List<String> expected = new ArrayList<>();
      c.get("result").forEach(d -> expected.add(d.toString()));
      Set<String> unorderedArrays = new HashSet<>();
      if (c.has("unordered_arrays")) {
        c.get("unordered_arrays").forEach(f -> unorderedArrays.add(f.asText()));
      }
      String problem = new ExtendedJsonComparison(unorderedArrays).compare(expected, found,
          c.get("ordered").asBoolean());
      return problem == null ? new Outcome("same", "") : new Outcome("different", problem);
    } catch (MongoException e) {
      return new Outcome("refused", MongoTarget.firstLine(e.getMessage()));
    }
  }
}
