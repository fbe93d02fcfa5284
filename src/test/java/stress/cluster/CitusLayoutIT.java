package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.load.TableSetup;
import stress.table.DocumentTable;
import stress.table.Layout;
import stress.testing.BsonFiles;

/**
 * On a real Citus coordinator: collections imported with {@code --distribute-by} are distributed by their key column
 * (primary key (key, _id)), two keys of one type are co-located, {@code --reference} makes a reference table, the
 * layout is read back from pg_dist_partition, and a key-pinned find, update and {@code {key_column}} statement go to
 * one shard in every plan mode.
 */
class CitusLayoutIT {
  private static final List<String> TABLES = List.of("layout_it_orders", "layout_it_customers", "layout_it_countries");
  private String url;

  @TempDir
  Path dir;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.citus();
  }

  @AfterEach
  void dropTables() throws Exception {
    if (url != null) {
      ClusterCleanup.dropImported(url, TABLES);
    }
  }

  private int cli(ByteArrayOutputStream out, String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url));
    all.addAll(List.of(args));
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8)) {
      return new stress.cli.Cli(o, System.err).execute(all.toArray(String[]::new));
    }
  }

  private Path dump() throws Exception {
    List<String> orders = new ArrayList<>();
    List<String> customers = new ArrayList<>();
    for (int i = 1; i <= 400; i++) {
      orders.add("{\"_id\": " + i + ", \"customer\": {\"id\": " + (i % 50 + 1) + "}, \"n\": 1}");
    }
    for (int i = 1; i <= 50; i++) {
      customers.add("{\"_id\": " + i + ", \"cid\": " + i + ", \"name\": \"c" + i + "\"}");
    }
    BsonFiles.write(dir.resolve("dump/layout/it_orders.bson"), orders);
    BsonFiles.write(dir.resolve("dump/layout/it_customers.bson"), customers);
    BsonFiles.write(dir.resolve("dump/layout/it_countries.bson"), List.of("{\"_id\": \"fr\"}", "{\"_id\": \"de\"}"));
    return dir.resolve("dump");
  }

  @Test
  void keyLayoutsColocationReferenceAndOneShardPerKeyPinnedOperation() throws Exception {
    ByteArrayOutputStream imported = new ByteArrayOutputStream();
    assertEquals(0, cli(imported, "import", dump().toString(), "--drop-existing", "--rejects",
        dir.resolve("rejects.jsonl").toString(), "--distribute-by", "layout.it_orders=customer.id",
        "--distribute-by", "layout.it_customers=cid", "--reference", "layout.it_countries"),
        imported.toString(StandardCharsets.UTF_8));
    String summary = imported.toString(StandardCharsets.UTF_8);
    System.out.println(summary);
    assertTrue(summary.contains("primary key (customer.id, _id): _id is unique per customer.id value"), summary);
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT logicalrelid::text, partmethod, column_to_column_name(logicalrelid,"
          + " partkey), colocationid FROM pg_dist_partition WHERE logicalrelid::text LIKE 'layout_it_%'"
          + " ORDER BY 1")) {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        while (rs.next()) {
          rows.put(rs.getString(1), List.of(rs.getString(2), String.valueOf(rs.getString(3)), rs.getString(4)));
        }
        System.out.println(rows);
        assertEquals("n", rows.get("layout_it_countries").get(0), "a reference table");
        assertEquals(List.of("h", "customer.id"), rows.get("layout_it_orders").subList(0, 2));
        assertEquals(List.of("h", "cid"), rows.get("layout_it_customers").subList(0, 2));
        String group = rows.get("layout_it_orders").get(2);
        assertEquals(group, rows.get("layout_it_orders_copy").get(2), "the copy table with its table");
        assertEquals(group, rows.get("layout_it_customers").get(2), "two bigint keys: co-located");
      }
      DocumentTable orders = TableSetup.existing(c, null, "layout_it_orders", true);
      assertEquals(Layout.key("customer.id", stress.table.KeyType.BIGINT).withKeyInPrimaryKey(true).sameAs(
          orders.layout()), true, orders.layout().toString());
      assertTrue(orders.layout().keyInPrimaryKey());
      assertEquals(Layout.Kind.REFERENCE, TableSetup.existing(c, null, "layout_it_countries", false).layout().kind());
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM layout_it_orders WHERE \"customer.id\""
          + " = CAST(data #>> '{customer,id}' AS bigint)")) {
        rs.next();
        assertEquals(400, rs.getLong(1));
      }
    }

    Path file = dir.resolve("w.yaml");
    Files.writeString(file, """
        operations:
          by_customer:
            find: {filter: {"customer.id": ":c"}, limit: 5}
            params: {c: {int: [1, 50]}}
          customers_in:
            countDocuments: {filter: {$and: [{n: 1}, {"customer.id": {$in: [3, 4]}}]}}
          bump:
            updateOne: {filter: {"customer.id": 7, n: 1}, update: {$inc: {n: 1}}}
          by_customer_sql:
            sql: SELECT _id FROM {table} WHERE {key_column} = :c
            params: {c: {int: [1, 50]}}
          per_status:
            aggregate: {pipeline: [{$match: {"customer.id": ":c"}}, {$group: {_id: "$n", k: {$sum: 1}}}]}
            params: {c: {int: [1, 50]}}
          add:
            insertOne: {document: {_id: ":id", customer: {id: ":c"}, n: 1}}
            params: {id: new_key, c: {int: [1, 50]}}
        """);
    ByteArrayOutputStream explained = new ByteArrayOutputStream();
    assertEquals(0, cli(explained, "explain", "--verbose", "--table", "layout_it_orders", "--workload", file.toString()),
        explained.toString(StandardCharsets.UTF_8));
    String text = explained.toString(StandardCharsets.UTF_8);
    System.out.println(text);
    Map<String, Map<String, String>> verdicts = ExplainVerdicts.of(text);
    for (String op : List.of("by_customer SELECT", "bump UPDATE", "by_customer_sql SELECT")) {
      assertTrue(verdicts.containsKey(op), op + " in " + verdicts.keySet());
      for (Map.Entry<String, String> v : verdicts.get(op).entrySet()) {
        assertTrue(v.getValue().startsWith("single-node route: 1 of "), op + " " + v.getKey() + ": " + v.getValue());
      }
    }
    for (String v : verdicts.get("customers_in SELECT").values()) {
      assertTrue(v.startsWith("multi-shard: 2 of "), "two keys, two shards: " + v);
    }
    // a pipeline whose leading $match pins the key runs on one shard (Citus refuses its generic plan, as for the
    // pipelines of the _id layout)
    for (String mode : List.of("prepared, custom plan", "plain")) {
      String v = verdicts.get("per_status SELECT").get(mode);
      assertTrue(v.startsWith("single-node route: 1 of "), mode + ": " + v);
    }

    // the whole file runs with no error in both statement modes, its inserts writing the key column
    ByteArrayOutputStream ran = new ByteArrayOutputStream();
    assertEquals(0, cli(ran, "run", "--table", "layout_it_orders", "--workload", file.toString(), "--mode",
        "prepared,plain", "--threads", "2", "--duration", "2s", "--warmup", "0"), ran.toString(StandardCharsets.UTF_8));
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*), count(*) FILTER (WHERE \"customer.id\" = CAST(data #>>"
             + " '{customer,id}' AS bigint)) FROM layout_it_orders")) {
      rs.next();
      assertTrue(rs.getLong(1) > 400, "inserted rows: " + rs.getLong(1));
      assertEquals(rs.getLong(1), rs.getLong(2), "every row's key column holds its document's key");
    }
  }
}
