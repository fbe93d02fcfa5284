package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * Several equalities in one filter: with a GIN index on data they are one containment it serves; with only the btrees
 * a MongoDB user declares, the equality a typed btree serves is written on the btree's expression (the index scan in
 * the plan) and the others are tested by containment on the rows it finds, instead of a containment nothing serves.
 */
class EqualitiesWithoutGinTest {
  @Test
  void aTypedBtreeServesTheFilterWhenNoGinIndexIsThere(@TempDir Path dir) throws Exception {
    String url = TestDatabase.newDatabaseUrl("eq_no_gin");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE orders (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO orders SELECT i, jsonb_build_object('_id', i, 'status', (ARRAY['paid', 'shipped',"
          + " 'new'])[1 + i % 3], 'customer', jsonb_build_object('customerId', i % 2000)) FROM generate_series(1, 30000) i");
      st.execute("ANALYZE orders");
    }
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, """
        indexes:
          - {path: customer.customerId, type: number}
          - {path: status, type: string}
        operations:
          paid_of:
            countDocuments: {filter: {status: paid, customer.customerId: ":c"}}
            params:
              c: {int: [1, 1999]}
        """);
    String[] connect = {"--url", url, "-U", "postgres"};
    CliTester.Result built = CliTester.run(connect[0], connect[1], connect[2], connect[3], "index", "--workload",
        file.toString(), "--table", "orders");
    assertEquals(0, built.exitCode(), built.all());
    CliTester.Result btree = CliTester.run(connect[0], connect[1], connect[2], connect[3], "explain", "--verbose", "--workload",
        file.toString(), "--table", "orders");
    assertEquals(0, btree.exitCode(), btree.all());
    String out = btree.out();
    assertTrue(out.contains("no GIN index on data serves a containment"), out);
    assertTrue(out.contains("THEN CAST(data #>> '{customer,customerId}' AS numeric) END) = ")
        || out.contains("THEN CAST(data -> 'customer' ->> 'customerId' AS numeric) END) = "), out);
    assertTrue(out.matches("(?s).*index: \"?orders_customer_customerId_n(__)?[a-z_]*idx\"? \\((Bitmap )?Index (Only )?Scan\\).*"),
        "the typed btree on customer.customerId is read: " + out);
    assertFalse(out.contains("Seq Scan"), out);

    Files.writeString(file, Files.readString(file).replace("indexes:\n", "indexes:\n  - {gin: data}\n"));
    assertEquals(0, CliTester.run(connect[0], connect[1], connect[2], connect[3], "index", "--workload",
        file.toString(), "--table", "orders").exitCode());
    CliTester.Result gin = CliTester.run(connect[0], connect[1], connect[2], connect[3], "explain", "--verbose", "--workload",
        file.toString(), "--table", "orders");
    assertEquals(0, gin.exitCode(), gin.all());
    assertTrue(gin.out().contains("status, customer.customerId: equalities as one containment"), gin.out());
  }
}
