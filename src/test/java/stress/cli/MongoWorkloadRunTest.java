package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.testing.TestDatabase;

/**
 * MongoDB-style operations of a workload file run through the command line against a real PostgreSQL, in both
 * statement modes, with their effect checked on the server: updates change exactly what they say, inserts add
 * exactly their documents.
 */
class MongoWorkloadRunTest {
  private String url;

  @TempDir
  Path dir;

  @BeforeEach
  void init() {
    url = TestDatabase.newDatabaseUrl("mongo_workload");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "2000");
    assertEquals(0, r.exitCode(), r.all());
  }

  private Map<String, Long> run(Path workload, String... args) throws IOException {
    Path json = dir.resolve("result-" + System.nanoTime() + ".json");
    List<String> all = new ArrayList<>(List.of("--url", url, "-U", "postgres", "run", "--json", json.toString(),
        "--warmup", "0", "--workload", workload.toString()));
    all.addAll(List.of(args));
    CliTester.Result r = CliTester.run(all.toArray(String[]::new));
    assertEquals(0, r.exitCode(), r.all());
    JsonNode stats = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("stats");
    assertEquals(0, stats.get("total").get("errorCount").asLong(), stats.toString());
    Map<String, Long> counts = new HashMap<>();
    for (JsonNode op : stats.get("operations")) {
      counts.put(op.get("name").asText(), op.get("count").asLong());
    }
    return counts;
  }

  @ParameterizedTest
  @ValueSource(strings = {"prepared", "plain"})
  void findsUpdatesInsertsAndCountsDoWhatTheySay(String mode) throws IOException, SQLException {
    Path w = dir.resolve("w.yaml");
    Files.writeString(w, """
        operations:
          by_user:
            weight: 3
            find: {filter: {u: ":user", t: {$gte: 0}}, sort: {t: -1}, limit: 5, projection: {u: 1, t: 1}}
            params:
              user: {sample: u, cap: 50}
          visit:
            weight: 3
            updateOne:
              filter: {_id: ":id"}
              update: {$inc: {visits: 1}, $set: {meta.seen: true, meta.by: ":tag"}, $push: {log: ":tag"}}
            params:
              id: key
              tag: {choice: [a, "it's"]}
          add:
            weight: 2
            insertOne: {document: {_id: ":id", u: ":user", kind: new, t: {$date: "2024-05-06T07:08:09.120Z"}}}
            params:
              id: new_key
              user: {int: [1, 9]}
          how_many:
            weight: 1
            countDocuments: {filter: {$or: [{kind: new}, {u: {$in: [1, 2, 3]}}]}}
        """);
    Map<String, Long> counts = run(w, "--mode", mode, "--threads", "2", "--ops", "900");
    assertEquals(900, counts.values().stream().mapToLong(Long::longValue).sum());
    for (String op : List.of("by_user", "visit", "add", "how_many")) {
      assertTrue(counts.getOrDefault(op, 0L) > 0, op + " ran: " + counts);
    }
    long visits = TestDatabase.count(url, "SELECT coalesce(sum((data->>'visits')::int), 0) FROM check_in");
    assertEquals(counts.get("visit"), visits, "every updateOne added exactly 1");
    assertEquals(visits, TestDatabase.count(url, "SELECT coalesce(sum(jsonb_array_length(data->'log')), 0) FROM check_in"));
    assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM check_in WHERE data ?? 'visits' AND NOT ("
        + "data->'meta'->'seen' = 'true' AND data->'meta'->>'by' IN ('a', 'it''s'))"));
    assertEquals(counts.get("add"), TestDatabase.count(url, "SELECT count(*) FROM check_in WHERE data->>'kind' = 'new'"
        + " AND data->'_id' = to_jsonb(_id) AND (data->>'u')::int BETWEEN 1 AND 9"
        + " AND data->'t' = '{\"$date\": \"2024-05-06T07:08:09.12Z\"}'"));
    assertEquals(2000 + counts.get("add"), TestDatabase.count(url, "SELECT count(*) FROM check_in"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"prepared", "plain"})
  void aggregationPipelinesRunAndAreExplained(String mode) throws IOException {
    Path w = dir.resolve("agg.yaml");
    Files.writeString(w, """
        operations:
          per_user:
            aggregate:
              pipeline:
                - {$match: {u: {$in: [":a", ":b"]}, t: {$gte: 0}}}
                - {$group: {_id: "$u", n: {$sum: 1}, first: {$min: "$t"}, avg: {$avg: "$t"}}}
                - {$sort: {n: -1, _id: 1}}
                - {$limit: ":n"}
            params:
              a: {sample: u, cap: 50}
              b: {sample: u, cap: 50}
              n: {int: [1, 3]}
          shaped:
            aggregate:
              pipeline:
                - {$match: {_id: ":id"}}
                - {$project: {u: 1, label: {$concat: ["user ", {$toLower: "x"}]}, t2: {$multiply: ["$t", ":k"]}}}
            params:
              id: key
              k: {int: [1, 4]}
        """);
    // 30 executions of two operations of equal weight run both but for a chance of 2^-29 (2e-9)
    Map<String, Long> counts = run(w, "--mode", mode, "--threads", "2", "--ops", "30");
    assertTrue(counts.getOrDefault("per_user", 0L) > 0 && counts.getOrDefault("shaped", 0L) > 0, counts.toString());
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "explain", "--verbose", "--workload",
        w.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("\nper_user SELECT: ") && r.out().contains("\nshaped SELECT: "), r.out());
    assertTrue(r.out().contains("GROUP BY g.k"), "the SQL is shown:\n" + r.out());
    assertTrue(r.out().contains("HashAggregate") || r.out().contains("GroupAggregate"), "the plan is shown:\n" + r.out());
  }

  @Test
  void anUnsupportedStageIsOneLineNamingFileLineOperationStageAndOperator() throws IOException {
    Path w = dir.resolve("bad-agg.yaml");
    String err = refusal(w, """
        operations:
          buckets:
            aggregate:
              pipeline:
                - {$match: {u: 1}}
                - {$group: {_id: "$u", sd: {$stdDevPop: "$t"}}}
        """);
    assertTrue(err.contains(w + ":3: operation 'buckets': aggregate: stage 2 ($group): accumulator $stdDevPop is"
        + " not supported"), err);
  }

  /** Runs the workload file {@code yaml}, written to {@code file}: refused with exit 2 in one line, returned. */
  private String refusal(Path file, String yaml) throws IOException {
    Files.writeString(file, yaml);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", file.toString(), "--ops",
        "5");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    return r.err();
  }

  @Test
  void aRefusedOperatorIsNamedAtItsOwnLineWithTheNearestOneOrWhatToWriteInstead() throws IOException {
    Path w = dir.resolve("typo.yaml");
    String typo = refusal(w, """
        operations:
          by_total:
            find:
              filter:
                status: A
                total:
                  $gtx: 100
        """);
    assertTrue(typo.contains(w + ":7: operation 'by_total': find: operator $gtx is not supported; did you mean $gt"
        + " or $gte?; supported: $all, "), typo);
    String script = refusal(w, """
        operations:
          scripted:
            find:
              filter:
                $where: "this.total > 100"
        """);
    assertTrue(script.contains(w + ":5: operation 'scripted': find: operator $where runs JavaScript on the MongoDB"
        + " server, which stress never translates to SQL; write the condition as {$expr: ...}"), script);
  }

  @Test
  void unsupportedOperatorsAndUndeclaredParametersAreOneLineNamingFileLineAndOperation() throws IOException {
    Path w = dir.resolve("bad.yaml");
    Files.writeString(w, """
        operations:
          ok:
            find: {filter: {u: 1}}
          by_name:
            find: {filter: {name: {$mod: [2, 0]}}}
        """);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--ops", "5");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().contains(w + ":5: operation 'by_name': find: operator $mod is not supported"), r.err());

    Files.writeString(w, """
        operations:
          by_user:
            find: {filter: {u: ":usr"}}
            params:
              user: {int: [1, 5]}
        """);
    r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--ops", "5");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains(w + ":3: operation 'by_user': find: parameter :usr is not declared under 'params'"),
        r.err());

    Files.writeString(w, """
        operations:
          both:
            sql: SELECT 1
            find: {filter: {}}
        """);
    r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--ops", "5");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains(w + ":2: operation 'both': give one of 'sql' or a MongoDB-style operation"), r.err());
  }

  @Test
  void aSampledPathOfDocumentsIsRefusedBeforeAnyLoad() throws IOException {
    try (java.sql.Connection c = TestDatabase.connect(url); java.sql.Statement st = c.createStatement()) {
      st.executeUpdate("UPDATE check_in SET data = data || '{\"place\": {\"x\": 1}}'");
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    Path w = dir.resolve("sample.yaml");
    Files.writeString(w, """
        operations:
          by_place:
            find: {filter: {place: ":p"}}
            params:
              p: {sample: place, cap: 10}
        """);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--ops", "5");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains("parameter 'p' samples place, which holds documents or arrays"), r.err());
  }
}
