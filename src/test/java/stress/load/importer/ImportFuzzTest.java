package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.Corpus;
import stress.dump.DumpFormatException;
import stress.dump.ReadPolicy;
import stress.dump.generate.ArchiveWriter;
import stress.dump.generate.DumpOrigin;
import stress.dump.generate.DumpPlan;
import stress.dump.generate.DumpWriter;
import stress.dump.generate.GenerationListener;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportResult;
import stress.model.Shape;
import stress.load.CopyBatching;
import stress.model.ExistingTablePolicy;
import stress.model.UsageException;
import stress.testing.TestDatabase;
import stress.testing.BsonFiles;

/**
 * Whole imports of mutated input (random truncations, bit flips, byte overwrites) of every file in the corpus's
 * {@code edge-cases/} and of a generated dump (directory and archive), for a bounded time: the import ends (no
 * hang), throws nothing but the documented exceptions, and accounts for every document it read: each is a row of
 * the table or a line of the rejects file naming the file and the byte offset ({@code read = loaded + rejected +
 * failed}, the table holds {@code loaded} rows, the rejects file {@code rejected} lines). The seed is printed and
 * can be fixed with -Dstress.fuzz.seed=N, the time with -Dstress.fuzz.seconds=N.
 */
class ImportFuzzTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration BUDGET = Duration.ofSeconds(Long.getLong("stress.fuzz.seconds", 20));
  private static final DumpOrigin ORIGIN = new DumpOrigin("stress fuzz");

  @TempDir
  Path dir;

  /** One input: the original bytes of a file and how to lay a mutated copy out as a dump. */
  private record Input(String name, byte[] bytes, Layout layout, Path siblingsFrom) {}

  private enum Layout { ARCHIVE, DATA_FILE, SIDE_FILE, ROOT_FILE }

  @Test
  void mutatedDumpsImportWithEveryDocumentLoadedOrRejected() throws Exception {
    List<Input> inputs = new ArrayList<>(corpusInputs());
    inputs.addAll(generatedInputs());
    long seed = Long.getLong("stress.fuzz.seed", System.nanoTime());
    System.out.println("ImportFuzzTest: " + inputs.size() + " inputs for " + BUDGET.toSeconds() + " s from seed " + seed
        + " (repeat with -Dstress.fuzz.seed=" + seed + ")");
    String url = TestDatabase.newDatabaseUrl("import_fuzz");
    int[] tally = new int[4]; // imports, documents loaded, rejected, refused as a whole
    assertTimeoutPreemptively(BUDGET.plusSeconds(90), () -> {
      long until = System.nanoTime() + BUDGET.toNanos();
      for (long round = 0; System.nanoTime() < until || round < inputs.size(); round++) {
        Input input = inputs.get((int) (round % inputs.size()));
        long iterationSeed = seed + round;
        Random random = new Random(iterationSeed);
        String[] what = new String[1];
        byte[] mutated = mutate(input.bytes(), random, what);
        ReadPolicy policy = random.nextInt(4) == 0 ? ReadPolicy.ABORT : ReadPolicy.SKIP;
        String context = input.name() + " seed " + iterationSeed + " (" + what[0] + ") " + policy;
        importOnce(url, input, mutated, policy, context, tally);
      }
    }, "an import of mutated input hung; seed " + seed);
    System.out.println("ImportFuzzTest: " + tally[0] + " imports, " + tally[1] + " documents loaded, " + tally[2]
        + " rejected, " + tally[3] + " inputs refused as a whole");
    assertTrue(tally[1] > 0 && tally[2] > 0, "the fuzzing reached both outcomes: loaded " + tally[1] + ", rejected "
        + tally[2]);
  }

  private void importOnce(String url, Input input, byte[] mutated, ReadPolicy policy, String context, int[] tally)
      throws Exception {
    Path work = Files.createDirectories(dir.resolve("run"));
    Path source = layOut(work, input, mutated);
    Path rejects = dir.resolve("rejects.jsonl");
    ImportRequest request = ImportRequest.builder(source).policy(ExistingTablePolicy.DROP_EXISTING).jobs(1)
        .onError(policy).batching(new CopyBatching(50, 1L << 20)).rejects(rejects).build();
    ImportResult result;
    try {
      result = Imports.run(url, request);
    } catch (DumpFormatException | stress.load.LoadException expected) {
      // documented: an archive whose magic number or prelude is unreadable; names that collide
      tally[3]++;
      return;
    } catch (UsageException e) {
      // documented: a directory with no dump file at all (a stray file alone in its database directory)
      if (!e.getMessage().contains("holds no mongodump output")) {
        throw new AssertionError(context + ": escaped " + e, e);
      }
      tally[3]++;
      return;
    } catch (IOException | SQLException | RuntimeException | Error e) {
      throw new AssertionError(context + ": escaped " + e, e);
    } finally {
      tally[0]++;
    }
    try {
      check(url, result, rejects, context, tally);
    } finally {
      reset(url);
      deleteTree(work);
      Files.deleteIfExists(rejects);
    }
  }

  private static void check(String url, ImportResult result, Path rejects, String context, int[] tally)
      throws Exception {
    List<JsonNode> lines = new ArrayList<>();
    if (Files.exists(rejects)) {
      for (String line : Files.readAllLines(rejects)) {
        lines.add(JSON.readTree(line));
      }
    }
    for (JsonNode line : lines) {
      assertTrue(line.path("file").isTextual() && !line.path("file").asText().isEmpty(), context + ": " + line);
      assertTrue(line.path("offset").canConvertToLong() && line.path("offset").asLong() >= 0, context + ": " + line);
      assertTrue(line.path("reason").isTextual(), context + ": " + line);
    }
    assertEquals(result.rejected(), lines.size(), context + ": one rejects line per rejected document");
    for (CollectionResult c : result.collections()) {
      String where = context + " " + c;
      assertEquals(c.read(), c.loaded() + c.rejected() + c.failed(), where + ": counts reconcile");
      assertTrue(c.status() == CollectionResult.Status.LOADED || c.message() != null, where + ": a reason");
      if (c.failed() > 0) {
        assertEquals(CollectionResult.Status.FAILED, c.status(), where);
      }
      if (c.table() != null) {
        assertEquals(c.loaded(), rows(url, c), where + ": the table holds the loaded documents");
      }
      tally[1] += (int) c.loaded();
      tally[2] += (int) c.rejected();
    }
  }

  private static long rows(String url, CollectionResult c) throws SQLException {
    String name = TableNaming.defaults().nameFor(c.namespace());
    return Imports.count(url, "SELECT count(*) FROM " + stress.table.Identifiers.quote(name));
  }

  /** Lays the mutated bytes out as a dump and returns the path to import. */
  private static Path layOut(Path work, Input input, byte[] mutated) throws IOException {
    switch (input.layout()) {
      case ARCHIVE -> {
        return Files.write(work.resolve("fuzz.archive"), mutated);
      }
      case DATA_FILE -> {
        Files.write(Files.createDirectories(work.resolve("db")).resolve(input.name()), mutated);
      }
      case SIDE_FILE -> {
        Path db = Files.createDirectories(work.resolve("db"));
        copySiblings(input.siblingsFrom(), db, input.name());
        Files.write(db.resolve(input.name()), mutated);
      }
      case ROOT_FILE -> {
        copySiblings(input.siblingsFrom(), work, input.name());
        Files.write(work.resolve(input.name()), mutated);
        Files.write(Files.createDirectories(work.resolve("db")).resolve("c.bson"),
            BsonFiles.bytes("{\"_id\": 1, \"a\": \"b\"}"));
      }
    }
    return work;
  }

  /** The data files next to a metadata or stray file, so the mutated side file describes real data. */
  private static void copySiblings(Path from, Path to, String except) throws IOException {
    if (from == null) {
      return;
    }
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        String name = f.getFileName().toString();
        if (!name.equals(except) && (name.endsWith(".bson") || name.endsWith(".bson.gz"))) {
          Files.copy(f, to.resolve(name));
        }
      }
    }
  }

  private static List<Input> corpusInputs() throws IOException {
    List<Input> inputs = new ArrayList<>();
    if (Corpus.find().isEmpty()) {
      System.out.println("ImportFuzzTest: " + Corpus.whereLooked() + "; fuzzing the generated dump only");
      return inputs;
    }
    Path root = Corpus.find().get().resolve("edge-cases");
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
        String name = file.getFileName().toString();
        byte[] bytes = Files.readAllBytes(file);
        Layout layout;
        if (name.endsWith(".archive") || name.endsWith(".archive.gz")) {
          layout = Layout.ARCHIVE;
        } else if (name.endsWith(".bson") || name.endsWith(".bson.gz")) {
          layout = Layout.DATA_FILE;
        } else if (name.startsWith("prelude.json")) {
          layout = Layout.ROOT_FILE;
        } else {
          layout = Layout.SIDE_FILE; // metadata and stray files
        }
        inputs.add(new Input(name, bytes, layout, file.getParent()));
      }
    }
    return inputs;
  }

  private List<Input> generatedInputs() throws IOException {
    DumpPlan plan = new DumpPlan(400, Shape.LARGE, 7, "gen", "orders", 1);
    Path out = dir.resolve("generated");
    new DumpWriter(plan, ORIGIN).write(out, false, GenerationListener.NONE);
    Path archive = dir.resolve("generated.archive");
    new ArchiveWriter(new DumpPlan(400, Shape.SMALL, 7, "gen", "check_in", 2), ORIGIN).write(archive, false,
        GenerationListener.NONE);
    return List.of(
        new Input("orders.bson", Files.readAllBytes(out.resolve("gen/orders.bson")), Layout.DATA_FILE, null),
        new Input("orders.metadata.json", Files.readAllBytes(out.resolve("gen/orders.metadata.json")), Layout.SIDE_FILE,
            out.resolve("gen")),
        new Input("generated.archive", Files.readAllBytes(archive), Layout.ARCHIVE, null));
  }

  /** Truncation, bit flips, random bytes or a run of noise; {@code what} says which, for the failure message. */
  private static byte[] mutate(byte[] original, Random random, String[] what) {
    if (original.length == 0) {
      what[0] = "empty file";
      return original;
    }
    byte[] bytes = original.clone();
    int kind = random.nextInt(4);
    if (kind == 0) {
      int cut = random.nextInt(bytes.length + 1);
      what[0] = "truncated at " + cut;
      return Arrays.copyOf(bytes, cut);
    }
    StringBuilder text = new StringBuilder();
    int changes = 1 + random.nextInt(kind == 3 ? 2 : 8);
    for (int i = 0; i < changes; i++) {
      int at = random.nextInt(bytes.length);
      if (kind == 1) {
        int bit = random.nextInt(8);
        bytes[at] ^= (byte) (1 << bit);
        text.append("flip bit ").append(bit).append(" at ").append(at).append("; ");
      } else if (kind == 2) {
        bytes[at] = (byte) random.nextInt(256);
        text.append("byte ").append(at).append(" = ").append(bytes[at] & 0xff).append("; ");
      } else {
        int length = Math.min(bytes.length - at, 1 + random.nextInt(16));
        byte[] noise = new byte[length];
        random.nextBytes(noise);
        System.arraycopy(noise, 0, bytes, at, length);
        text.append(length).append(" random bytes at ").append(at).append("; ");
      }
    }
    what[0] = text.toString();
    return bytes;
  }

  /** Drops every table the import made, so each import starts from an empty database. */
  private static void reset(String url) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("DROP SCHEMA public CASCADE");
      s.execute("CREATE SCHEMA public");
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
