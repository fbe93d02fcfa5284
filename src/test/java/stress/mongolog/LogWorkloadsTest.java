package stress.mongolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.load.importer.TableNaming;
import stress.model.MongoRecorded;
import stress.workload.WorkloadFile;

/** A log written for the generated orders (src/test/resources/mongolog/README.md), read into its workload file. */
class LogWorkloadsTest {
  static final Path LOG = Path.of("src/test/resources/mongolog/stress-orders-mongod.log");
  @TempDir
  Path dir;

  private LogWorkloads.Result derive(String app) {
    return LogWorkloads.derive(new LogWorkloads.Request(List.of(LOG), dir, app, Map.of(), TableNaming.defaults()));
  }

  @Test
  void everyEntryIsUsedFoldedOrSkippedWithItsReason() {
    LogWorkloads.Result r = derive(null);
    assertEquals(105, r.entries());
    assertEquals(89, r.used());
    assertEquals(1, r.folded(), "the getMore continues a logged find");
    Map<String, LogWorkloads.Skipped> s = r.skipped();
    assertEquals(10, s.get(EntryKinds.WRITE_COMMAND).entries(), "6.0 logs each update twice: counted once");
    assertEquals(1, s.get(EntryKinds.INSERT).entries());
    assertEquals(1, s.get(EntryKinds.SYSTEM).entries());
    assertEquals(Map.of("collStats", 1L), s.get(EntryKinds.NOT_A_QUERY).details());
    assertEquals(1, s.get(EntryKinds.TRUNCATED).entries(), "8.0's top-level truncated beside attr");
    assertTrue(s.get(LogWorkloads.REFUSED).details().keySet().iterator().next().contains("$where"));
    assertEquals(r.entries(), r.used() + r.folded() + s.values().stream().mapToLong(LogWorkloads.Skipped::entries).sum());
    assertEquals(1, r.damaged());
    assertEquals(List.of(LOG + ":31: not a JSON object: JSON reader was expecting a name but found '<eof>'."),
        r.damagedNamed(), "a damaged line is named, and the lines after it are read");
    assertEquals(2, r.otherLines());
    assertTrue(r.representativeness().startsWith("slowms was 0"), r.representativeness());
  }

  @Test
  void theFileHasOneOperationPerShapeWeightedAsLoggedAndRunsAsAWorkload() throws IOException {
    LogWorkloads.Result r = derive(null);
    assertEquals(1, r.files().size());
    LogWorkloads.Written w = r.files().get(0);
    assertEquals("stress_orders", w.table(), "import's name for stress.orders");
    WorkloadFile file = WorkloadFile.load(w.file());
    assertEquals(Map.of("find_id", 40, "find_status_createdAt_gte", 20, "update_one_id_status_set_statusChanges_inc", 10,
        "find_id_in", 8, "aggregate_status", 5, "count_documents_priority_status", 5, "find_orderNo", 1), file.weights());
    String text = Files.readString(w.file());
    assertTrue(text.contains("status: {choice: [\"paid\", \"delivered\", \"shipped\"], weights: [9, 6, 5]}"), text);
    MongoRecorded recorded = file.recorded().get("find_status_createdAt_gte");
    assertEquals(new MongoRecorded(20, 1, "2024-11-25T02:00:00.750Z", "2024-11-25T02:00:24.500Z", 0.8421, 3, 6, 6, 6,
        Map.of("IXSCAN { status: 1, createdAt: -1 }", 20L), 1.0, 1.0, Map.of("shop-api", 20L), 2L,
        "2024-11-25T02:00:05Z"), recorded,
        "what MongoDB logged, written as the operation's mongodb: key and read back: " + text);
    assertTrue(recorded.readsIndex());
    assertEquals(file.weights().keySet(), file.recorded().keySet(), "every derived operation says what MongoDB recorded");
    assertTrue(text.contains("\"$in\": [\":_id_in_1\", \":_id_in_2\", \":_id_in_3\"]"), "the most common length");
  }

  @Test
  void theHeaderNamesTheBestShardKeyCandidateWithItsReason() throws IOException {
    LogWorkloads.Written w = derive(null).files().get(0);
    String header = Files.readString(w.file()).lines().filter(l -> l.startsWith("# Shard key")).findFirst().orElse("");
    // find_id (40) and the update by _id (10) pin _id to one shard: 50 of the 89 entries of reads and writes
    assertEquals("# Shard key: best candidate _id, of the 4 paths the operations pin (also status, priority,"
        + " orderNo): one shard for 56.2% of the reads' and writes' weight (find_id,"
        + " update_one_id_status_set_statusChanges_inc), no update changes it.", header);
  }

