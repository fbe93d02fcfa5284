package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import stress.dump.naming.Namespace;

/** Every data file of the corpus reads to exactly the document counts PROVENANCE.md states. */
class CorpusCountsTest {

  @Test
  void provenanceListsEveryDataFileOfTheCorpus() throws IOException {
    Path root = Corpus.root();
    Set<String> listed = Corpus.rows().stream().map(Corpus.Row::file).collect(Collectors.toSet());
    List<String> unlisted;
    try (Stream<Path> files = Files.walk(root)) {
      unlisted = files.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
          .filter(f -> Corpus.isBson(f) || Corpus.isArchive(f)).filter(f -> !listed.contains(f)).toList();
    }
    assertEquals(List.of(), unlisted, "data files without a PROVENANCE.md row, so without expectations");
    assertTrue(listed.size() > 150, "expected the 175-file table, parsed " + listed.size());
  }

  @Test
  void totalDocumentsMatchProvenanceTotal() {
    long total = Corpus.rows().stream().filter(r -> r.docs() != null && r.docs() >= 0)
        .filter(r -> Corpus.isBson(r.file()) || Corpus.isArchive(r.file())).mapToLong(Corpus.Row::docs).sum();
    assertEquals(114_224, total, "PROVENANCE.md's stated total of documents");
  }

  @TestFactory
  Stream<DynamicTest> everyReadableBsonFileHasItsStatedCountUnderBothPolicies() {
    return Corpus.rows().stream().filter(r -> Corpus.isBson(r.file()) && !r.isError())
        .map(row -> DynamicTest.dynamicTest(row.file(), () -> {
          Path file = Corpus.file(row.file());
          for (ReadPolicy policy : ReadPolicy.values()) {
            Corpus.Outcome outcome = Corpus.readAll(BsonDocumentReader.open(file, policy));
            assertNull(outcome.failure(), () -> policy + ": " + outcome.failure());
            assertEquals(row.docs(), outcome.documents().size(), policy + " document count");
            assertEquals(List.of(), outcome.rejections(), policy + " rejections");
            long end = outcome.contiguousEnd(0);
            if (!row.file().endsWith(".gz")) {
              assertEquals(row.bytes(), end, "documents cover the whole file");
            }
            for (int i = 0; i < outcome.items().size(); i++) {
              assertEquals(i, outcome.items().get(i).index());
            }
          }
        }));
  }

  @TestFactory
  Stream<DynamicTest> everyCorruptBsonFileStopsWithAnErrorNamingFileAndOffset() {
    return Corpus.rows().stream().filter(r -> Corpus.isBson(r.file()) && r.isError())
        .map(row -> DynamicTest.dynamicTest(row.file(), () -> {
          Corpus.Outcome outcome = Corpus.readAll(BsonDocumentReader.open(Corpus.file(row.file()), ReadPolicy.ABORT));
          assertNotNull(outcome.failure(), "ABORT must end with an error");
          String message = outcome.failure().getMessage();
          assertTrue(message.contains(Corpus.file(row.file()).toString()), message);
          assertTrue(message.contains("byte offset " + outcome.failure().offset()), message);
          assertFalse(message.contains("\n"), "one line: " + message);
        }));
  }

  @TestFactory
  Stream<DynamicTest> everyReadableArchiveHasItsStatedCountPerNamespace() {
    return Corpus.rows().stream().filter(r -> Corpus.isArchive(r.file()) && !r.isError())
        .map(row -> DynamicTest.dynamicTest(row.file(), () -> {
          Path file = Corpus.file(row.file());
          Map<String, Long> expected = row.archiveCounts();
          assertFalse(expected.isEmpty(), "no per-namespace counts parsed from: " + row.notable());
          assertEquals(row.docs(), expected.values().stream().mapToLong(Long::longValue).sum());

          ArchiveContents contents = ArchiveContents.scan(file);
          assertNull(contents.problem());
          // Namespaces with only a prelude entry (views, time-series) count 0, as in PROVENANCE.md.
          Map<String, Long> scanned = new TreeMap<>();
          contents.prelude().entries().forEach(e -> scanned.put(e.namespace().toString(), 0L));
          contents.namespaces().forEach((ns, n) -> scanned.put(ns.toString(), n));
          assertEquals(new TreeMap<>(expected), scanned, "framing pass");

          Map<String, Long> read = new TreeMap<>();
          scanned.forEach((ns, n) -> read.put(ns, 0L));
          for (Namespace namespace : contents.namespaces().keySet()) {
            for (ReadPolicy policy : ReadPolicy.values()) {
              Corpus.Outcome outcome = Corpus.readAll(ArchiveNamespaceStream.open(file, namespace, policy));
              assertNull(outcome.failure(), () -> namespace + " " + policy + ": " + outcome.failure());
              assertEquals(List.of(), outcome.rejections());
              read.put(namespace.toString(), (long) outcome.documents().size());
            }
          }
          assertEquals(new TreeMap<>(expected), read, "documents read per namespace");
        }));
  }

  @Test
  void scannerSeesEveryDocumentOfEveryDumpRootWhenSystemCollectionsAreIncluded() throws IOException {
    ScanOptions options = ScanOptions.defaults().withSystemCollections(true);
    List<String> roots = List.of("atlas-sample-mcampo2", "atlas-sample-addy", "northwind", "mongo-mongoose",
        "suresh-bookdb", "orderexample-gzip", "gipfel-prelude");
    Map<String, Long> expected = new LinkedHashMap<>();
    for (Corpus.Row row : Corpus.rows()) {
      if (Corpus.isBson(row.file()) && roots.contains(row.file().substring(0, row.file().indexOf('/')))) {
        expected.put(row.file(), row.docs());
      }
    }
    Map<String, Long> found = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (String root : roots) {
      DumpSource source = new DumpScanner(options).scan(Corpus.file(root));
      assertEquals(DumpSource.Format.DUMP_ROOT, source.format());
      for (DumpCollection collection : source.collections()) {
        Corpus.Outcome outcome = Corpus.readAll(collection.open(ReadPolicy.ABORT));
        if (outcome.failure() != null) {
          problems.add(outcome.failure().getMessage());
        }
        String relative = Corpus.root().relativize(Path.of(collection.location())).toString().replace('\\', '/');
        found.put(relative, (long) outcome.documents().size());
      }
    }
    assertEquals(List.of(), problems);
    assertEquals(new TreeMap<>(expected), new TreeMap<>(found));
  }
}
