package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * {@code stress index --suggest} builds the indexes that serve a workload's MongoDB-style operations as they are
 * written for the table (a compound btree for equality + sort + limit, a typed one for a range), and
 * {@code stress explain} then shows each operation's forms, the indexes that serve them as there, and their plans
 * reading them; before, it says which are missing.
 */
class IndexSuggestTest {
  @Test
  void suggestedIndexesAreBuiltAndThenServeTheOperations(@TempDir Path dir) throws Exception {
    String url = TestDatabase.newDatabaseUrl("suggest");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE docs (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO docs SELECT i, jsonb_build_object('_id', i, 'n', i, 's', 's' || (i % 40))"
          + " FROM generate_series(1, 20000) i");
      st.execute("ANALYZE docs");
    }
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, """
        operations:
          newest_of:
            find: {filter: {s: ":s"}, sort: {n: -1}, limit: 5}
            params:
              s: {choice: [s1, s2, s3]}
          above:
            countDocuments: {filter: {n: {$gt: 19990}}}
        """);
    String[] connect = {"--url", url, "-U", "postgres"};
    CliTester.Result before = CliTester.run(connect[0], connect[1], connect[2], connect[3], "explain", "--verbose", "--workload",
        file.toString(), "--table", "docs");
    assertEquals(0, before.exitCode(), before.all());
    assertTrue(before.out().contains("n: sorted on its typed number expression, after the equalities on s"),
        before.out());
    assertTrue(before.out().contains("served by {path: [s, n], type: [string, number]}: missing"), before.out());

    CliTester.Result built = CliTester.run(connect[0], connect[1], connect[2], connect[3], "index", "--suggest",
        "--workload", file.toString(), "--table", "docs");
    assertEquals(0, built.exitCode(), built.all());
    assertTrue(built.out().contains("suggested {path: [s, n], type: [string, number]}: created"), built.out());
    assertTrue(built.out().contains("suggested {path: n, type: number}: created"), built.out());
    assertFalse(built.out().contains("suggested {path: s, type: string}"), "the compound one serves s: " + built.out());

    CliTester.Result after = CliTester.run(connect[0], connect[1], connect[2], connect[3], "explain", "--verbose", "--workload",
        file.toString(), "--table", "docs");
    assertEquals(0, after.exitCode(), after.all());
    assertTrue(after.out().contains("s: typed string equality"), after.out());
    assertTrue(after.out().contains("index: docs_s_s__n_n_idx (Index Scan)"), after.out());
    assertTrue(after.out().contains("index: docs_n_n_idx"), after.out());
    assertFalse(after.out().contains("missing; add it"), after.out());
  }
}