  @Test
  void anInsertWritesTheCollectionsFirstDocumentFromTheDumpUnderANewKey() throws IOException {
    LogWorkloads.Result r = LogWorkloads.derive(new LogWorkloads.Request(List.of(LOG), dir, null, Map.of(),
        TableNaming.defaults(), Path.of("datasets/sample-large")));
    assertEquals(90, r.used(), "the insert is used");
    assertTrue(r.skipped().get(EntryKinds.INSERT) == null, r.skipped().keySet().toString());
    WorkloadFile file = WorkloadFile.load(r.files().get(0).file());
    assertEquals(1, file.weights().get("insert_one"));
    assertTrue(file.operations().get("insert_one").insertsNewKeys(), "under a new key");
    String text = Files.readString(r.files().get(0).file());
    assertTrue(text.contains("insertOne: {\"document\": {\"_id\": \":_id\", \"orderNo\": \"SO-2022-000000001\","), text);
  }

  @Test
  void anotherApplicationIsSkippedAndATableCanBeNamed() {
    LogWorkloads.Result r = LogWorkloads.derive(new LogWorkloads.Request(List.of(LOG), dir, "shop-api",
        Map.of("stress.orders", "orders_copy_1"), TableNaming.defaults()));
    assertEquals(Map.of("MongoDB Compass", 1L, "mongosh 2.0.1", 1L), r.skipped().get(EntryKinds.OTHER_APP).details());
    assertEquals("orders_copy_1", r.files().get(0).table());
    assertTrue(Files.exists(dir.resolve("orders_copy_1.yaml")));
  }

  /**
   * A replacement update keeps the document's _id (the filter's parameter in both places), an upsert stays one, and a
   * findAndModify with a replacement is a replaceOne: the file reads back as a workload.
   */
  @Test
  void replacementsAndUpsertsAreDerivedAsMongoDbRanThem() throws IOException {
    String head = "{\"t\":{\"$date\":\"2023-09-23T16:25:13.4%02d-04:00\"},\"s\":\"I\",\"c\":\"WRITE\",\"id\":51803,"
        + "\"ctx\":\"conn22\",\"msg\":\"Slow query\",\"attr\":{";
    String tail = ",\"planSummary\":\"IDHACK\",\"keysExamined\":1,\"docsExamined\":1,\"durationMillis\":1}}";
    StringBuilder log = new StringBuilder();
    for (int i = 0; i < 3; i++) {
      log.append(String.format(head, i)).append("\"type\":\"update\",\"ns\":\"testdb.employees\",\"command\":{\"q\":"
          + "{\"_id\":100").append(i).append("},\"u\":{\"_id\":100").append(i).append(",\"name\":\"n").append(i)
          .append("\"},\"multi\":false,\"upsert\":true}").append(tail).append('\n');
      log.append(String.format(head, 10 + i)).append("\"type\":\"update\",\"ns\":\"testdb.dealers\",\"command\":{\"q\":"
          + "{\"_id\":\"D-").append(i).append("\"},\"u\":{\"$set\":{\"name\":\"x\"}},\"multi\":false,\"upsert\":true}")
          .append(tail).append('\n');
      log.append(String.format(head, 20 + i)).append("\"type\":\"command\",\"ns\":\"testdb.cars\",\"command\":{"
          + "\"findAndModify\":\"cars\",\"query\":{\"vin\":\"V").append(i).append("\"},\"update\":{\"vin\":\"V")
          .append(i).append("\",\"sold\":true},\"$db\":\"testdb\"}").append(tail).append('\n');
    }
    // positional updates keep their arrayFilters, in an update command and in a findAndModify
    log.append(String.format(head, 30)).append("\"type\":\"update\",\"ns\":\"testdb.carts\",\"command\":{\"q\":"
        + "{\"_id\":7},\"u\":{\"$set\":{\"items.$[i].gift\":true}},\"arrayFilters\":[{\"i.qty\":{\"$gte\":5}}],"
        + "\"multi\":false,\"upsert\":false}").append(tail).append('\n');
    log.append(String.format(head, 31)).append("\"type\":\"command\",\"ns\":\"testdb.carts\",\"command\":{"
        + "\"findAndModify\":\"carts\",\"query\":{\"_id\":8},\"update\":{\"$inc\":{\"items.$[j].qty\":1}},"
        + "\"arrayFilters\":[{\"j.sku\":\"A\"}],\"$db\":\"testdb\"}").append(tail).append('\n');
    Path file = dir.resolve("mongod.log");
    Files.writeString(file, log);
    Path out = dir.resolve("out");
    LogWorkloads.Result r = LogWorkloads.derive(new LogWorkloads.Request(List.of(file), out, null, Map.of(),
        TableNaming.defaults()));
    assertEquals(11, r.used(), () -> r.skipped().toString());
    String carts = Files.readString(out.resolve("testdb_carts.yaml"));
    assertTrue(carts.contains("\"arrayFilters\": [{\"i.qty\": {\"$gte\": 5}}]"), carts);
    assertTrue(carts.contains("\"arrayFilters\": [{\"j.sku\": \"A\"}]"), carts);
    String employees = Files.readString(out.resolve("testdb_employees.yaml"));
    assertTrue(employees.contains("replaceOne: {\"filter\": {\"_id\": \":_id\"}, \"replacement\": {\"_id\": \":_id\","
        + " \"name\": \":name_set\"}, \"upsert\": true}"), employees);
    String dealers = Files.readString(out.resolve("testdb_dealers.yaml"));
    assertTrue(dealers.contains("\"upsert\": true"), dealers);
    assertTrue(!dealers.contains("run as an update"), dealers);
    assertTrue(Files.readString(out.resolve("testdb_cars.yaml")).contains("replaceOne: {\"filter\": {\"vin\": \":vin\"},"
        + " \"replacement\": {\"vin\": \":vin_set\", \"sold\": true}}"));
    for (LogWorkloads.Written w : r.files()) {
      WorkloadFile.load(w.file());
    }
  }

