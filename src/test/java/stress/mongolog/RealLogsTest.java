package stress.mongolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import stress.model.MongoRecorded;
import stress.workload.Application;

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
      "hatchet-sample-6.0/sample-mongod.log.gz, 27429, 9063, 0, 10371, 6060, 4, 566",
      "atlas-8.0-mongo-log-parser/cluster0-shard-00-00.ufghn.mongodb.net_2025-08-17T19_50_00_2025-08-18T19_55_21_MONGODB.log.gz, 43, 25, 0, 0, 0, 0, 4368",
      "atlas-8.0-mongo-log-parser/cluster0-shard-00-02.ufghn.mongodb.net_2025-08-17T19_50_00_2025-08-18T19_55_21_MONGODB.log.gz, 29, 10, 0, 0, 0, 0, 7017",
      "atlas-8.0-mongo-log-parser/cluster0-shard-00-03.ufghn.mongodb.net_2025-08-17T19_50_00_2025-08-18T19_55_21_MONGODB.log.gz, 33, 16, 0, 0, 0, 0, 8390",
      "percona-profile-3.6-4.4, 72, 0, 0, 0, 0, 0, 0",
      "hatchet-replica-6.0/replica.tar.gz, 8783, 101, 0, 234, 84, 0, 7225",
      "docdb-compat-3.6-text/mongod.log.2020-11-10T19-33-14, 77, 56, 5, 5, 4, 1, 44",
      "keyhole-4.0-text/mongod.log, 2028, 81, 0, 1870, 59, 0, 398"})
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

  /**
   * Every op line of the plain-text logs of 3.6 and 4.0 is read: none is skipped because a value cannot be read or was
   * cut, and the 3.6 log's getMores fold into the finds and aggregates that opened their cursors.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"docdb-compat-3.6-text/mongod.log.2020-11-10T19-33-14, 6", "keyhole-4.0-text/mongod.log, 11"})
  void everyOperationOfAPlainTextLogIsRead(String file, long notQueries) {
    assumeTrue(Files.isDirectory(LOGS), "no real mongod logs at " + LOGS + " (they are not part of the project)");
    LogWorkloads.Result r = LogWorkloads.derive(new LogWorkloads.Request(List.of(LOGS.resolve(file)), dir, null,
        Map.of(), TableNaming.defaults()));
    assertEquals(0, count(r, EntryKinds.UNREADABLE), r.skipped().keySet().toString());
    assertEquals(0, count(r, EntryKinds.TRUNCATED));
    assertEquals(notQueries, count(r, EntryKinds.NOT_A_QUERY));
  }

  /**
   * Each real log's directory is one application: its listing reads back with every collection's file and table, each
   * operation named table.operation and weighted by its logged count (together, every statement the files hold), and
   * what MongoDB recorded for each collection adds up to its operations'.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "hatchet-sample-6.0/sample-mongod.log.gz",
      "atlas-8.0-mongo-log-parser/cluster0-shard-00-00.ufghn.mongodb.net_2025-08-17T19_50_00_2025-08-18T19_55_21_MONGODB.log.gz",
      "hatchet-replica-6.0/replica.tar.gz",
      "docdb-compat-3.6-text/mongod.log.2020-11-10T19-33-14",
      "keyhole-4.0-text/mongod.log"})
  void theDerivedDirectoryReadsBackAsOneApplication(String file) {
    assumeTrue(Files.isDirectory(LOGS), "no real mongod logs at " + LOGS + " (they are not part of the project)");
    LogWorkloads.Result r = LogWorkloads.derive(new LogWorkloads.Request(List.of(LOGS.resolve(file)), dir, null,
        Map.of(), TableNaming.defaults()));
    Application app = Application.load(dir);
    assertEquals(r.application(), app.listing());
    assertEquals(r.files().stream().map(LogWorkloads.Written::table).toList(),
        app.collections().stream().map(Application.Collection::table).toList());
    long written = r.files().stream().mapToLong(LogWorkloads.Written::entries).sum();
    assertEquals(written, app.merged().weights().values().stream().mapToLong(Integer::longValue).sum(),
        "the weights are the logged counts");
    for (Application.Collection c : app.collections()) {
      assertEquals(c.workload().recorded().values().stream().mapToLong(MongoRecorded::entries).sum(),
          c.recorded().entries(), c.namespace());
      c.operationNames().forEach(name -> assertEquals(c.workload().recorded().get(name.substring(c.table().length()
          + 1)), app.merged().recorded().get(name), name));
    }
  }

  private static long count(LogWorkloads.Result r, String reason) {
    LogWorkloads.Skipped s = r.skipped().get(reason);
    return s == null ? 0 : s.entries();
  }
}
