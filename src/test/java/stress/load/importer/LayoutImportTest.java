package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.dump.ReadPolicy;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportListener;
import stress.load.importer.progress.ImportResult;
import stress.model.ExistingTablePolicy;
import stress.model.UsageException;
import stress.table.DocumentTable;
import stress.table.Layout;
import stress.server.dialect.Dialect;
import stress.server.dialect.PostgresDialect;
import stress.testing.BsonFiles;
import stress.testing.TestDatabase;
import stress.testing.TestDumps;

/**
 * Import with a layout: the key column is filled from the path as {@code data} is, typed from the data; a cluster's
 * primary key {@code (key, _id)} refuses null keys; every bad layout is refused before anything is created.
 */
class LayoutImportTest {
  @TempDir
  Path dir;
  private String url;

  @BeforeEach
  void database() {
    url = TestDatabase.newDatabaseUrl("layout_import");
  }

  private Path dump() throws Exception {
    BsonFiles.write(dir.resolve("dump/shop/orders.bson"), List.of(
        "{\"_id\": 1, \"customer\": {\"id\": 7}, \"total\": 1.5}",
        "{\"_id\": 2, \"customer\": {\"id\": {\"$numberLong\": \"9000000000\"}}}",
        "{\"_id\": 3, \"customer\": {}}",
        "{\"_id\": 4, \"customer\": {\"id\": 7}}"));
    BsonFiles.write(dir.resolve("dump/shop/customers.bson"), List.of(
        "{\"_id\": {\"$oid\": \"5f0c3b9a1c9d440000a1b2c3\"}, \"name\": \"a\", \"since\": {\"$date\": \"2020-01-02T03:04:05Z\"}}",
        "{\"_id\": {\"$oid\": \"5f0c3b9a1c9d440000a1b2c4\"}, \"name\": \"b\", \"since\": {\"$date\": \"2021-01-02T03:04:05Z\"}}"));
    BsonFiles.write(dir.resolve("dump/shop/countries.bson"), List.of("{\"_id\": \"fr\"}", "{\"_id\": \"de\"}"));
    return dir.resolve("dump");
  }

  private ImportRequest.Builder request(Path path) {
    return ImportRequest.builder(path).rejects(dir.resolve("rejects.jsonl"));
  }

  private ImportResult run(Dialect dialect, ImportRequest request, Imports.Recorder recorder) throws Exception {
    return new DumpImporter(() -> TestDatabase.connect(url), dialect).run(request, recorder);
  }

