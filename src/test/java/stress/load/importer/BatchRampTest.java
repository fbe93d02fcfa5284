package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.load.CopyBatching;
import stress.load.importer.progress.ImportResult;
import stress.server.dialect.Dialect;
import stress.server.dialect.PostgresDialect;
import stress.testing.BsonFiles;
import stress.testing.TestDatabase;

/**
 * Where the target starts with small batches (plain PostgreSQL, Citus), a collection's batches start at
 * {@link DumpImporter#FIRST_BATCH_BYTES} and double up to the batch size; elsewhere (a commit across nodes, by
 * default) every batch is full from the start. Read from the
 * checkpoints the import commits, one per batch, with the BSON bytes each held.
 */
class BatchRampTest {
  private static final int DOCUMENTS = 1500;
  private static final long BATCH_BYTES = 1L << 20;

  @TempDir
  Path dir;
  private String url;

  @BeforeEach
  void setUp() throws Exception {
    url = TestDatabase.newDatabaseUrl("batch_ramp");
    List<String> documents = new ArrayList<>();
    String text = "x".repeat(2000);
    for (int i = 0; i < DOCUMENTS; i++) {
      documents.add("{\"_id\": " + i + ", \"text\": \"" + text + "\"}");
    }
    BsonFiles.write(dir.resolve("dump/shop/items.bson"), documents);
  }

  @Test
  void onPlainPostgresqlTheFirstBatchesAreSmallAndDouble() throws Exception {
    List<Long> sizes = batchSizes(new PostgresDialect());
    long limit = DumpImporter.FIRST_BATCH_BYTES;
    for (int i = 0; i < sizes.size() - 1; i++) { // the last one holds what is left
      assertTrue(sizes.get(i) <= limit && sizes.get(i) > limit - 2100, "batch " + i + " of " + sizes);
      limit = Math.min(BATCH_BYTES, limit * 2);
    }
    assertTrue(sizes.get(0) < BATCH_BYTES / 2 && sizes.size() >= 4, sizes.toString());
  }

  @Test
  void whereACommitSpansNodesEveryBatchIsFullFromTheStart() throws Exception {
    Dialect twoPhase = new PostgresTablesDialect(); // commitsLocally() is false
    List<Long> sizes = batchSizes(twoPhase);
    for (int i = 0; i < sizes.size() - 1; i++) {
      assertTrue(sizes.get(i) > BATCH_BYTES - 2100 && sizes.get(i) <= BATCH_BYTES, "batch " + i + " of " + sizes);
    }
  }

  private List<Long> batchSizes(Dialect dialect) throws Exception {
    ImportRequest request = ImportRequest.builder(dir.resolve("dump")).jobs(1)
        .batching(new CopyBatching(50_000, BATCH_BYTES)).rejects(dir.resolve("rejects.jsonl")).build();
    ImportResult result = new DumpImporter(() -> TestDatabase.connect(url), dialect).run(request,
        new Imports.Recorder());
    assertEquals(DOCUMENTS, result.collections().get(0).loaded());
    List<Long> sizes = new ArrayList<>();
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT bytes FROM stress_import_progress ORDER BY first_index")) {
      while (rs.next()) {
        sizes.add(rs.getLong(1));
      }
    }
    assertEquals(DOCUMENTS, Imports.count(url, "SELECT count(*) FROM shop_items"));
    return sizes;
  }
}
