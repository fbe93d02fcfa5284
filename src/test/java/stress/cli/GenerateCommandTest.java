package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.DumpScanner;
import stress.dump.DumpSource;

/** {@code stress generate} through the command line: what it writes and prints, and how it refuses bad input. */
class GenerateCommandTest {

  private static void assertOneLineError(CliTester.Result r, String expected) {
    assertEquals(2, r.exitCode(), r.all());
    String[] lines = r.err().strip().split("\n");
    assertTrue(lines[0].startsWith("stress: "), r.err());
    assertTrue(lines[0].contains(expected), "expected '" + expected + "' in: " + r.err());
    assertFalse(r.err().contains("\tat "), "no stack trace without --verbose: " + r.err());
  }

  @Test
  void writesADumpDirectoryAndSaysWhatItWrote(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("dump");
    CliTester.Result r = CliTester.run("generate", "--docs", "3000", "--collections", "2", "--db", "bench",
        "--out", out.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().startsWith("generate: 3000 small documents, seed 42, into 2 collections of database bench,"
        + " directory " + out), r.out());
    List<String> done = r.out().lines().filter(l -> l.startsWith("generate: done, ")).toList();
    assertEquals(1, done.size(), r.out());
    long bson = Files.size(out.resolve("bench/check_in_1.bson")) + Files.size(out.resolve("bench/check_in_2.bson"));
    assertTrue(done.get(0).matches("generate: done, 3000 docs, " + bson + " bytes BSON \\(avg 4\\d\\.\\d B/doc\\),"
        + " \\d+ bytes in 5 files, \\d+\\.\\d s, \\d+ docs/s"), done.get(0));
    DumpSource source = new DumpScanner().scan(out);
    assertEquals(List.of("bench.check_in_1", "bench.check_in_2"),
        source.collections().stream().map(c -> c.namespace().toString()).toList());
  }

  @Test
  void writesAGzippedArchiveOfLargeDocuments(@TempDir Path dir) throws IOException {
    Path archive = dir.resolve("sub/orders.archive.gz");
    CliTester.Result r = CliTester.run("generate", "--docs", "50", "--shape", "large", "--gzip", "--archive",
        archive.toString());
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("gzip archive " + archive), r.out());
    DumpSource source = new DumpScanner().scan(archive);
    assertEquals(DumpSource.Format.ARCHIVE, source.format());
    assertEquals("stress.orders", source.collections().get(0).namespace().toString());
    assertEquals(50, source.collections().get(0).documentCount().orElseThrow());
  }

  @Test
  void refusesANonEmptyDirectoryUnlessForced(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("keep.txt"), "mine");
    assertOneLineError(CliTester.run("generate", "--docs", "10", "--out", dir.toString()),
        "--out directory '" + dir + "' is not empty; give --force to write into it");
    assertFalse(Files.exists(dir.resolve("stress")), "nothing written");
    CliTester.Result forced = CliTester.run("generate", "--docs", "10", "--out", dir.toString(), "--force");
    assertEquals(0, forced.exitCode(), forced.all());
    assertEquals("mine", Files.readString(dir.resolve("keep.txt")));
    assertTrue(Files.exists(dir.resolve("stress/check_in.bson")));
  }

  @Test
  void refusesToReplaceAnArchiveUnlessForced(@TempDir Path dir) throws IOException {
    Path archive = dir.resolve("a.archive");
    Files.writeString(archive, "old");
    assertOneLineError(CliTester.run("generate", "--docs", "10", "--archive", archive.toString()),
        "--archive file '" + archive + "' exists; give --force to replace it");
    assertEquals("old", Files.readString(archive));
    assertEquals(0, CliTester.run("generate", "--docs", "10", "--archive", archive.toString(), "--force").exitCode());
    assertEquals(10, new DumpScanner().scan(archive).collections().get(0).documentCount().orElseThrow());
  }

  @Test
  void aPathThatCannotBeWrittenIsAOneLineRuntimeError(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("plain-file");
    Files.writeString(file, "x");
    CliTester.Result r = CliTester.run("generate", "--docs", "10", "--out", file.resolve("dump").toString());
    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.err().startsWith("stress: writing " + file.resolve("dump") + " failed: FileSystemException: "), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }

  @Test
  void badValuesAreOneLineUsageErrors(@TempDir Path dir) {
    String out = dir.resolve("d").toString();
    assertOneLineError(CliTester.run("generate", "--docs", "0", "--out", out), "--docs must be at least 1, got 0");
    assertOneLineError(CliTester.run("generate", "--shape", "medium", "--out", out),
        "unknown document shape 'medium'; valid: small, large");
    assertOneLineError(CliTester.run("generate", "--docs", "3", "--collections", "4", "--out", out),
        "--collections 4 exceeds --docs 3: every collection must get at least one document");
    assertOneLineError(CliTester.run("generate", "--db", "a.b", "--out", out), "--db 'a.b' must be 1 to 63 letters");
    assertOneLineError(CliTester.run("generate", "--docs", "10"), "Missing required argument");
    assertOneLineError(CliTester.run("generate", "--out", out, "--archive", dir.resolve("x").toString()),
        "mutually exclusive");
    assertFalse(Files.exists(dir.resolve("d")), "nothing written on bad input");
  }
}
