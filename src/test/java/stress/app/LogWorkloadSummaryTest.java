package stress.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import stress.load.importer.TableNaming;
import stress.mongolog.LogWorkloads;
import stress.mongolog.SummaryText;

/**
 * The printed summary of {@code workload --from-log} is read by people: no line over 200 characters on the test logs
 * and on every real log of {@code ../shared/datasets/mongod-logs} (skipped when absent), values in reasons shortened
 * with their size, a note logged again and again printed once with its count; the derived files keep the full text.
 */
class LogWorkloadSummaryTest {
  static final Path SHARED = Path.of("").toAbsolutePath().resolve("../shared/datasets/mongod-logs").normalize();
  private static final String BASE64 = "JwAp" + "QUJD".repeat(1025);
  @TempDir
  Path dir;

  static Stream<String> testLogs() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("src/test/resources/mongolog"))) {
      return files.filter(f -> f.toString().endsWith(".log")).map(Path::toString).sorted().toList().stream();
    }
  }

  static Stream<String> sharedLogs() throws IOException {
    if (!Files.isDirectory(SHARED)) {
      return Stream.of("(absent)");
    }
    List<String> logs = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(SHARED)) {
      for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
        if (d.getFileName().toString().startsWith("percona")) {
          logs.add(d.toString()); // one profiler document a file: read together
          continue;
        }
        try (Stream<Path> files = Files.list(d)) {
          files.sorted().forEach(f -> logs.add(f.toString()));
        }
      }
    }
    return logs.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("testLogs")
  void noLineOfTheSummaryOfATestLogIsOver200Characters(String log) throws IOException {
    assertShort(summary(List.of(Path.of(log))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sharedLogs")
  void noLineOfTheSummaryOfARealLogIsOver200Characters(String log) throws IOException {
    assumeTrue(Files.isDirectory(SHARED), "no real mongod logs at " + SHARED + " (they are not part of the project)");
    Path path = Path.of(log);
    List<Path> logs;
    try (Stream<Path> files = Files.isDirectory(path) ? Files.list(path).sorted() : Stream.of(path)) {
      logs = files.toList();
    }
    assertShort(summary(logs));
  }

  @Test
  void aLongValueIsShortenedInTheSummaryAndKeptWholeInTheDerivedFile() throws IOException {
    String out = summary(List.of(longValueLog(), Path.of("src/test/resources/mongolog/stress-orders-mongod.log")));
    assertShort(out);
    assertTrue(out.contains("    find: $gt with a document value is not supported ({\"v\": {\"$binary\": {\"base64\":"
        + " \"JwApQUJDQUJDQUJDQUJD…\" (4,104 bytes), \"subType\": \"00\"}}}) (3)"), out);
    assertFalse(out.contains(BASE64), out);
    String derived = Files.readString(dir.resolve("out/stress_orders.yaml"));
    assertTrue(derived.contains("# statements the translation refuses (3 entries): find: $gt with a document value is"
        + " not supported ({\"v\": {\"$binary\": {\"base64\": \"" + BASE64 + "\", \"subType\": \"00\"}}})"), derived);
  }

  @Test
  void aNoteLoggedAgainAndAgainIsPrintedOnceWithItsCountAndItsFirstAndLastLine() throws IOException {
    Path log = longValueLog();
    String out = summary(List.of(log));
    assertTrue(out.contains("\n  slowms 0 (profiler settings changed): 3 times, " + log + ": lines 2 to 6\n"), out);
    assertEquals(1, out.lines().filter(l -> l.contains("profiler settings changed")).count(), out);
  }

  /**
   * Three finds comparing with a document holding a 3,078-byte binary value (refused: a range with a document), each
   * followed by the same "Profiler settings changed".
   */
  private Path longValueLog() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 3; i++) {
      text.append("{\"t\":{\"$date\":\"2024-11-25T02:00:0").append(i).append(".000+00:00\"},\"s\":\"I\",\"c\":\"COMMAND\","
          + "\"id\":51803,\"ctx\":\"conn1\",\"msg\":\"Slow query\",\"attr\":{\"type\":\"command\",\"ns\":\"stress.orders\","
          + "\"command\":{\"find\":\"orders\",\"filter\":{\"embedding\":{\"$gt\":{\"v\":{\"$binary\":{\"base64\":\"")
          .append(BASE64).append("\",\"subType\":\"00\"}}}}},\"$db\":\"stress\"},\"durationMillis\":1}}\n");
      text.append("{\"t\":{\"$date\":\"2024-11-25T02:00:0").append(i).append(".500+00:00\"},\"s\":\"I\",\"c\":\"CONTROL\","
          + "\"id\":48742,\"ctx\":\"conn1\",\"msg\":\"Profiler settings changed\",\"attr\":{\"from\":{\"level\":0,"
          + "\"slowms\":100},\"to\":{\"level\":0,\"slowms\":0}}}\n");
    }
    return Files.writeString(dir.resolve("long-values.log"), text);
  }

  private String summary(List<Path> logs) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      LogWorkloadJob.run(new LogWorkloads.Request(logs, dir.resolve("out"), null, Map.of(), TableNaming.defaults()), out);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static void assertShort(String out) {
    assertFalse(out.isBlank());
    out.lines().forEach(l -> assertTrue(l.length() <= SummaryText.LINE, l.length() + " characters: " + l));
  }
}
