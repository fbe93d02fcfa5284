package stress.app.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.model.StatementMode;
import stress.report.Fixtures;
import stress.runner.PhaseSpec;
import stress.server.pooler.PoolerInfo;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.PgBouncerServer;
import stress.testing.TestDatabase;

/**
 * PgBouncer stopped and started again on its port while a phase runs: that phase's figures are said to be missing,
 * and the next phase's are read through the console opened again.
 */
class PoolerConsoleReopenIT {
  private static final DocumentTable TABLE = new DocumentTable(null, "docs", IdType.BIGINT);
  private static String database;

  @BeforeAll
  static void createTable() throws Exception {
    database = TestDatabase.databaseName(TestDatabase.newDatabaseWithDocuments("reopen", TABLE, 10));
  }

  private static PhaseSpec phase(int threads, ConnectionSpec spec) {
    return new PhaseSpec(Map.of("threads", Integer.toString(threads)), StatementMode.PLAIN, "none",
        new PoolSettings(threads, 0), threads, spec, Map.of());
  }

  @Test
  void aPoolerRestartedDuringAPhaseGivesTheNextPhaseItsFigures() throws Exception {
    try (PgBouncerServer pooler = PgBouncerServer.start(database, "session", 2, PgBouncerServer.Console.ADMIN)) {
      ConnectionSpec run = new ConnectionSpec(pooler.url(database), PgBouncerServer.USER, pooler.password(), Map.of(),
          List.of());
      PoolerInfo info = new PoolerInfo("PgBouncer", "1.18.0", "session", 2, 2000, null, null, true);
      ByteArrayOutputStream text = new ByteArrayOutputStream();
      PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);
      PhaseSpec first = phase(1, run);
      PhaseSpec second = phase(2, run);
      try (PoolerPhaseWatch watch = PoolerPhaseWatch.open(info, run, null, PgBouncerServer.USER, out)) {
        watch.phaseStarted(first, 0, 2);
        pooler.stop();
        watch.interval(first, null);
        pooler.startAgain();
        watch.phaseFinished(first, Fixtures.oneOperation(10, 100));
        assertTrue(watch.figures(first).getOrDefault("pooler console", "").startsWith("stopped answering during this"
            + " phase: "), watch.figures(first) + "\n" + text);

        watch.phaseStarted(second, 1, 2);
        try (Connection c = pooler.connect(database, PgBouncerServer.USER); Statement s = c.createStatement()) {
          s.execute("SELECT 1");
        }
        watch.interval(second, null);
        watch.phaseFinished(second, Fixtures.oneOperation(10, 100));
        assertTrue(Long.parseLong(watch.figures(second).getOrDefault("pooler transactions", "0")) >= 1,
            watch.figures(second) + "\n" + text);
      }
      String said = text.toString(StandardCharsets.UTF_8);
      List<String> lines = said.lines().toList();
      assertTrue(lines.get(0).startsWith("pooler: its console stopped answering ("), said);
      assertEquals("pooler: its console answers again: figures from this phase on", lines.get(1), said);
      assertTrue(lines.get(2).matches("pooler: [1-9][0-9,]* transactions, .* of 2 server connections open.*"), said);
    }
  }
}
