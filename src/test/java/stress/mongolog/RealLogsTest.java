package stress.mongolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.load.importer.TableNaming;
import stress.model.UsageException;

/**
 * The real mongod logs outside the repository ({@code ../shared/datasets/mongod-logs}, see its PROVENANCE.md): each
 * file is read without failure and its entries reconcile exactly, to counts pinned here. Skipped, saying where it
 * looked, when the folder is not there (a user's clone).
 */
class RealLogsTest {
  static final Path LOGS = Path.of("").toAbsolutePath().resolve("../shared/datasets/mongod-logs").normalize();
  @TempDir
  Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "hatchet-sample-6.0/sample-mongod.log.gz, 27429, 8985, 0, 10371, 6060, 82, 566",
      "atlas-8.0-mongo-log-parser/cluster0-shard-00-00.ufghn.mongodb.net_2025-08-17T19_50_00_2025-08-18T19_55_21_MONGODB.log.gz, 43, 25, 0, 0, 0, 0, 4368",
      "atlas-8.0-mongo-log-parser/cluster0-shard-00-02.ufghn.mongodb.net_2025-08-17T19_50_00_2025-08-18T19_55_21_MONGODB.log.gz, 29, 10, 0, 0, 0, 0, 7017",
      "atlas-8.0-mongo-log-parser/cluster0-shard-00-03.ufghn.mongodb.net_2025-08-17T19_50_00_2025-08-18T19_55_21_MONGODB.log.gz, 33, 16, 0, 0, 0, 0, 8390",
      "percona-profile-3.6-4.4, 72, 0, 0, 0, 0, 0, 0",
      "hatchet-replica-6.0/replica.tar.gz, 8783, 23, 0, 234, 84, 78, 7225"})
  void everyEntryIsAccountedFor(String file, long entries, long used, long folded, long inserts, long writeCommands,
                                long refused, long other) throws IOException {
    assumeTrue(Files.isDirectory(LOGS), "no real mongod logs at " + LOGS + " (they are not part of the project)");
    Path path = LOGS.resolve(file);
    List<Path> logs;
    try (Stream<Path> files = Files.isDirectory(path) ? Files.list(path).sorted() : Stream.of(path)) {
      logs = files.toList();
    }
    LogWorkloads.Result r = LogWorkloads.derive(new LogWorkloads.Request(logs, dir, null, Map.of(),
        TableNaming.defaults()));
    long skipped = r.skipped().values().stream().mapToLong(LogWorkloads.Skipped::entries).sum();
    assertEquals(List.of(entries, used, folded, entries - used - folded, 0L, other), List.of(r.entries(), r.used(),
        r.folded(), skipped, r.damaged(), r.otherLines()), "entries, used, folded, skipped, damaged, other lines");
    assertEquals(inserts, count(r, EntryKinds.INSERT));
    assertEquals(writeCommands, count(r, EntryKinds.WRITE_COMMAND));
    assertEquals(refused, count(r, LogWorkloads.REFUSED));
  }

  /** The plain-text logs of 3.6 and 4.0 are refused with one line naming the file, its first line and what is read. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"docdb-compat-3.6-text/mongod.log.2020-11-10T19-33-14", "keyhole-4.0-text/mongod.log"})
  void aPlainTextLogIsRefusedSayingWhichLogsAreRead(String file) {
    assumeTrue(Files.isDirectory(LOGS), "no real mongod logs at " + LOGS + " (they are not part of the project)");
    Path path = LOGS.resolve(file);
    UsageException e = assertThrows(UsageException.class, () -> LogWorkloads.derive(new LogWorkloads.Request(
        List.of(path), dir, null, Map.of(), TableNaming.defaults())));
    assertEquals("--from-log " + path + ":1: a plain-text log (MongoDB 4.2 and earlier); read are the structured JSON"
        + " logs of MongoDB 4.4 and later (one JSON object a line) and profiler documents (system.profile exported as"
        + " JSON, or as a dump's .bson)", e.getMessage());
  }

  private static long count(LogWorkloads.Result r, String reason) {
    LogWorkloads.Skipped s = r.skipped().get(reason);
    return s == null ? 0 : s.entries();
  }
}
