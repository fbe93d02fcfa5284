package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * An operation whose one execution does not finish ends neither explain nor the others: it is named with what ended it
 * (the server's statement timeout, or the client's socket timeout, after which the others run on a new connection)
 * and its statement, the others are explained, and the exit code says not everything was.
 */
class ExplainUnfinishedTest {
  /** A read that outlasts both timeouts below by far, between two quick ones. */
  private static final String WORKLOAD = """
      operations:
        first:
          sql: SELECT _id, data FROM {table} WHERE _id = :id
          params:
            id: key
        slow:
          sql: SELECT _id, pg_sleep(30) FROM {table} WHERE _id = :id
          params:
            id: key
        last:
          sql: SELECT _id, data FROM {table} WHERE _id >= :id ORDER BY _id LIMIT 5
          params:
            id: key
      """;
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void table() {
    url = TestDatabase.newDatabaseUrl("explainslow");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "200").exitCode());
  }

  @Test
  void theStatementTimeoutEndsOneOperationAndTheOthersAreExplained() throws Exception {
    Path file = Files.writeString(dir.resolve("w.yaml"), WORKLOAD);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "explain", "--workload", file.toString(),
        "--statement-timeout", "1s");
    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.out().contains("\nslow: did not finish: the server cancelled it at the statement timeout"
        + " (--statement-timeout 1s); its statement: SELECT _id, pg_sleep(30) FROM"), r.out());
    assertExplained(r.out());
  }

  @Test
  void theSocketTimeoutEndsOneOperationAndTheOthersRunOnANewConnection() throws Exception {
    Path file = Files.writeString(dir.resolve("w.yaml"), WORKLOAD);
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "explain", "--workload", file.toString(),
        "--statement-timeout", "0", "--socket-timeout", "2s");
    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.out().contains("\nslow: did not finish: no reply within the client's socket timeout"
        + " (--socket-timeout 2s), so its connection was closed; the others ran on a new one"), r.out());
    assertExplained(r.out());
  }

  private static void assertExplained(String out) {
    assertTrue(out.lines().anyMatch(l -> l.matches("\\s*first\\s+SELECT.*")), "first is in the summary:\n" + out);
    assertTrue(out.lines().anyMatch(l -> l.matches("\\s*last\\s+SELECT.*")), "last is in the summary:\n" + out);
    assertTrue(out.contains("1 operation not explained, each named above with what ended it: slow"), out);
  }
}
