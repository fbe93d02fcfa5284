package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/**
 * {@code run --against}: what cannot be sent to MongoDB, or compared there, is refused with one line before anything
 * is measured on either side (no MongoDB server is contacted: the URL points nowhere).
 */
class RunAgainstRefusalTest {
  private static final String NOWHERE = "mongodb://127.0.0.1:1/";

  private static CliTester.Result run(String... more) {
    String url = TestDatabase.url("postgres");
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("--url", url, "-U", "postgres", "run",
        "--workload", "config/workloads/orders-mongo.yaml", "--table", "stress_orders", "--against", NOWHERE,
        "--ops", "10", "--warmup", "0"));
    args.addAll(java.util.List.of(more));
    return CliTester.run(args.toArray(String[]::new));
  }

  @Test
  void whatHasNoMongoDbFormOrIsPostgresqlsOwnIsRefusedFirst() {
    CliTester.Result alone = run();
    assertEquals(2, alone.exitCode(), alone.all());
    assertTrue(alone.err().contains("--against and --collection go together"), alone.err());

    CliTester.Result builtIn = run("--collection", "stress.orders", "--op", "find_first,insert");
    assertEquals(2, builtIn.exitCode(), builtIn.all());
    assertTrue(builtIn.err().contains("and the built-ins find, find_first, find_in, find_update to MongoDB; insert is a"
        + " built-in operation that writes new keys or a copy table: leave it out of --op"), builtIn.err());
    assertFalse(builtIn.out().contains("phase 1/"), "nothing measured: " + builtIn.out());

    CliTester.Result modes = run("--collection", "stress.orders", "--mode", "prepared,plain");
    assertEquals(2, modes.exitCode(), modes.all());
    assertTrue(modes.err().contains("--mode, --pool and --set choices are PostgreSQL's own"), modes.err());

    CliTester.Result tables = run("--collection", "stress.orders", "--compare-tables", "a,b");
    assertEquals(2, tables.exitCode(), tables.all());
    assertTrue(tables.err().contains("not with --compare-tables"), tables.err());
  }

  /** An application's collections each go to their own namespace: --collection is refused, and so is a table name. */
  @Test
  void anApplicationNamesItsCollectionsInItsListing(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Files.copy(java.nio.file.Path.of("config/workloads/orders-mongo.yaml"), dir.resolve("orders.yaml"));
    String url = TestDatabase.url("postgres");
    CliTester.Result withCollection = CliTester.run("--url", url, "-U", "postgres", "run", "--workload",
        dir.toString(), "--against", NOWHERE, "--collection", "stress.orders", "--ops", "10");
    assertEquals(2, withCollection.exitCode(), withCollection.all());
    assertTrue(withCollection.err().contains("with --workload DIR each collection's namespace in application.yaml"
        + " names its MongoDB collection: give --against alone"), withCollection.err());

    CliTester.Result noDatabase = CliTester.run("--url", url, "-U", "postgres", "run", "--workload", dir.toString(),
        "--against", NOWHERE, "--ops", "10");
    assertEquals(2, noDatabase.exitCode(), noDatabase.all());
    assertTrue(noDatabase.err().contains("collection orders has the namespace 'orders', which names no database"),
        noDatabase.err());
    assertFalse(noDatabase.out().contains("phase 1/"), "nothing measured: " + noDatabase.out());
  }
}
