package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.dump.Corpus;
import stress.testing.BsonFiles;
import stress.testing.TestDatabase;
import stress.testing.TestDumps;

/**
 * A real import process killed with SIGKILL in the middle, resumed and stopped by SIGTERM, then resumed to the end:
 * the table ends with exactly the documents of a clean import (same count, same checksum), and the rejects file with
 * each rejected document once. Each runs on the corpus's zips.bson (skipped without the corpus) and on a generated
 * collection of as many documents.
 */
class ImportResumeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int WITHOUT_ID_EVERY = 1000;

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"corpus", "generated"})
  void killedThenStoppedThenResumedEqualsACleanImport(String source) throws Exception {
    String url = TestDatabase.newDatabaseUrl("import_resume");
    Path dump = dump(source);
    long documents = 29_470 + 29_470 / WITHOUT_ID_EVERY;

    CliTester.Result clean = CliTester.run("--url", url, "-U", "postgres", "import", dump.toString(), "--table", "clean",
        "--rejects", dir.resolve("clean.jsonl").toString());
    assertEquals(3, clean.exitCode(), clean.all());
    assertEquals(29_470, count(url, "SELECT count(*) FROM clean"));

    Path rejects = dir.resolve("killed.jsonl");
    List<String> args = List.of("--url", url, "-U", "postgres", "import", dump.toString(), "--table", "killed",
        "--rejects", rejects.toString(), "--batch-docs", "100", "--jobs", "2");
    killAfterCheckpoints(args, 20);
    long afterFirstKill = checkpoints(url);
    List<String> resume = new ArrayList<>(args);
    resume.add("--resume");
    int rejectLinesBefore = Files.exists(rejects) ? Files.readAllLines(rejects).size() : 0;
    String stopped = stopAfterCheckpoints(resume, afterFirstKill + 30);
    assertPartialSummary(stopped, rejects, rejectLinesBefore);
    long afterStop = count(url, "SELECT count(*) FROM killed");
    assertTrue(afterStop < 29_470, "stopped before the end: " + afterStop + " rows");

    CliTester.Result finished = CliTester.run(resume.toArray(String[]::new));
    assertEquals(3, finished.exitCode(), finished.all());
    assertTrue(finished.out().contains("documents done by an earlier run"), finished.out());
    assertTrue(finished.out().contains("import: " + documents + " documents read, 29470 loaded, 29 rejected"),
        finished.out());

    assertEquals(29_470, count(url, "SELECT count(*) FROM killed"));
    String checksum = "SELECT md5(string_agg(_id || ' ' || data::text, E'\\n' ORDER BY _id)) FROM ";
    assertEquals(text(url, checksum + "clean"), text(url, checksum + "killed"), "same documents as the clean import");
    assertEquals(rejectKeys(dir.resolve("clean.jsonl")), rejectKeys(rejects), "each rejected document once");
    assertEquals(documents, count(url, "SELECT sum(last_index - first_index + 1) FROM stress_import_progress"
        + " WHERE target = '\"killed\"'"), "the checkpoints cover every document once");
  }

  /**
   * No connection given: the import runs on a PostgreSQL the child started. SIGTERM mid-import still ends as an
   * interruption (the batches in flight commit on a server that is still up), the partial summary is printed,
   * the rejects file holds whole lines, and then the server is stopped: no process, port or data directory left.
   */
  @ParameterizedTest
  @ValueSource(strings = {"corpus", "generated"})
  void stoppedOnTheEmbeddedServerPrintsTheSummaryThenStopsTheServer(String source) throws Exception {
    Path rejects = dir.resolve("embedded.jsonl");
    List<String> args = List.of("import", dump(source).toString(), "--table", "killed", "--rejects", rejects.toString(),
        "--batch-docs", "100", "--jobs", "2");
    Path output = dir.resolve("embedded.out");
    ProcessBuilder builder = new ProcessBuilder(ChildJvm.command(args)).redirectErrorStream(true)
        .redirectOutput(output.toFile());
    builder.environment().remove("PGHOST");
    Process process = builder.start();
    EmbeddedServerProcess server;
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (EmbeddedServerProcess.port(Files.readString(output)).isEmpty()) {
        assertTrue(process.isAlive(), "ended before starting its server:\n" + Files.readString(output));
        assertTrue(System.nanoTime() < deadline, "no embedded server within 120 s");
        Thread.sleep(20);
      }
      server = EmbeddedServerProcess.onPort(EmbeddedServerProcess.port(Files.readString(output)).orElseThrow());
      String url = "jdbc:postgresql://localhost:" + server.port() + "/postgres";
      while (checkpoints(url) < 30) {
        assertTrue(process.isAlive(), "the import ended before it could be stopped:\n" + Files.readString(output));
        assertTrue(System.nanoTime() < deadline, "no progress within 120 s");
        Thread.sleep(5);
      }
      process.toHandle().destroy();
      assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    } finally {
      process.destroyForcibly();
    }
    String printed = Files.readString(output);
    assertEquals(143, process.exitValue(), "stopped by SIGTERM: 128 + 15\n" + printed);
    assertPartialSummary(printed, rejects, 0);
    assertTrue(printed.contains(" rejected; read = loaded + rejected\n"), printed);
    Matcher total = Pattern.compile("import: \\d+ documents read, \\d+ loaded, (\\d+) rejected").matcher(printed);
    assertTrue(total.find(), printed);
    assertEquals(Files.readAllLines(rejects).size(), Long.parseLong(total.group(1)),
        "a fresh import's rejects file holds the rejects of the committed batches:\n" + printed);
    server.assertGone();
  }

  /**
   * The summary of a stopped import: the collection's line and the totals with what was done so far, marked
   * interrupted, no failed batch (the server stayed up), and a rejects file of whole JSON lines, as many as printed.
   */
  private static void assertPartialSummary(String printed, Path rejects, int rejectLinesBefore) throws IOException {
    assertTrue(printed.contains("import: interrupted: the counts cover committed batches; run again with --resume"),
        printed);
    Matcher collection = Pattern.compile("import: shop\\.zips: (\\d+) read, (\\d+) loaded, (\\d+) rejected, .*;"
        + " interrupted").matcher(printed);
    assertTrue(collection.find(), "the collection's partial counts:\n" + printed);
    long read = Long.parseLong(collection.group(1));
    long loaded = Long.parseLong(collection.group(2));
    long rejected = Long.parseLong(collection.group(3));
    assertTrue(loaded > 0 && loaded < 29_470 && rejected > 0, printed);
    assertEquals(read, loaded + rejected, "read = loaded + rejected, no failed batch:\n" + printed);
    Matcher lines = Pattern.compile("import: rejects file .* \\((\\d+) lines? written by this run\\)")
        .matcher(printed);
    assertTrue(lines.find(), printed);
    List<String> written = Files.readAllLines(rejects);
    assertEquals(Long.parseLong(lines.group(1)), written.size() - rejectLinesBefore, "every reject line flushed");
    for (String line : written) {
      assertTrue(JSON.readTree(line).has("reason"), "a whole JSON line: " + line);
    }
  }

  /**
   * zips.bson with a document without _id after every 1000th, so rejects happen all along: the corpus's, or generated
   * documents as many as it has.
   */
  private Path dump(String source) throws IOException {
    Path original = source.equals("corpus") ? Corpus.file("atlas-sample-mcampo2/sample_training/zips.bson")
        : TestDumps.directory(dir.resolve("generated"), "gen", "zips", 29_470, 1, false).resolve("gen/zips.bson");
    return BsonFiles.withoutIdAfterEvery(original, WITHOUT_ID_EVERY, dir.resolve("shop/zips.bson"));
  }

  /** Starts the import in its own JVM and kills it with SIGKILL once the checkpoints reach {@code target}. */
  private static void killAfterCheckpoints(List<String> args, long target) throws Exception {
    String url = args.get(1);
    Process process = new ProcessBuilder(ChildJvm.command(args)).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (checkpoints(url) < target) {
        assertTrue(process.isAlive(), "the import ended before it could be killed (exit " + exit(process) + ")");
        assertTrue(System.nanoTime() < deadline, "no progress within 60 s");
        Thread.sleep(5);
      }
      process.toHandle().destroyForcibly();
      assertTrue(process.waitFor(30, TimeUnit.SECONDS));
      assertEquals(137, process.exitValue(), "killed by SIGKILL");
    } finally {
      process.destroyForcibly();
    }
  }

  /** Starts the import in its own JVM, sends SIGTERM once the checkpoints reach {@code target}; returns its output. */
  private static String stopAfterCheckpoints(List<String> args, long target) throws Exception {
    String url = args.get(1);
    Path output = Files.createTempFile("import", ".out");
    Process process = new ProcessBuilder(ChildJvm.command(args)).redirectErrorStream(true).redirectOutput(output.toFile()).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (checkpoints(url) < target) {
        assertTrue(process.isAlive(), "the import ended before it could be stopped (exit " + exit(process) + ")");
        assertTrue(System.nanoTime() < deadline, "no progress within 60 s");
        Thread.sleep(5);
      }
      process.toHandle().destroy();
      assertTrue(process.waitFor(60, TimeUnit.SECONDS));
      String printed = Files.readString(output);
      assertEquals(143, process.exitValue(), "stopped by SIGTERM: 128 + 15\n" + printed);
      return printed;
    } finally {
      process.destroyForcibly();
      Files.deleteIfExists(output);
    }
  }

  private static int exit(Process process) {
    return process.isAlive() ? -1 : process.exitValue();
  }

  private static long checkpoints(String url) throws SQLException {
    try {
      return count(url, "SELECT count(*) FROM stress_import_progress WHERE target = '\"killed\"'");
    } catch (SQLException e) {
      if ("42P01".equals(e.getSQLState())) {
        return 0; // not created yet
      }
      throw e;
    }
  }

  private static List<String> rejectKeys(Path file) throws IOException {
    List<String> keys = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      JsonNode node = JSON.readTree(line);
      keys.add(node.get("index").asLong() + " " + node.get("offset").asLong() + " " + node.get("reason").asText());
    }
    keys.sort(null);
    return keys;
  }

  private static long count(String url, String sql) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static String text(String url, String sql) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
