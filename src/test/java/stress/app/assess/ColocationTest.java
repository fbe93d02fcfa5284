package stress.app.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.assess.LayoutSection;
import stress.testing.BsonFiles;

/**
 * The co-location of the chosen layouts over a generated dump: tables distributed by columns of one type are partners,
 * whether by {@code _id} (import's type) or by a key (the type import would give it, read from the dump's values); a
 * reference table and a key whose values no one type holds have none.
 */
class ColocationTest {
  @TempDir
  Path dir;

  @Test
  void collectionsDistributedByColumnsOfOneTypeAreCoLocated() throws Exception {
    Path dump = dir.resolve("dump");
    Path shop = Files.createDirectories(dump.resolve("shop"));
    // orders by customer (whole numbers: bigint), customers by _id (bigint), reviews by a key of mixed kinds
    BsonFiles.write(shop.resolve("orders.bson"), List.of("{\"_id\": {\"$oid\": \"650000000000000000000001\"},"
        + " \"customer\": 7}", "{\"_id\": {\"$oid\": \"650000000000000000000002\"}, \"customer\": {\"$numberLong\":"
        + " \"9000000000\"}}"));
    BsonFiles.write(shop.resolve("customers.bson"), List.of("{\"_id\": 7, \"name\": \"a\"}"));
    BsonFiles.write(shop.resolve("reviews.bson"), List.of("{\"_id\": 1, \"sku\": \"x-1\"}", "{\"_id\": 2, \"sku\": 3}"));
    BsonFiles.write(shop.resolve("countries.bson"), List.of("{\"_id\": \"fr\"}"));
    BsonFiles.write(shop.resolve("events.bson"), List.of("{\"_id\": 1, \"at\": {\"$date\": \"2024-01-01T00:00:00Z\"}}"));
    List<LayoutSection.Collection> planned = List.of(layout("shop.orders", "customer"), layout("shop.customers",
        "_id"), layout("shop.reviews", "sku"), reference("shop.countries"), layout("shop.events", "at"));
    Map<String, LayoutSection.Collection> out = Colocation.of(planned, Map.of("shop.orders", "text", "shop.customers",
        "bigint", "shop.reviews", "bigint", "shop.countries", "text", "shop.events", "bigint"), dump).stream()
        .collect(Collectors.toMap(LayoutSection.Collection::ns, Function.identity()));

    assertEquals("bigint", out.get("shop.orders").keyType(), "int32 and int64 values: import's bigint key column");
    assertEquals(List.of("shop.customers"), out.get("shop.orders").colocatedWith());
    assertEquals(List.of("shop.orders"), out.get("shop.customers").colocatedWith(), "its _id is bigint as import made it");
    assertEquals("(none: sku holds string (1), int32 (1))", out.get("shop.reviews").keyType());
    assertEquals(List.of(), out.get("shop.reviews").colocatedWith(), "no type, no group");
    assertNull(out.get("shop.countries").keyType(), "a reference table is on every node, in no group");
    assertEquals(List.of(), out.get("shop.countries").colocatedWith());
    assertEquals("timestamptz", out.get("shop.events").keyType());
    assertEquals(List.of(), out.get("shop.events").colocatedWith(), "the only table of its type");
  }

  @Test
  void aKeyOfACollectionTheDumpLacksHasNoKnownType() throws Exception {
    Path dump = Files.createDirectories(dir.resolve("empty").resolve("shop"));
    BsonFiles.write(dump.resolve("other.bson"), List.of("{\"_id\": 1}"));
    LayoutSection.Collection c = Colocation.of(List.of(layout("shop.orders", "customer")), Map.of(),
        dump.getParent()).get(0);
    assertEquals("(not known: the collection is not in the imported dump)", c.keyType());
    assertEquals(List.of(), c.colocatedWith());
  }

  @Test
  void aCollectionDistributedByIdWithoutAnImportRecordSaysItsTypeIsNotKnown() throws Exception {
    List<LayoutSection.Collection> out = Colocation.of(List.of(layout("shop.orders", "_id"),
        layout("shop.items", "_id")), Map.of("shop.items", "bigint"), null);
    assertEquals(Colocation.NO_ID_TYPE, out.get(0).keyType());
    assertEquals(List.of(), out.get(0).colocatedWith(), "no type known, no partner");
    assertEquals("bigint", out.get(1).keyType());
    assertEquals(List.of(), out.get(1).colocatedWith());
  }

  private static LayoutSection.Collection layout(String ns, String key) {
    return new LayoutSection.Collection(ns, ns.replace('.', '_'), 1, 1, List.of(), "distributed by " + key, key,
        key.equals("_id") ? null : "--distribute-by " + ns + "=" + key, "ranked first", 0, List.of(), null);
  }

  private static LayoutSection.Collection reference(String ns) {
    return new LayoutSection.Collection(ns, ns.replace('.', '_'), 1, 1, List.of(), "reference", null,
        "--reference " + ns, "small", 0, List.of(), null);
  }
}
