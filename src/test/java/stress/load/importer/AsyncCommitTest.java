package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.load.CopyBatching;
import stress.load.importer.progress.ImportResult;
import stress.server.dialect.Dialect;
import stress.server.dialect.PostgresDialect;
import stress.testing.BsonFiles;
import stress.testing.InterceptedConnection;
import stress.testing.TestDatabase;

/**
 * On plain PostgreSQL the table's creation and the batches commit with synchronous_commit off and one last commit with
 * the server's own setting makes them durable; where a commit spans nodes (two-phase), every batch commits with the server's setting.
 * Each commit's setting is read on its own connection just before it commits.
 */
class AsyncCommitTest {
  private static final int DOCUMENTS = 1000;
  private static final int BATCH = 100;

  @TempDir
  Path dir;
  private String url;
  private final List<String> commits = Collections.synchronizedList(new ArrayList<>());

  @BeforeEach
  void setUp() throws Exception {
    url = TestDatabase.newDatabaseUrl("async_commit");
    // the test server runs with synchronous_commit off for speed; this database gets PostgreSQL's default back
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("ALTER DATABASE " + c.getCatalog() + " SET synchronous_commit = on");
    }
    List<String> documents = new ArrayList<>();
    for (int i = 0; i < DOCUMENTS; i++) {
      documents.add("{\"_id\": " + i + ", \"text\": \"document " + i + "\"}");
    }
    BsonFiles.write(dir.resolve("dump/shop/items.bson"), documents);
  }

  @Test
  void onPlainPostgresqlTheBatchesCommitAsynchronouslyAndALastCommitWaitsForTheDisk() throws Exception {
    ImportResult result = importWith(new PostgresDialect());

    assertEquals(DOCUMENTS, result.collections().get(0).loaded());
    assertEquals(DOCUMENTS, Imports.count(url, "SELECT count(*) FROM shop_items"));
    List<String> expected = new ArrayList<>();
    expected.add("off"); // the table's creation: made durable by the last commit, as the batches are
    expected.addAll(Collections.nCopies(DOCUMENTS / BATCH, "off"));
    expected.add("on"); // the last commit, after which all of them are on disk
    assertEquals(expected, commits);
  }

  @Test
  void whereACommitSpansNodesEveryBatchCommitsWithTheServersSetting() throws Exception {
    Dialect twoPhase = new PostgresTablesDialect(); // commitsLocally() is false

    ImportResult result = importWith(twoPhase);

    assertEquals(DOCUMENTS, result.collections().get(0).loaded());
    assertEquals(Collections.nCopies(1 + DOCUMENTS / BATCH, "on"), commits); // the table's creation, the batches
  }

  private ImportResult importWith(Dialect dialect) throws Exception {
    ImportRequest request = ImportRequest.builder(dir.resolve("dump")).jobs(1)
        .batching(new CopyBatching(BATCH, 64L << 20)).rejects(dir.resolve("rejects.jsonl")).build();
    return new DumpImporter(() -> recordingCommits(TestDatabase.connect(url)), dialect).run(request,
        new Imports.Recorder());
  }

  /** A real connection that records the synchronous_commit in force when each transaction commits. */
  private Connection recordingCommits(Connection real) {
    return InterceptedConnection.beforeCommits(real, () -> {
      try (Statement s = real.createStatement(); ResultSet rs = s.executeQuery("SHOW synchronous_commit")) {
        rs.next();
        commits.add(rs.getString(1));
      }
    });
  }
}
