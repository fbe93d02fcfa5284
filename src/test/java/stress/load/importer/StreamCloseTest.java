package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.load.CopyBatching;
import stress.load.importer.progress.ImportResult;
import stress.server.dialect.Dialect;
import stress.testing.TestDatabase;

/**
 * The load streams' connections are closed in the background after their last batch: the ANALYZE after the load does
 * not wait for them (a Citus session's close took 135 ms), and the import ends only once they are closed.
 */
class StreamCloseTest {
  /** A safety bound only: the close waits for ANALYZE, which comes at once unless the import waits for the close. */
  private static final long ANALYZE_WAIT_SECONDS = 60;

  @TempDir
  Path dir;

  @Test
  void analyzeRunsWhileTheStreamsAreClosingAndTheImportEndsAfterThem() throws Exception {
    String url = TestDatabase.newDatabaseUrl("stream_close");
    Imports.numberedItems(dir, 300);
    Dialect streamsNamed = new PostgresTablesDialect() {
      @Override
      public List<String> loadSessionSettings() {
        return List.of("SET application_name TO 'load-stream'");
      }
    };
    List<Boolean> analyzedBeforeClose = Collections.synchronizedList(new ArrayList<>());
    List<Connection> streams = Collections.synchronizedList(new ArrayList<>());
    ImportRequest request = ImportRequest.builder(dir.resolve("dump")).jobs(2)
        .batching(new CopyBatching(100, 64L << 20)).rejects(dir.resolve("rejects.jsonl")).build();
    ImportResult result = new DumpImporter(() -> closingAfterAnalyze(TestDatabase.connect(url), url,
        analyzedBeforeClose, streams), streamsNamed).run(request, new Imports.Recorder());

    assertEquals(300, result.collections().get(0).loaded());
    assertEquals(List.of(true, true), analyzedBeforeClose, "each stream's close saw the table analyzed");
    assertEquals(2, streams.size());
    for (Connection stream : streams) {
      assertTrue(stream.isClosed(), "closed before the import ended");
    }
  }

  /** {@code real}, whose close, on a load stream, first waits until the table has been analyzed. */
  private static Connection closingAfterAnalyze(Connection real, String url, List<Boolean> analyzed,
                                                List<Connection> streams) {
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
        (proxy, method, args) -> {
          if (method.getName().equals("close") && !real.isClosed() && isStream(real)) {
            streams.add(real);
            analyzed.add(awaitAnalyze(url));
          }
          try {
            return method.invoke(real, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  private static boolean isStream(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT current_setting('application_name')")) {
      rs.next();
      return rs.getString(1).equals("load-stream");
    }
  }

  private static boolean awaitAnalyze(String url) throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANALYZE_WAIT_SECONDS);
    try (Connection observer = TestDatabase.connect(url); Statement s = observer.createStatement()) {
      while (System.nanoTime() < deadline) {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_user_tables WHERE relname = 'shop_items'"
            + " AND last_analyze IS NOT NULL")) {
          rs.next();
          if (rs.getLong(1) == 1) {
            return true;
          }
        }
        s.execute("SELECT pg_stat_clear_snapshot()");
        Thread.sleep(10);
      }
    }
    return false;
  }
}