  /**
   * A collation other than the simple one is not applied by the translation (strings compare by their bytes): the
   * shape says so in its note, which the workload file keeps as what differs from MongoDB, and a statement of the
   * same filter without a collation, or under the simple one, is a shape of its own with no note.
   */
  @Test
  void aCollationIsNamedAsNotAppliedAndMakesAShapeOfItsOwn() throws IOException {
    String head = "{\"t\":{\"$date\":\"2023-09-23T16:25:13.4%02d-04:00\"},\"s\":\"I\",\"c\":\"COMMAND\",\"id\":51803,"
        + "\"ctx\":\"conn22\",\"msg\":\"Slow query\",\"attr\":{\"type\":\"command\",\"ns\":\"shop.items\","
        + "\"command\":{\"find\":\"items\",\"filter\":{\"name\":\"n%d\"}%s,\"$db\":\"shop\"},";
    String tail = "\"planSummary\":\"COLLSCAN\",\"keysExamined\":0,\"docsExamined\":9,\"durationMillis\":1}}";
    StringBuilder log = new StringBuilder();
    String[] collations = {",\"collation\":{\"locale\":\"fr\",\"strength\":2}", "",
        ",\"collation\":{\"locale\":\"simple\"}"};
    for (int i = 0; i < 6; i++) {
      log.append(String.format(head, i, i, collations[i % 3])).append(tail).append('\n');
    }
    log.append(String.format("{\"t\":{\"$date\":\"2023-09-23T16:25:14.100-04:00\"},\"s\":\"I\",\"c\":\"WRITE\","
        + "\"id\":51803,\"ctx\":\"conn22\",\"msg\":\"Slow query\",\"attr\":{\"type\":\"command\",\"ns\":"
        + "\"shop.items\",\"command\":{\"update\":\"items\",\"updates\":[{\"q\":{\"name\":\"a\"},\"u\":"
        + "{\"$set\":{\"x\":1}},\"collation\":{\"locale\":\"de\"}}],\"$db\":\"shop\"},")).append(tail)
        .append('\n');
    Path file = dir.resolve("collated.log");
    Files.writeString(file, log);
    Path out = dir.resolve("collated");
    LogWorkloads.Result r = LogWorkloads.derive(new LogWorkloads.Request(List.of(file), out, null, Map.of(),
        TableNaming.defaults()));
    assertEquals(7, r.used(), () -> r.skipped().toString());
    Path items = out.resolve("shop_items.yaml");
    Map<String, String> notes = LogWorkloads.differences(items);
    String fr = LogWorkloads.COLLATION_NOTE + "{\"locale\": \"fr\", \"strength\": 2} not applied: strings compare"
        + " by their bytes, as under MongoDB's simple collation";
    String de = LogWorkloads.COLLATION_NOTE + "{\"locale\": \"de\"} not applied: strings compare by their bytes, as"
        + " under MongoDB's simple collation";
    assertEquals(java.util.Set.of(fr, de), new java.util.HashSet<>(notes.values()), notes.toString());
    WorkloadFile workload = WorkloadFile.load(items);
    assertEquals(3, workload.weights().size(), "the collated find, the plain one and the update: " + workload.weights());
    assertEquals(4, workload.weights().values().stream().mapToInt(Integer::intValue).max().orElse(0),
        "the simple collation is no collation: its finds share the plain shape " + workload.weights());
  }
}
