package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * A real {@code stress import} process killed with SIGKILL at random moments while it loads, resumed with
 * {@code --resume} after each kill and finally run to the end, holds exactly the documents of a clean import of
 * the same dump: same count, same checksum of {@code _id} and {@code data}, and checkpoints that cover every
 * document once; with two collections, and with one collection loaded by three streams at once (whose batches commit
 * out of order). The seed of the kill moments is printed (and can be fixed with -Dstress.kill.seed=N).
 */
class ImportKillIT {
  private static final int DOCUMENTS = 100_000;
  private static final int KILLS = 10;
  /** The tables of the import being killed: those of the test that runs. */
  private String targets = "target IN ('\"killed_shop_orders_1\"', '\"killed_shop_orders_2\"')";
  private static final int BATCH = 200;
  /** The latest kill moment after the attempt's first commit. */
  private static final long MAX_DELAY_MILLIS = 1200;

  @TempDir
  Path dir;

  @Test
  void tenKillsAndResumesEndWithTheDocumentsOfACleanImport() throws Exception {
    killAndResume(2, KILLS, 2, List.of("shop_orders_1", "shop_orders_2"));
  }

  /** One big collection split over three load streams: kills land while batches commit out of document order. */
  @Test
  void killsOfOneCollectionLoadedByThreeStreamsEndWithTheSameDocuments() throws Exception {
    targets = "target = '\"killed_shop_orders\"'";
    killAndResume(1, 4, 3, List.of("shop_orders"));
  }

  private void killAndResume(int collections, int kills, int jobs, List<String> tables) throws Exception {
    long seed = Long.getLong("stress.kill.seed", System.nanoTime());
    System.out.println("ImportKillIT: kill moments from seed " + seed + " (repeat with -Dstress.kill.seed=" + seed + ")");
    Random random = new Random(seed);
    String url = TestDatabase.newDatabaseUrl("import_kill");
    Path dump = dir.resolve("dump");
    CliTester.Result generated = CliTester.run("generate", "--out", dump.toString(), "--docs", "" + DOCUMENTS,
        "--collections", "" + collections, "--db", "shop", "--collection", "orders");
    assertEquals(0, generated.exitCode(), generated.all());

    CliTester.Result clean = CliTester.run("--url", url, "-U", "postgres", "import", dump.toString(), "--table-prefix",
        "clean_", "--rejects", dir.resolve("clean.jsonl").toString());
    assertEquals(0, clean.exitCode(), clean.all());

    List<String> args = List.of("--url", url, "-U", "postgres", "import", dump.toString(), "--table-prefix", "killed_",
        "--rejects", dir.resolve("killed.jsonl").toString(), "--batch-docs", "" + BATCH, "--jobs", "" + jobs);
    List<String> resume = new ArrayList<>(args);
    resume.add("--resume");
    for (int kill = 1; kill <= kills; kill++) {
      long delay = (long) (random.nextDouble() * MAX_DELAY_MILLIS);
      long before = checkpoints(url);
      long after = killMidLoad(kill == 1 ? args : resume, before, delay, kill, kills);
      System.out.println("ImportKillIT: kill " + kill + ": SIGKILL " + delay + " ms after its first commit (or at "
          + maxCommits(kills) + " commits); checkpoints "
          + before + " -> " + after);
    }
    long loadedBeforeTheEnd = count(url, "SELECT coalesce(sum(loaded), 0) FROM stress_import_progress WHERE " + targets);
    assertTrue(loadedBeforeTheEnd < DOCUMENTS, "the kills all landed before the end (" + loadedBeforeTheEnd + ")");

    // the last run takes the default batch size: checkpoints are document ranges, not batch numbers
    List<String> last = new ArrayList<>(resume);
    last.removeAll(List.of("--batch-docs", "" + BATCH));
    CliTester.Result finished = CliTester.run(last.toArray(String[]::new));
    assertEquals(0, finished.exitCode(), finished.all());
    assertTrue(finished.out().contains("import: " + DOCUMENTS + " documents read, " + DOCUMENTS + " loaded, 0 rejected"),
        finished.out());

    for (String collection : tables) {
      String checksum = "SELECT count(*) || ' ' || md5(string_agg(_id::text || ' ' || data::text, E'\\n' ORDER BY _id))"
          + " FROM ";
      assertEquals(text(url, checksum + "clean_" + collection), text(url, checksum + "killed_" + collection),
          collection + ": same documents as the clean import");
    }
    long rows = 0;
    for (String collection : tables) {
      rows += count(url, "SELECT count(*) FROM killed_" + collection);
    }
    assertEquals(DOCUMENTS, rows);
    assertEquals(DOCUMENTS, count(url, "SELECT sum(last_index - first_index + 1) FROM stress_import_progress WHERE "
        + targets), "the checkpoints cover every document once");
    assertEquals(0, count(url, "SELECT count(*) FROM (SELECT first_index, lag(last_index) OVER (PARTITION BY target"
        + " ORDER BY first_index) AS previous FROM stress_import_progress WHERE " + targets + ") c"
        + " WHERE first_index <= previous"), "no two checkpoints overlap");
    assertTrue(!Files.exists(dir.resolve("killed.jsonl")) || Files.size(dir.resolve("killed.jsonl")) == 0,
        "nothing rejected");
  }

  /**
   * Starts the import in its own JVM, waits for its first commit, then waits {@code delayMillis} (or until it has
   * made {@link #maxCommits} commits) and sends SIGKILL; the import must still be running then.
   * Returns the checkpoints after the kill.
   */
  private long killMidLoad(List<String> args, long checkpointsBefore, long delayMillis, int kill, int kills)
      throws Exception {
    String url = args.get(1);
    Path output = Files.createTempFile("import-kill", ".out");
    Process process = new ProcessBuilder(ChildJvm.command(args)).redirectErrorStream(true)
        .redirectOutput(output.toFile()).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (checkpoints(url) <= checkpointsBefore) {
        if (!process.isAlive()) {
          throw new AssertionError("kill " + kill + ": the import ended before it committed anything (exit "
              + process.exitValue() + "):\n" + Files.readString(output));
        }
        assertTrue(System.nanoTime() < deadline, "kill " + kill + ": no commit within 60 s");
        Thread.sleep(5);
      }
      long killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMillis);
      while (System.nanoTime() < killAt && checkpoints(url) < checkpointsBefore + maxCommits(kills)) {
        Thread.sleep(5);
      }
      if (!process.isAlive()) {
        throw new AssertionError("kill " + kill + ": the import finished before the kill; the dump is too small:\n"
            + Files.readString(output));
      }
      process.toHandle().destroyForcibly();
      assertTrue(process.waitFor(30, TimeUnit.SECONDS));
      assertEquals(137, process.exitValue(), "killed by SIGKILL");
      return checkpoints(url);
    } finally {
      process.destroyForcibly();
      Files.deleteIfExists(output);
    }
  }

  /**
   * At most this many commits per attempt before the kill, whatever the delay, so that on a fast machine all the kills
   * still land before the end.
   */
  private static long maxCommits(int kills) {
    return DOCUMENTS / BATCH / (kills + 2);
  }

  private long checkpoints(String url) throws SQLException {
    try {
      return count(url, "SELECT count(*) FROM stress_import_progress WHERE " + targets);
    } catch (SQLException e) {
      if ("42P01".equals(e.getSQLState())) {
        return 0; // the first import has not created it yet
      }
      throw e;
    }
  }

  private static long count(String url, String sql) throws SQLException {
    return Long.parseLong(text(url, sql));
  }

  private static String text(String url, String sql) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