  @Test
  void keyColumnsAreTypedFromTheDataAndFilledLikeData() throws Exception {
    Imports.Recorder recorder = new Imports.Recorder();
    ImportResult result = run(new PostgresDialect(), request(dump())
        .distributeBy(Map.of("shop.orders", "customer.id", "shop.customers", "since"))
        .reference(Set.of("shop.countries")).build(), recorder);
    assertEquals(ImportResult.Outcome.LOADED, result.outcome(), result.toString());
    assertEquals("bigint", Imports.text(url, "SELECT format_type(atttypid, atttypmod) FROM pg_attribute"
        + " WHERE attrelid = 'shop_orders'::regclass AND attname = 'customer.id'"));
    assertEquals("timestamp with time zone", Imports.text(url, "SELECT format_type(atttypid, atttypmod)"
        + " FROM pg_attribute WHERE attrelid = 'shop_customers'::regclass AND attname = 'since'"));
    // the column holds what data holds at the path, for every row; the missing one is a null key here
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM shop_orders WHERE \"customer.id\" IS DISTINCT FROM"
        + " CAST(data #>> '{customer,id}' AS bigint)"));
    assertEquals(1, Imports.count(url, "SELECT count(*) FROM shop_orders WHERE \"customer.id\" IS NULL"));
    assertEquals(9000000000L, Imports.count(url, "SELECT \"customer.id\" FROM shop_orders WHERE _id = 2"));
    assertEquals(1, Imports.count(url, "SELECT count(*) FROM shop_customers WHERE since = '2020-01-02T03:04:05Z'"));
    // plain PostgreSQL keeps _id as its primary key, and says that nothing is distributed
    assertEquals("(_id)", Imports.text(url, "SELECT substring(pg_get_constraintdef(oid) from '\\(.*\\)')"
        + " FROM pg_constraint WHERE conrelid = 'shop_orders'::regclass AND contype = 'p'"));
    String orders = recorder.started.stream().filter(s -> s.namespace().toString().equals("shop.orders")).findFirst()
        .orElseThrow().idChoice();
    assertTrue(orders.contains("distributed by customer.id (bigint) from int32 (2), int64 (1)"), orders);
    assertTrue(orders.contains("1 of 4 document(s) without a value there get a null key"), orders);
    assertTrue(orders.contains("plain PostgreSQL distributes nothing"), orders);
    // every command sees the layout from the table as it stands
    try (var c = TestDatabase.connect(url)) {
      DocumentTable table = stress.load.TableSetup.existing(c, null, "shop_orders", true);
      assertEquals(Layout.Kind.KEY, table.layout().kind());
      assertEquals("customer.id", table.layout().path());
      assertEquals(stress.table.KeyType.BIGINT, table.layout().type());
      assertEquals(Layout.Kind.ID, stress.load.TableSetup.existing(c, null, "shop_countries", false).layout().kind());
    }
  }

  /** A target that needs the key in unique constraints: primary key (key, _id), so a missing path is rejected. */
  private static final Dialect KEY_IN_PRIMARY_KEY = new PostgresTablesDialect() {
    @Override
    public boolean distributes() {
      return false;
    }
  };

  @Test
  void whereTheKeyIsInThePrimaryKeyIdIsUniquePerKeyAndAMissingPathIsRejected() throws Exception {
    Imports.Recorder recorder = new Imports.Recorder();
    ImportResult result = run(KEY_IN_PRIMARY_KEY, request(dump()).scan(stress.dump.ScanOptions.defaults()
        .withFilter(new stress.dump.naming.NamespaceFilter(List.of(), List.of(), List.of("orders"), List.of())))
        .distributeBy(Map.of("shop.orders", "customer.id")).build(), recorder);
    CollectionResult orders = Imports.collection(result, "shop.orders");
    assertEquals(List.of(4L, 3L, 1L), List.of(orders.read(), orders.loaded(), orders.rejected()));
    assertEquals("(\"customer.id\", _id)", Imports.text(url, "SELECT substring(pg_get_constraintdef(oid) from"
        + " '\\(.*\\)') FROM pg_constraint WHERE conrelid = 'shop_orders'::regclass AND contype = 'p'"));
    String reason = Imports.rejects(dir.resolve("rejects.jsonl")).get(0).get("reason").asText();
    assertTrue(reason.contains("no value at the distribution path customer.id"), reason);
    assertTrue(orders.idChoice().contains("primary key (customer.id, _id): _id is unique per customer.id value"),
        orders.idChoice());
    // the same _id under another key is another document, as in a collection sharded on customer.id
    try (var c = TestDatabase.connect(url); var s = c.createStatement()) {
      s.execute("INSERT INTO shop_orders (_id, \"customer.id\", data) VALUES (1, 8, '{\"_id\": 1}')");
    }
    assertEquals(2, Imports.count(url, "SELECT count(*) FROM shop_orders WHERE _id = 1"));
  }

  @Test
  void aPathHoldingArraysRefusesTheImportWithTheCountBeforeAnythingIsCreated() throws Exception {
    BsonFiles.write(dir.resolve("arrays/shop/orders.bson"), List.of(
        "{\"_id\": 1, \"tags\": [\"a\"]}", "{\"_id\": 2, \"tags\": \"b\"}", "{\"_id\": 3, \"tags\": [\"c\", \"d\"]}",
        "{\"_id\": 4, \"tags\": {\"x\": 1}}"));
    UsageException e = assertThrows(UsageException.class, () -> run(new PostgresDialect(),
        request(dir.resolve("arrays")).distributeBy(Map.of("shop.orders", "tags")).build(), new Imports.Recorder()));
    assertEquals("import: shop.orders: --distribute-by tags holds an array in 2 and a document in 1 of 4 documents;"
        + " MongoDB refuses arrays in a shard key and no key column holds a document: choose another path, or"
        + " --on-error skip to reject those documents and load the others", e.getMessage());
    assertNothingCreated();

    // under --on-error skip those documents are rejected with the reason, the others loaded
    ImportResult skipped = run(new PostgresDialect(), request(dir.resolve("arrays")).onError(ReadPolicy.SKIP)
        .distributeBy(Map.of("shop.orders", "tags")).build(), new Imports.Recorder());
    CollectionResult orders = Imports.collection(skipped, "shop.orders");
    assertEquals(List.of(1L, 3L), List.of(orders.loaded(), orders.rejected()));
    List<String> reasons = Imports.rejects(dir.resolve("rejects.jsonl")).stream().map(j -> j.get("reason").asText())
        .toList();
    assertEquals(List.of("the distribution path tags holds an array (MongoDB refuses arrays in a shard key)",
        "the distribution path tags holds an array (MongoDB refuses arrays in a shard key)",
        "the distribution path tags holds a document, which no key column type holds"), reasons);
  }

  @Test
  void aPathNoDocumentHoldsIsRefusedAndOneMostLackNeedsToBeAllowed() throws Exception {
    BsonFiles.write(dir.resolve("sparse/shop/orders.bson"), List.of("{\"_id\": 1, \"CustomerID\": \"a\"}",
        "{\"_id\": 2}", "{\"_id\": 3}"));
    UsageException none = assertThrows(UsageException.class, () -> run(new PostgresDialect(),
        request(dir.resolve("sparse")).distributeBy(Map.of("shop.orders", "customerId")).allowMissingKey(true).build(),
        new Imports.Recorder()));
    assertEquals("import: shop.orders: --distribute-by customerId: no document of 3 holds a value there (field names"
        + " are case-sensitive; a nested field is a.b); every row would get a null key on one node", none.getMessage());
    UsageException most = assertThrows(UsageException.class, () -> run(new PostgresDialect(),
        request(dir.resolve("sparse")).distributeBy(Map.of("shop.orders", "CustomerID")).build(),
        new Imports.Recorder()));
    assertEquals("import: shop.orders: --distribute-by CustomerID: 2 of 3 documents hold no value there; their rows"
        + " would get a null key and all land on one node: choose another path, or --allow-missing-key to load them"
        + " so", most.getMessage());
    assertNothingCreated();

    Imports.Recorder recorder = new Imports.Recorder();
    ImportResult allowed = run(new PostgresDialect(), request(dir.resolve("sparse"))
        .distributeBy(Map.of("shop.orders", "CustomerID")).allowMissingKey(true).build(), recorder);
    assertEquals(ImportResult.Outcome.LOADED, allowed.outcome(), allowed.toString());
    assertTrue(recorder.started.get(0).idChoice().contains("2 of 3 document(s) without a value there get a null key"),
        recorder.started.get(0).idChoice());
  }

  @Test
  void mixedKindsAndUnknownCollectionsAreRefusedBeforeAnythingIsCreated() throws Exception {
    BsonFiles.write(dir.resolve("mixed/shop/orders.bson"), List.of("{\"_id\": 1, \"k\": 1}", "{\"_id\": 2, \"k\": \"x\"}"));
    UsageException mixed = assertThrows(UsageException.class, () -> run(new PostgresDialect(),
        request(dir.resolve("mixed")).distributeBy(Map.of("shop.orders", "k")).build(), new Imports.Recorder()));
    assertTrue(mixed.getMessage().startsWith("import: shop.orders: --distribute-by k holds values of kinds no one key"
        + " column type holds: int32 (1), string (1)"), mixed.getMessage());
    UsageException unknown = assertThrows(UsageException.class, () -> run(new PostgresDialect(),
        request(dir.resolve("mixed")).distributeBy(Map.of("shop.order", "k")).reference(Set.of("shop.lines")).build(),
        new Imports.Recorder()));
    assertEquals("import: a layout is given for shop.lines, shop.order, which the dump does not hold (after"
        + " --db/--collection); it holds: shop.orders", unknown.getMessage());
    assertNothingCreated();
  }

  @Test
  void anExistingTableKeepsItsLayoutAndRefusesAnother() throws Exception {
    Path dump = dump();
    run(new PostgresDialect(), request(dump).distributeBy(Map.of("shop.orders", "customer.id")).build(),
        new Imports.Recorder());
    UsageException other = assertThrows(UsageException.class, () -> run(new PostgresDialect(), request(dump)
        .policy(ExistingTablePolicy.REUSE).distributeBy(Map.of("shop.orders", "total")).allowMissingKey(true).build(),
        new Imports.Recorder()));
    assertTrue(other.getMessage().startsWith("import: shop.orders: table shop_orders exists distributed by customer.id"
        + " (bigint), not distributed by total (numeric) as asked"), other.getMessage());
    // without a layout option the table is loaded as it stands: its key column filled
    Imports.Recorder recorder = new Imports.Recorder();
    run(new PostgresDialect(), request(dump).policy(ExistingTablePolicy.REUSE)
        .onDuplicate(DuplicatePolicy.UPDATE).build(), recorder);
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM shop_orders WHERE \"customer.id\" IS DISTINCT FROM"
        + " CAST(data #>> '{customer,id}' AS bigint)"));
    String line = recorder.done.stream().filter(r -> r.namespace().toString().equals("shop.orders")).findFirst()
        .orElseThrow().idChoice();
    assertTrue(line.contains("distributed by customer.id (bigint) (the existing table's layout)"), line);
  }

  /**
   * On the corpus's zips.bson distributed by state (skipped without the corpus), and on a generated collection of as
   * many documents distributed by its geohash l.
   */
  @ParameterizedTest
  @ValueSource(strings = {"corpus", "generated"})
  void aStoppedImportResumesWithItsLayout(String source) throws Exception {
    boolean corpus = source.equals("corpus");
    Path zips = corpus ? stress.dump.Corpus.file("atlas-sample-mcampo2/sample_training/zips.bson")
        : TestDumps.directory(dir.resolve("generated"), "sample_training", "zips", 29_470, 1, false)
            .resolve("sample_training/zips.bson");
    String key = corpus ? "state" : "l";
    ImportRequest.Builder request = request(zips).naming(new TableNaming(null, "zips", ""))
        .batching(new stress.load.CopyBatching(100, 1 << 20));
    DumpImporter importer = new DumpImporter(() -> TestDatabase.connect(url), new PostgresDialect());
    Thread stopper = new Thread(() -> {
      // stops once 3 batches are committed; the deadline only keeps a broken import from hanging the test
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(2);
      while (committedBatches() < 3 && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      importer.stop();
    });
    stopper.start();
    ImportResult stopped = importer.run(request.distributeBy(Map.of("sample_training.zips", key)).build(),
        ImportListener.NONE);
    stopper.join();
    assertTrue(stopped.interrupted());
    long rows = Imports.count(url, "SELECT count(*) FROM zips");
    assertTrue(rows > 0 && rows < 29_470, rows + " rows");
    // --resume without the option keeps the layout the table has
    ImportResult resumed = Imports.run(url, request.distributeBy(Map.of()).resume(true).build());
    assertEquals(29_470, resumed.loaded());
    assertEquals(29_470, Imports.count(url, "SELECT count(*) FROM zips WHERE " + key + " = data->>'" + key + "'"));
  }

  private long committedBatches() {
    try {
      return Imports.count(url, "SELECT count(*) FROM stress_import_progress");
    } catch (java.sql.SQLException e) {
      return 0; // not created yet
    }
  }

  private void assertNothingCreated() throws Exception {
    assertEquals(0, Imports.count(url, "SELECT count(*) FROM pg_class WHERE relkind = 'r' AND relnamespace ="
        + " 'public'::regnamespace"));
  }
}
