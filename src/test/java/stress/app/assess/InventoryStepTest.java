package stress.app.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.dump.DumpMetadata;
import stress.report.assess.InventorySection;
import stress.testing.BsonFiles;

class InventoryStepTest {
  @TempDir
  Path dir;

  @Test
  void indexesKeepTheirKeyKindsAndRawOptions() throws Exception {
    DumpMetadata m = DumpMetadata.parse("{\"indexes\": ["
        + "{\"v\": 2, \"key\": {\"_id\": 1}, \"name\": \"_id_\"},"
        + "{\"v\": 2, \"key\": {\"email\": 1}, \"name\": \"email_1\", \"unique\": true, \"sparse\": true,"
        + " \"collation\": {\"locale\": \"fr\", \"strength\": 2}},"
        + "{\"v\": 2, \"key\": {\"_fts\": \"text\", \"_ftsx\": 1}, \"name\": \"body_text\", \"weights\": {\"body\": 1}},"
        + "{\"v\": 2, \"key\": {\"loc\": \"2dsphere\"}, \"name\": \"loc\"},"
        + "{\"v\": 2, \"key\": {\"attrs.$**\": 1}, \"name\": \"wild\"},"
        + "{\"v\": 2, \"key\": {\"at\": {\"$numberInt\": \"1\"}}, \"name\": \"ttl\", \"expireAfterSeconds\":"
        + " {\"$numberInt\": \"3600\"}, \"partialFilterExpression\": {\"done\": true}}]}", "test");
    List<InventorySection.Index> idx = InventoryStep.indexes(m);
    assertEquals(6, idx.size());
    assertEquals("{\"_id\":1}", idx.get(0).key());
    assertTrue(idx.get(0).kinds().isEmpty());
    assertEquals("{}", idx.get(0).options());
    assertTrue(idx.get(1).unique() && idx.get(1).sparse());
    assertEquals("{\"locale\":\"fr\",\"strength\":2}", idx.get(1).collation());
    assertEquals(List.of("text"), idx.get(2).kinds());
    assertTrue(idx.get(2).options().contains("weights"), idx.get(2).options());
    assertEquals(List.of("2dsphere"), idx.get(3).kinds());
    assertEquals(List.of("wildcard"), idx.get(4).kinds());
    assertEquals(3600L, idx.get(5).expireAfterSeconds());
    assertEquals("{\"done\":true}", idx.get(5).partialFilterExpression());
    assertNull(idx.get(4).expireAfterSeconds());
    assertFalse(idx.get(4).unique());
  }

  @Test
  void theDumpHalfCountsFramesAndNamesTheSidesApart() throws Exception {
    BsonFiles.write(dir.resolve("shop/orders.bson"), List.of("{\"_id\": 1}", "{\"_id\": 2, \"s\": \"abcdef\"}"));
    BsonFiles.write(dir.resolve("shop/archive.bson"), List.of());
    Map<String, InventorySection.Dump> dump = InventoryStep.dump(dir);
    InventorySection.Dump orders = dump.get("shop.orders");
    int small = BsonFiles.bytes("{\"_id\": 1}").length;
    int large = BsonFiles.bytes("{\"_id\": 2, \"s\": \"abcdef\"}").length;
    assertEquals(2, orders.documents());
    assertEquals(small + large, orders.bytes());
    assertEquals(large, orders.largestBytes());
    assertEquals((small + large) / 2.0, orders.averageBytes(), 1e-9);
    assertEquals(0, dump.get("shop.archive").documents());
    InventorySection s = InventoryStep.of(dir.toString(), dump, null, "no log given (--log FILE)");
    assertNull(s.log());
    assertEquals("no log given (--log FILE)", s.noLog());
    assertTrue(s.logOnly().isEmpty() && s.dumpOnly().isEmpty(), "no log: no side is missing anything");
    assertEquals(2, s.collections().size());
    assertTrue(Files.exists(dir.resolve("shop/orders.bson")));
  }

  @Test
  void aDumpAndALogWithNoCollectionInCommonAreRefusedInOneLine() {
    InventorySection.Dump d = new InventorySection.Dump(1, 10, 10, 10, java.util.List.of(), null);
    InventorySection.Log l = new InventorySection.Log(5, 1.0, null, null, null, null, null, null, 0, null);
    AssessRequest request = new AssessRequest(Path.of("dump"), java.util.List.of(Path.of("app.log")), null,
        Path.of("out"), stress.connect.ConnectionOptions.empty(), null, null, java.time.Duration.ofMinutes(1), null, 1,
        false);
    InventorySection strangers = new InventorySection("dump", null, "app.yaml", null, 5, java.util.List.of(
        new InventorySection.Collection("shop.a", d, null), new InventorySection.Collection("crm.b", null, l)),
        java.util.List.of("crm.b"), java.util.List.of("shop.a"));
    stress.model.UsageException e = org.junit.jupiter.api.Assertions.assertThrows(stress.model.UsageException.class,
        () -> InventoryStep.refuseStrangers(strangers, request));
    assertEquals("--dump dump and --log app.log have no collection in common (the dump: shop.a; the log: crm.b): they"
        + " are of two applications; give the dump and the log of one", e.getMessage());
    InventorySection shared = new InventorySection("dump", null, "app.yaml", null, 5, java.util.List.of(
        new InventorySection.Collection("shop.a", d, l), new InventorySection.Collection("crm.b", null, l)),
        java.util.List.of("crm.b"), java.util.List.of());
    InventoryStep.refuseStrangers(shared, request); // one collection in common: assessed, the other one said
  }
}
