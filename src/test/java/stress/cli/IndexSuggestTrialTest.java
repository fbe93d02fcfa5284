package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code stress index --suggest} keeps a suggested index only where the planner's estimate of an operation it serves
 * falls with it (a selective range), drops one the planner would not read (a range that keeps every document, beside
 * an equality the GIN index serves), lists on a second run the suggested indexes already built, and does the same for
 * the {@code $match} stages of a pipeline.
 */
class IndexSuggestTrialTest {
  @TempDir
  Path dir;

  private static String table(String name) throws Exception {
    String url = TestDatabase.newDatabaseUrl(name);
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE docs (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO docs SELECT i, jsonb_build_object('_id', i, 'n', i, 'm', i, 's', 's' || (i % 40))"
          + " FROM generate_series(1, 20000) i");
      st.execute("CREATE INDEX docs_data_gin ON docs USING gin (data jsonb_path_ops)");
      st.execute("ANALYZE docs");
    }
    return url;
  }

  private static List<String> indexes(String url) throws Exception {
    List<String> names = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT indexname FROM pg_indexes WHERE tablename = 'docs'"
             + " AND indexname NOT IN ('docs_pkey', 'docs_data_gin') ORDER BY indexname")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    return names;
  }

  private CliTester.Result suggest(String url, String yaml) throws Exception {
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, yaml);
    return CliTester.run("--url", url, "-U", "postgres", "index", "--suggest", "--workload", file.toString(),
        "--table", "docs");
  }

  @Test
  void keepsWhatTheEstimateSaysServesBetterAndDropsTheRest() throws Exception {
    String url = table("trial");
    String yaml = """
        operations:
          wide:
            countDocuments: {filter: {s: "s1", m: {$gte: 0}}}
          above:
            countDocuments: {filter: {n: {$gt: 19990}}}
        """;
    CliTester.Result first = suggest(url, yaml);
    assertEquals(0, first.exitCode(), first.all());
    assertTrue(first.out().contains("suggested {gin: data}: already built: docs_data_gin"), first.out());
    assertTrue(first.out().contains("suggested {path: m, type: number}: left out (dropped again): by the planner's"
        + " estimate it serves none better: 'wide' ("), first.out());
    assertTrue(first.out().contains("with it): not read; now index: docs_data_gin (Bitmap Index Scan)"), first.out());
    assertTrue(first.out().contains("suggested {path: n, type: number}: kept: the planner's estimate falls with it"
        + " for 'above' ("), first.out());
    assertEquals(List.of("docs_n_n_idx"), indexes(url));

    CliTester.Result second = suggest(url, yaml);
    assertEquals(0, second.exitCode(), second.all());
    assertTrue(second.out().contains("suggested {path: n, type: number}: already built: docs_n_n_idx"),
        second.out());
    assertTrue(second.out().contains("suggested {path: m, type: number}: left out"), second.out());
    assertEquals(List.of("docs_n_n_idx"), indexes(url));
  }

  @Test
  void aPipelineGetsTheIndexesOfItsMatchStagesAndASecondRunListsThem() throws Exception {
    String url = table("trialpipeline");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("DROP INDEX docs_data_gin");
    }
    String yaml = """
        operations:
          per_s:
            aggregate:
              pipeline:
                - {$match: {s: ":s"}}
                - {$group: {_id: "$s", total: {$sum: "$n"}}}
            params:
              s: {choice: [s1, s2]}
          newest:
            aggregate:
              pipeline:
                - {$match: {n: {$gt: 19990}}}
                - {$count: orders}
        """;
    CliTester.Result first = suggest(url, yaml);
    assertEquals(0, first.exitCode(), first.all());
    assertTrue(first.out().contains("suggested {gin: data}: kept"), first.out());
    assertTrue(first.out().contains("suggested {path: n, type: number}: kept"), first.out());

    CliTester.Result second = suggest(url, yaml);
    assertEquals(0, second.exitCode(), second.all());
    assertTrue(second.out().contains("suggested {gin: data}: already built: docs_data_gin"), second.out());
    assertTrue(second.out().contains("suggested {path: n, type: number}: already built: docs_n_n_idx"),
        second.out());
    assertTrue(second.out().contains("no index to suggest beyond those already built"), second.out());
    assertFalse(second.out().contains("the file has no MongoDB-style operation an index would serve"), second.out());
  }
}
