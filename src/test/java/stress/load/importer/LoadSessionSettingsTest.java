package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.load.CopyBatching;
import stress.load.importer.progress.ImportResult;
import stress.server.dialect.CitusDialect;
import stress.server.dialect.Dialect;
import stress.server.dialect.GreenplumDialect;
import stress.server.dialect.PostgresDialect;
import stress.testing.InterceptedConnection;
import stress.testing.TestDatabase;

/**
 * A target's load-session settings are in force on every connection an import loads batches on, from its first batch;
 * Citus keeps the connections a batch's COPY opened to its shards, and only plain PostgreSQL and Citus start a
 * collection with small batches.
 */
class LoadSessionSettingsTest {
  @TempDir
  Path dir;

  @Test
  void everyBatchCommitsWithTheTargetsSessionSettings() throws Exception {
    String url = TestDatabase.newDatabaseUrl("load_session");
    Imports.numberedItems(dir, 300);
    Dialect withSettings = new PostgresTablesDialect() {
      @Override
      public List<String> loadSessionSettings() {
        return List.of("SET work_mem TO '7MB'", "SET application_name TO 'load-session-test'");
      }
    };
    List<String> seen = Collections.synchronizedList(new ArrayList<>());
    ImportRequest request = ImportRequest.builder(dir.resolve("dump")).jobs(2)
        .batching(new CopyBatching(100, 64L << 20)).rejects(dir.resolve("rejects.jsonl")).build();
    ImportResult result = new DumpImporter(() -> {
      Connection real = TestDatabase.connect(url);
      return InterceptedConnection.beforeCommits(real, () -> {
        try (Statement s = real.createStatement();
             ResultSet rs = s.executeQuery("SELECT current_setting('work_mem') || ' ' || current_setting('application_name')")) {
          rs.next();
          seen.add(rs.getString(1));
        }
      });
    }, withSettings).run(request, new Imports.Recorder());

    assertEquals(300, result.collections().get(0).loaded());
    List<String> batches = seen.stream().filter(s -> s.endsWith("load-session-test")).toList();
    assertEquals(3, batches.size(), seen.toString()); // the table's creation commits on a connection of its own
    assertTrue(batches.stream().allMatch(s -> s.equals("7MB load-session-test")), seen.toString());
  }

  @Test
  void citusKeepsTheConnectionsOfABatchAndStartsSmall() {
    assertEquals(List.of("SET citus.max_cached_conns_per_worker TO 1024"), new CitusDialect().loadSessionSettings());
    assertTrue(new CitusDialect().startsWithSmallBatches());
    assertTrue(new PostgresDialect().startsWithSmallBatches());
    assertFalse(new GreenplumDialect().startsWithSmallBatches());
    assertEquals(List.of(), new PostgresDialect().loadSessionSettings());
  }
}
