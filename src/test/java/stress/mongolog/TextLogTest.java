package stress.mongolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.load.importer.TableNaming;
import stress.model.MongoRecorded;
import stress.workload.WorkloadFile;

/**
 * A plain-text log of MongoDB 4.0 written for the tests (src/test/resources/mongolog/README.md) read into the same
 * entries as a structured log, and the shell syntax of its values read by bson's reader.
 */
class TextLogTest {
  static final Path LOG = Path.of("src/test/resources/mongolog/text-4.0-mongod.log");
  @TempDir
  Path dir;

  @Test
  void everyEntryIsUsedFoldedOrSkippedWithItsReason() {
    LogWorkloads.Result r = LogWorkloads.derive(new LogWorkloads.Request(List.of(LOG), dir, null, Map.of(),
        TableNaming.defaults()));
    assertEquals(List.of(20L, 10L, 1L, 5L, 0L), List.of(r.entries(), r.used(), r.folded(), r.otherLines(), r.damaged()),
        "entries, used, folded, other lines, damaged");
    Map<String, LogWorkloads.Skipped> s = r.skipped();
    assertEquals(r.entries(), r.used() + r.folded() + s.values().stream().mapToLong(LogWorkloads.Skipped::entries).sum());
    assertEquals(Map.of("update", 1L, "delete", 1L), s.get(EntryKinds.WRITE_COMMAND).details());
    assertEquals(Map.of("find", 2L), s.get(EntryKinds.TRUNCATED).details(),
        "the line MongoDB cut (its warning) and the value it cut (...)");
    assertEquals(Map.of("find: JSON reader was expecting a value but found 'inf'.", 1L),
        s.get(EntryKinds.UNREADABLE).details(), "what bson's reader refuses is refused with its message");
    assertEquals(Map.of("collStats", 1L, "profile", 1L), s.get(EntryKinds.NOT_A_QUERY).details());
    assertEquals(Map.of("admin.$cmd", 1L), s.get(EntryKinds.SYSTEM).details());
    assertEquals(1, s.get(EntryKinds.INSERT).entries());
    assertEquals(List.of(LOG + ":3: slowms 0 (start-up options)", LOG + ":24: slowms 100 (profiler settings changed)"),
        r.thresholds());
  }

  @Test
  void theDerivedFileHoldsWhatMongoDBRecorded() throws IOException {
    LogWorkloads.Result r = LogWorkloads.derive(new LogWorkloads.Request(List.of(LOG), dir, null, Map.of(),
        TableNaming.defaults()));
    WorkloadFile file = WorkloadFile.load(r.files().get(0).file());
    assertEquals(Map.of("find_id", 2, "find_status_createdAt_gte", 2, "aggregate_status_customer_country", 1,
        "count_documents_priority_status", 1, "update_one_id_status_set_updatedAt_set", 1, "delete_many_all", 1,
        "update_one_id_status_status_set", 1, "find_id_2", 1), file.weights());
    MongoRecorded recorded = file.recorded().get("find_status_createdAt_gte");
    assertEquals(new MongoRecorded(2, 1, "2019-03-01T10:00:02Z", "2019-03-01T10:00:02.500Z", 4.0, 4, 6, 6, 6,
        Map.of("IXSCAN { status: 1, createdAt: -1 }", 2L), 1.0, 1.0, Map.of("shop-api", 2L), 2L,
        "2019-03-01T10:00:02Z"), recorded,
        Files.readString(r.files().get(0).file()));
    String text = Files.readString(r.files().get(0).file());
    assertTrue(text.contains("\"limit\": 10}"), "the shell's limit: 10.0 is the integer MongoDB takes: " + text);
    assertTrue(text.contains("\"customer.country\": \"DE\""), "a dotted key of the log: " + text);
  }

  @Test
  void aLineIsReadIntoTheEntryAJsonLogWouldGive() {
    List<LogEntry> read = new ArrayList<>();
    LogTally tally = new LogTally();
    TextLogLine.read("x:1", "2019-03-01T10:00:00.000+0100 I COMMAND  [conn12] command db.coll appName: \"a \\\"b\\\"\""
        + " command: find { find: \"coll\", filter: { a: { $in: [ /x{2}/i, ObjectId('5c03296ff84a0a3a94418d78') ] },"
        + " b.c: Timestamp(1, 2), d: BinData(0, 00FF) } } planSummary: IXSCAN { a: 1 }, IXSCAN { b.c: 1 }"
        + " keysExamined:3 docsExamined:2 cursorExhausted:1 nreturned:1 reslen:9 locks:{ Global: { a: 1 } } 12ms",
        tally, read::add);
    LogEntry e = read.get(0);
    assertEquals(BsonDocument.parse("{\"find\": \"coll\", \"filter\": {\"a\": {\"$in\": [{\"$regularExpression\":"
        + " {\"pattern\": \"x{2}\", \"options\": \"i\"}}, {\"$oid\": \"5c03296ff84a0a3a94418d78\"}]}, \"b.c\":"
        + " {\"$timestamp\": {\"t\": 1, \"i\": 2}}, \"d\": {\"$binary\": {\"base64\": \"AP8=\", \"subType\": \"00\"}}}}"),
        e.command());
    assertEquals(List.of("db.coll", "command", "a \"b\"", "IXSCAN { a: 1 }, IXSCAN { b.c: 1 }"),
        List.of(e.ns(), e.type(), e.appName(), e.planSummary()));
    assertEquals(List.of(12.0, 2.0, 3.0, 1.0), List.of(e.durationMillis(), (double) e.docsExamined(),
        (double) e.keysExamined(), (double) e.returned()));
    assertEquals(Instant.parse("2019-03-01T09:00:00Z"), e.time());
    assertNull(e.unreadable());
  }

  @Test
  void aFileThatIsNoLogIsRefusedSayingWhatIsRead() throws IOException {
    Path csv = Files.writeString(dir.resolve("orders.csv"), "_id,status\n1,paid\n");
    stress.model.UsageException e = org.junit.jupiter.api.Assertions.assertThrows(stress.model.UsageException.class,
        () -> LogWorkloads.derive(new LogWorkloads.Request(List.of(csv), dir, null, Map.of(), TableNaming.defaults())));
    assertEquals("--from-log " + csv + ":1: neither a mongod log nor profiler documents; read are the structured JSON"
        + " logs of MongoDB 4.4 and later (one JSON object a line), the plain-text logs of MongoDB 4.2 and earlier"
        + " (lines starting with an ISO-8601 time, a severity, a component and [context]) and profiler documents"
        + " (system.profile exported as JSON, or as a dump's .bson)", e.getMessage());
  }
}
