package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.BsonFiles;
import stress.testing.TestDatabase;

/** Layouts from the command line: options and the --config file, the refusals' one line and exit code 2. */
class LayoutCommandTest {
  @TempDir
  Path dir;
  private String url;

  @BeforeEach
  void dump() throws Exception {
    url = TestDatabase.newDatabaseUrl("layout_cli");
    BsonFiles.write(dir.resolve("dump/shop/orders.bson"), List.of(
        "{\"_id\": 1, \"customer\": {\"id\": 7}, \"n\": 0, \"tags\": [\"a\"]}",
        "{\"_id\": 2, \"customer\": {\"id\": 8}, \"n\": 0, \"tags\": \"b\"}"));
    BsonFiles.write(dir.resolve("dump/shop/countries.bson"), List.of("{\"_id\": \"fr\"}"));
  }

  private CliTester.Result cli(String... args) {
    String[] all = new String[args.length + 4];
    System.arraycopy(new String[] {"--url", url, "-U", "postgres"}, 0, all, 0, 4);
    System.arraycopy(args, 0, all, 4, args.length);
    return CliTester.run(all);
  }

  private void assertOneLineRefusal(CliTester.Result r, String... parts) {
    assertEquals(2, r.exitCode(), r.all());
    String err = r.err().strip();
    assertFalse(err.contains("\n"), err);
    for (String part : parts) {
      assertTrue(err.contains(part), err);
    }
  }

  @Test
  void aConfigFileLaysOutManyCollectionsAndWorkloadsRouteAndRefuseKeyUpdates() throws Exception {
    Path config = dir.resolve("layout.yaml");
    Files.writeString(config, "distribute-by: [shop.orders=customer.id]\nreference: [shop.countries]\n");
    CliTester.Result imported = cli("import", dir.resolve("dump").toString(), "--config", config.toString(),
        "--rejects", dir.resolve("r.jsonl").toString());
    assertEquals(0, imported.exitCode(), imported.all());
    assertTrue(imported.out().contains("distributed by customer.id (bigint)"), imported.out());
    assertTrue(imported.out().contains("reference (replicated to every node); plain PostgreSQL distributes nothing"),
        imported.out());
    assertEquals(2, TestDatabase.count(url, "SELECT count(*) FROM shop_orders WHERE \"customer.id\" IN (7, 8)"));

    Path w = dir.resolve("w.yaml");
    Files.writeString(w, """
        operations:
          by_customer:
            sql: SELECT _id FROM {table} WHERE {key_column} = :c
            params: {c: {int: [7, 8]}}
          bump:
            updateMany: {filter: {"customer.id": ":c"}, update: {$inc: {n: 1}}}
            params: {c: {int: [7, 8]}}
        """);
    for (String mode : List.of("prepared", "plain")) {
      CliTester.Result run = cli("run", "--table", "shop_orders", "--workload", w.toString(), "--warmup", "0",
          "--mode", mode, "--ops", "20");
      assertEquals(0, run.exitCode(), run.all());
    }
    long bumps = TestDatabase.count(url, "SELECT sum(CAST(data->>'n' AS int)) FROM shop_orders");
    assertTrue(bumps > 0 && bumps <= 40, "each bump adds 1 to one document: " + bumps);

    Files.writeString(w, """
        operations:
          move:
            updateOne: {filter: {_id: ":id"}, update: {$set: {customer: {id: 9}}}}
            params: {id: key}
        """);
    assertOneLineRefusal(cli("run", "--table", "shop_orders", "--workload", w.toString(), "--ops", "1"),
        "operation 'move'", "$set on customer would change customer.id, the table's distribution key");
    Files.writeString(w, """
        operations:
          by_key:
            sql: SELECT _id FROM {table} WHERE {key_column} = :c
            params: {c: {int: [1, 2]}}
        """);
    assertOneLineRefusal(cli("run", "--table", "shop_countries", "--workload", w.toString(), "--ops", "1"),
        "operation 'by_key' names {key_column}, but table shop_countries has no key column");
  }

  @Test
  void badLayoutsAreOneLineAndCreateNothing() throws Exception {
    assertOneLineRefusal(cli("import", dir.resolve("dump").toString(), "--distribute-by", "shop.orders=tags"),
        "import: shop.orders: --distribute-by tags holds an array in 1 and a document in 0 of 2 documents");
    assertOneLineRefusal(cli("import", dir.resolve("dump").toString(), "--distribute-by", "shop.items=sku"),
        "a layout is given for shop.items, which the dump does not hold");
    assertOneLineRefusal(cli("import", dir.resolve("dump").toString(), "--distribute-by", "orders"),
        "--distribute-by 'orders' is not NS=PATH");
    assertEquals(0, TestDatabase.count(url, "SELECT count(*) FROM pg_class WHERE relkind = 'r' AND relnamespace ="
        + " 'public'::regnamespace"));
    assertEquals(0, cli("import", dir.resolve("dump").toString(), "--distribute-by", "shop.orders=customer.id",
        "--rejects", dir.resolve("r.jsonl").toString()).exitCode());
    assertOneLineRefusal(cli("import", dir.resolve("dump").toString(), "--reuse", "--distribute-by", "shop.orders=n",
        "--rejects", dir.resolve("r.jsonl").toString()),
        "table shop_orders exists distributed by customer.id (bigint), not distributed by n (bigint)");
  }
}
