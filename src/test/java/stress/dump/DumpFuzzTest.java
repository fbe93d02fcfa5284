package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.bson.JsonFormat;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdTextForm;
import stress.table.IdType;

/**
 * Random truncations, bit flips and overwrites of real dump files, for a few seconds each: reading
 * must end (no hang), throw nothing but {@link DumpFormatException}, and account for every byte:
 * items are contiguous, and a failure sits exactly where they stop. Seeds are fixed so a failure
 * repeats; the message names the seed and the mutation.
 */
class DumpFuzzTest {
  private static final Duration BUDGET = Duration.ofMillis(1000);
  private static final Duration HANG = Duration.ofSeconds(60);
  /** Per file of the every-file fuzzing: short, as there are over thirty. */
  private static final Duration PER_FILE = Duration.ofMillis(150);
  /** The fewest mutations the edge-case test makes over all its files, however slow the machine. */
  private static final int MUTATIONS = 100;
  private static final DocumentConverter CONVERTER =
      new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.TEXT, IdTextForm.EXTENDED_JSON));

  /** How often each outcome happened, to show the fuzzing reached every path. */
  private static final class Tally {
    int clean;
    int rejections;
    int failures;
    int runs;
  }

  private record Mutation(byte[] bytes, String description) {}

  private static Mutation mutate(byte[] original, Random random) {
    byte[] bytes = original.clone();
    StringBuilder what = new StringBuilder();
    int kind = random.nextInt(4);
    if (kind == 0) {
      int cut = random.nextInt(bytes.length + 1);
      what.append("truncated at ").append(cut);
      return new Mutation(java.util.Arrays.copyOf(bytes, cut), what.toString());
    }
    int changes = 1 + random.nextInt(kind == 3 ? 1 : 8);
    for (int i = 0; i < changes; i++) {
      int at = random.nextInt(bytes.length);
      if (kind == 1) {
        int bit = random.nextInt(8);
        bytes[at] ^= (byte) (1 << bit);
        what.append("flip bit ").append(bit).append(" at ").append(at).append("; ");
      } else if (kind == 2) {
        bytes[at] = (byte) random.nextInt(256);
        what.append("byte ").append(at).append(" = ").append(bytes[at] & 0xff).append("; ");
      } else {
        int length = Math.min(bytes.length - at, 1 + random.nextInt(16));
        byte[] noise = new byte[length];
        random.nextBytes(noise);
        System.arraycopy(noise, 0, bytes, at, length);
        what.append(length).append(" random bytes at ").append(at);
      }
    }
    return new Mutation(bytes, what.toString());
  }

  @Test
  void mutatedBsonFilesNeverEscapeTheDocumentedErrors() {
    Tally tally = new Tally();
    assertTimeoutPreemptively(HANG, () -> {
      long seed = 20240601;
      for (String file : List.of("edge-cases/bsondump/all_types.bson", "edge-cases/bsondump/all_in_one_doc.bson",
          "mongo-mongoose/sample_examples/bios.bson", "edge-cases/bsondump/importCollection.bson")) {
        byte[] original = Files.readAllBytes(Corpus.file(file));
        long until = System.nanoTime() + BUDGET.toNanos();
        while (System.nanoTime() < until) {
          Random random = new Random(++seed);
          Mutation mutation = mutate(original, random);
          for (ReadPolicy policy : ReadPolicy.values()) {
            checkPlainStream(mutation, policy, file + " seed " + seed + " (" + mutation.description() + ") " + policy, tally);
          }
        }
      }
    });
    assertTrue(tally.clean > 0 && tally.rejections > 0 && tally.failures > 0,
        "clean " + tally.clean + ", with rejections " + tally.rejections + ", failed " + tally.failures);
  }

  /**
   * Every .bson file of edge-cases/ (the corpus's odd and corrupt files) and a generated one, each mutated for a
   * short while with a seed that is printed (and can be fixed with -Dstress.fuzz.seed=N).
   */
  @Test
  void everyEdgeCaseBsonFileAndAGeneratedOneNeverEscapeTheDocumentedErrors(@TempDir Path dir) throws IOException {
    List<Path> files = new java.util.ArrayList<>();
    if (Corpus.find().isPresent()) {
      try (java.util.stream.Stream<Path> walk = Files.walk(Corpus.find().get().resolve("edge-cases"))) {
        walk.filter(f -> f.getFileName().toString().endsWith(".bson")).sorted().forEach(files::add);
      }
    } else {
      System.out.println("DumpFuzzTest: " + Corpus.whereLooked() + "; fuzzing a generated file only");
    }
    // generated files of both shapes, so the test has clean and failing outcomes also where the corpus is absent:
    // a mutation of a large document is nearly always caught, one of a small document often reads cleanly
    for (stress.model.Shape shape : stress.model.Shape.values()) {
      String collection = "orders_" + shape.name().toLowerCase(java.util.Locale.ROOT);
      new stress.dump.generate.DumpWriter(new stress.dump.generate.DumpPlan(300, shape, 3, "gen", collection, 1),
          new stress.dump.generate.DumpOrigin("stress fuzz")).write(dir, false,
          stress.dump.generate.GenerationListener.NONE);
      files.add(dir.resolve("gen/" + collection + ".bson"));
    }
    long firstSeed = Long.getLong("stress.fuzz.seed", System.nanoTime());
    System.out.println("DumpFuzzTest: " + files.size() + " files from seed " + firstSeed);
    Tally tally = new Tally();
    // with few files (no corpus) each gets a larger share of the budget, so it sees enough mutations
    Duration perFile = PER_FILE.compareTo(BUDGET.dividedBy(files.size())) > 0 ? PER_FILE : BUDGET.dividedBy(files.size());
    int leastPerFile = Math.max(10, MUTATIONS / files.size());
    assertTimeoutPreemptively(HANG, () -> {
      long seed = firstSeed;
      for (Path file : files) {
        byte[] original = Files.readAllBytes(file);
        if (original.length == 0) {
          continue;
        }
        long until = System.nanoTime() + perFile.toNanos();
        // a count as well as a time: on a loaded machine the time alone gave a file a few mutations, all failing
        for (int done = 0; done < leastPerFile || System.nanoTime() < until; done++) {
          Random random = new Random(++seed);
          Mutation mutation = mutate(original, random);
          for (ReadPolicy policy : ReadPolicy.values()) {
            checkPlainStream(mutation, policy, file + " seed " + seed + " (" + mutation.description() + ") " + policy,
                tally);
          }
        }
      }
    });
    assertTrue(tally.clean > 0 && tally.failures > 0, "clean " + tally.clean + ", failed " + tally.failures);
  }

  private static void checkPlainStream(Mutation mutation, ReadPolicy policy, String context, Tally tally) {
    Corpus.Outcome outcome;
    try {
      outcome = Corpus.readAll(new BsonDocumentReader(new ByteArrayInputStream(mutation.bytes()), "fuzz", policy));
    } catch (IOException | RuntimeException | Error e) {
      throw new AssertionError(context + ": escaped " + e, e);
    }
    tally.runs++;
    long end;
    try {
      end = outcome.contiguousEnd(0);
    } catch (AssertionError e) {
      throw new AssertionError(context + ": " + e.getMessage(), e);
    }
    for (int i = 0; i < outcome.items().size(); i++) {
      assertEquals(i, outcome.items().get(i).index(), context);
    }
    if (outcome.failure() == null) {
      assertEquals(mutation.bytes().length, end, context + ": clean end must cover every byte");
      tally.clean++;
    } else {
      assertEquals(end, outcome.failure().offset(), context + ": the failure sits where the items stop");
      outcome.failure().rejection().ifPresent(r -> assertEquals(outcome.items().size(), r.index(), context));
      assertTrue(outcome.failure().getMessage().startsWith("fuzz: "), context);
      tally.failures++;
    }
    if (!outcome.rejections().isEmpty()) {
      assertEquals(ReadPolicy.SKIP, policy, context + ": ABORT never yields rejections");
      tally.rejections++;
    }
    for (DumpDocument document : outcome.documents()) {
      try {
        CONVERTER.convert(document);
      } catch (DocumentRejectedException expected) {
        // documented outcome (no _id, NUL, repeated key)
      } catch (RuntimeException e) {
        throw new AssertionError(context + ": conversion escaped " + e, e);
      }
      new IdTypeDetector().accept(document);
    }
  }

  @Test
  void mutatedArchivesNeverEscapeTheDocumentedErrors(@TempDir Path dir) {
    Tally tally = new Tally();
    assertTimeoutPreemptively(HANG, () -> {
      long seed = 777;
      for (String file : List.of("edge-cases/archives/dump-w-oplog.archive", "edge-cases/archives/test.bar.archive",
          "archives/Kenjo_dump.archive.gz")) {
        byte[] original = Files.readAllBytes(Corpus.file(file));
        long until = System.nanoTime() + BUDGET.toNanos();
        while (System.nanoTime() < until) {
          Random random = new Random(++seed);
          Mutation mutation = mutate(original, random);
          Path archive = Files.write(dir.resolve("fuzz.archive"), mutation.bytes());
          checkArchive(archive, file + " seed " + seed + " (" + mutation.description() + ")", tally);
        }
      }
    });
    assertTrue(tally.clean > 0 && tally.failures > 0, "clean " + tally.clean + ", failed " + tally.failures);
  }

  private static void checkArchive(Path archive, String context, Tally tally) {
    DumpSource source;
    try {
      source = new DumpScanner(ScanOptions.defaults().withSystemCollections(true)).scan(archive);
    } catch (DumpFormatException expected) {
      tally.failures++;
      return;
    } catch (IOException | RuntimeException | Error e) {
      throw new AssertionError(context + ": scan escaped " + e, e);
    }
    boolean failed = false;
    for (DumpCollection collection : source.collections()) {
      for (ReadPolicy policy : ReadPolicy.values()) {
        Corpus.Outcome outcome;
        try {
          outcome = Corpus.readAll(collection.open(policy));
        } catch (DumpFormatException e) {
          outcome = new Corpus.Outcome(List.of(), e);
        } catch (IOException | RuntimeException | Error e) {
          throw new AssertionError(context + " " + collection + " " + policy + ": escaped " + e, e);
        }
        for (int i = 0; i < outcome.items().size(); i++) {
          assertEquals(i, outcome.items().get(i).index(), context);
        }
        failed |= outcome.failure() != null;
      }
    }
    if (failed || source.notices().stream().anyMatch(n -> n.severity() == DumpNotice.Severity.ERROR)) {
      tally.failures++;
    } else {
      tally.clean++;
    }
  }

  @Test
  void mutatedGzipFilesNeverEscapeTheDocumentedErrors(@TempDir Path dir) throws IOException {
    byte[] plain = Files.readAllBytes(Corpus.file("edge-cases/bsondump/all_types.bson"));
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    try (OutputStream gzip = new GZIPOutputStream(compressed)) {
      gzip.write(plain);
    }
    Tally tally = new Tally();
    assertTimeoutPreemptively(HANG, () -> {
      long seed = 4242;
      long until = System.nanoTime() + BUDGET.toNanos();
      while (System.nanoTime() < until) {
        Random random = new Random(++seed);
        Mutation mutation = mutate(compressed.toByteArray(), random);
        Path file = Files.write(dir.resolve("fuzz.bson.gz"), mutation.bytes());
        for (ReadPolicy policy : ReadPolicy.values()) {
          try {
            Corpus.Outcome outcome = Corpus.readAll(BsonDocumentReader.open(file, policy));
            outcome.contiguousEnd(0);
            if (outcome.failure() == null) {
              tally.clean++;
            } else {
              tally.failures++;
            }
          } catch (DumpFormatException corruptHeader) {
            assertTrue(corruptHeader.getMessage().startsWith(file + " (uncompressed): gzip stream is corrupt"),
                corruptHeader.getMessage());
            tally.failures++;
          } catch (IOException | RuntimeException | Error e) {
            throw new AssertionError("seed " + seed + " (" + mutation.description() + ") " + policy + ": escaped " + e, e);
          }
        }
      }
    });
    assertTrue(tally.failures > 0, "no mutation was detected at all");
  }
}
