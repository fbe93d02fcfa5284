package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/**
 * A MongoDB server that cannot be reached is one line naming host:port and the cause, exit 1 (a runtime failure, as an
 * unreachable PostgreSQL is; 2 is for bad input), at once rather than after the driver's server selection timeout, in
 * every command that uses one: {@code run --against}, {@code check}, {@code explain --against}, {@code index
 * --against}, {@code import --to}. Runs anywhere: nothing listens on the ports it uses.
 */
class MongoUnreachableTest {
  /** Far below the driver's 10 s of server selection, far above a refused connection's milliseconds. */
  private static final long FAST_MILLIS = 8_000;
  private static String url;

  @BeforeAll
  static void orders() {
    url = TestDatabase.newDatabaseUrl("mongo_unreachable");
    CliTester.Result imported = CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large");
    assertEquals(0, imported.exitCode(), imported.all());
  }

  /** A port nothing listens on (bound, then closed: refused). */
  private static int refusedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  /** Every command that contacts a MongoDB server, against {@code mongodb}. */
  private static List<List<String>> commands(String mongodb) {
    List<String> pg = List.of("--url", url, "-U", "postgres");
    List<List<String>> commands = new ArrayList<>();
    commands.add(List.of("import", "datasets/sample-large", "--to", mongodb, "--db", "stress"));
    commands.add(List.of("index", "--workload", "bench/ferretdb-orders.yaml", "--against", mongodb, "--collection",
        "stress.orders", "--table", "stress_orders"));
    commands.add(with(pg, "run", "--workload", "config/workloads/orders-mongo.yaml", "--table", "stress_orders",
        "--against", mongodb, "--collection", "stress.orders", "--duration", "1s", "--warmup", "0"));
    commands.add(with(pg, "check", "--workload", "config/workloads/orders-mongo.yaml", "--table", "stress_orders",
        "--against", mongodb, "--collection", "stress.orders"));
    commands.add(with(pg, "explain", "--workload", "config/workloads/orders-mongo.yaml", "--table", "stress_orders",
        "--against", mongodb, "--collection", "stress.orders"));
    return commands;
  }

  private static List<String> with(List<String> first, String... more) {
    List<String> all = new ArrayList<>(first);
    all.addAll(List.of(more));
    return all;
  }

  /** Runs each command and checks its one line, which ends with {@code end} after the option and the URL. */
  private static void eachSays(String mongodb, String shown, String end) {
    for (List<String> command : commands(mongodb)) {
      long start = System.nanoTime();
      CliTester.Result result = CliTester.run(command.toArray(String[]::new));
      long millis = (System.nanoTime() - start) / 1_000_000;
      String option = command.contains("--to") ? "--to" : "--against";
      assertEquals(1, result.exitCode(), command + ": " + result.all());
      assertEquals("stress: " + option + " " + shown + ": " + end, result.err().strip(), command + ": " + result.all());
      assertFalse(result.all().contains("s3cret"), result.all());
      assertFalse(result.out().contains("phase 1/"), "nothing measured: " + result.out());
      assertTrue(millis < FAST_MILLIS, command.get(command.indexOf("--url") < 0 ? 0 : 4) + " took " + millis + " ms");
    }
  }

  @Test
  void aRefusedPortIsOneLineWithHostPortAndCause() throws IOException {
    int port = refusedPort();
    eachSays("mongodb://app:s3cret@127.0.0.1:" + port + "/", "mongodb://app:***@127.0.0.1:" + port + "/",
        "connection refused by 127.0.0.1:" + port);
  }

  @Test
  void aUrlWithoutAPortSaysTheDefaultWasUsed() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", 27017), 500);
      Assumptions.abort("a server listens on 127.0.0.1:27017, MongoDB's default port: a URL without a port reaches it");
    } catch (IOException nothingListens) {
      // as expected
    }
    eachSays("mongodb://127.0.0.1", "mongodb://127.0.0.1", "connection refused by 127.0.0.1:27017 (the URL gives no"
        + " port: MongoDB's default 27017 was used)");
  }
}
