package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * Pipelines of a workload file through the command line: a {@code $lookup}'s collection is found beside the run's
 * table by import's naming (the longest prefix of the run's table that names a table), a collection that is not
 * there stops the run before any load with one line, and the run's sessions have JIT off.
 */
class AggregateWorkloadRunTest {
  private String url;

  @TempDir
  Path dir;

  @BeforeEach
  void tables() throws SQLException {
    url = TestDatabase.newDatabaseUrl("aggregate_workload");
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE shop_orders (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      s.execute("CREATE TABLE shop_customers (_id text PRIMARY KEY, data jsonb NOT NULL)");
      // a table of the same collection name in another "database": the longer prefix, shop_, is the one read
      s.execute("CREATE TABLE customers (_id text PRIMARY KEY, data jsonb NOT NULL)");
      s.execute("INSERT INTO shop_orders SELECT g, jsonb_build_object('_id', g, 'customer', 'c' || (g % 7))"
          + " FROM generate_series(1, 200) g");
      s.execute("INSERT INTO shop_customers SELECT 'c' || g, jsonb_build_object('_id', 'c' || g, 'name', 'n' || g)"
          + " FROM generate_series(0, 6) g");
    }
  }

  @Test
  void aLookupReadsTheCollectionBesideTheRunsTable() throws IOException {
    Path w = dir.resolve("w.yaml");
    Files.writeString(w, """
        operations:
          order_with_customer:
            aggregate:
              pipeline:
                - {$match: {_id: ":id"}}
                - {$lookup: {from: customers, localField: customer, foreignField: _id, as: who}}
                - {$unwind: "$who"}
                - {$project: {name: "$who.name"}}
            params:
              id: key
        """);
    Path json = dir.resolve("r.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--json", json.toString(), "--warmup", "0",
        "--workload", w.toString(), "--table", "shop_orders", "--ops", "200", "--threads", "2");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.all().contains("phase 1/1: mode=prepared pool=none threads=2 jit=off"), r.all());
    JsonNode op = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("stats")
        .get("operations").get(0);
    assertEquals(0, op.get("errorCount").asLong(), op.toString());
    // each order has exactly one customer in shop_customers (none in the other table): one row per execution
    assertEquals(op.get("count").asLong(), op.get("rows").asLong(), op.toString());

    CliTester.Result explain = CliTester.run("--url", url, "-U", "postgres", "explain", "--verbose", "--workload",
        w.toString(), "--table", "shop_orders");
    assertEquals(0, explain.exitCode(), explain.all());
    assertTrue(explain.all().contains("JOIN \"shop_customers\" AS "), explain.all());
  }

  @Test
  void aCollectionThatIsNotThereStopsTheRunWithOneLine() throws IOException {
    Path w = dir.resolve("w.yaml");
    Files.writeString(w, """
        operations:
          joined:
            aggregate: {pipeline: [{$lookup: {from: shipments, localField: _id, foreignField: order, as: s}}]}
        """);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", w.toString(), "--table",
        "shop_orders", "--duration", "1s");
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.err().contains(w + ":3: operation 'joined': aggregate: $lookup from 'shipments': no table of that"
        + " collection beside shop_orders; looked for shop_shipments, shipments"), r.err());
    assertEquals(1, r.err().lines().filter(l -> l.startsWith("stress:")).count(), r.err());
  }
}
