package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.app.process.ExitCode;
import stress.connect.embedded.KeptEmbeddedServer;
import stress.model.DataStateException;
import stress.model.UsageException;
import stress.testing.TestDatabase;

/**
 * Exit codes come from one list: the README's "Exit codes" table is that list, row for row, and a command ending in
 * each outcome returns its code. Only bad input is a usage error.
 */
class ExitCodeTest {
  @TempDir
  Path dir;

  /** The README's table: code, outcome. */
  private static List<String[]> readmeTable() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    int start = readme.indexOf("\n## Exit codes\n");
    assertTrue(start >= 0, "README.md has an 'Exit codes' section");
    int end = readme.indexOf("\n## ", start + 1);
    List<String[]> rows = new ArrayList<>();
    Matcher row = Pattern.compile("(?m)^\\| (\\d+) \\| (.+) \\|$").matcher(readme.substring(start, end));
    while (row.find()) {
      rows.add(new String[] {row.group(1), row.group(2)});
    }
    return rows;
  }

  @Test
  void theReadmeTableIsTheListOfCodesRowForRow() throws Exception {
    List<String[]> rows = readmeTable();
    List<ExitCode> listed = new ArrayList<>();
    for (String[] row : rows) {
      ExitCode code = Arrays.stream(ExitCode.values()).filter(c -> c.outcome().equals(row[1])).findFirst()
          .orElseThrow(() -> new AssertionError("README's exit code " + row[0] + " '" + row[1] + "' is no outcome of"
              + " app.process.ExitCode"));
      assertEquals(code.code(), Integer.parseInt(row[0]), "README's code for " + code);
      listed.add(code);
    }
    assertEquals(List.of(ExitCode.values()), listed, "every outcome listed once, in app.process.ExitCode's order");
  }

  @Test
  void oneOutcomeOneCodeAndOnlyEmbeddedStatusSharesOne() {
    // 'embedded status' answers as pg_ctl status does; no other command returns it, so it may share import's 3
    assertEquals(ExitCode.values().length - 1, new HashSet<>(Arrays.stream(ExitCode.values())
        .filter(c -> c != ExitCode.NOT_RUNNING).map(ExitCode::code).toList()).size());
    assertEquals(ExitCode.REJECTED.code(), ExitCode.NOT_RUNNING.code());
  }

  @Test
  void onlyBadInputIsAUsageError() {
    assertEquals(ExitCode.USAGE, Cli.exitCodeOf(new UsageException("--threads must be at least 1, got 0")));
    assertEquals(ExitCode.FAILURE, Cli.exitCodeOf(new IllegalArgumentException("worker index must be between 0 and 1")),
        "an internal contract violation is not the user's mistake");
    assertEquals(ExitCode.FAILURE, Cli.exitCodeOf(new IllegalStateException("closed")));
    assertEquals(ExitCode.FAILURE, Cli.exitCodeOf(new DataStateException("collection s.c does not exist")),
        "what the database lacks is not bad input");
  }

  /** A command ending in each outcome returns the code the table gives it; signals are SignalTest's, in a child JVM. */
  @Test
  void eachOutcomeOfACommandReturnsItsCode() throws Exception {
    String url = TestDatabase.newDatabaseUrl("exit_codes");
    Map<ExitCode, Supplier<CliTester.Result>> cases = new EnumMap<>(ExitCode.class);
    cases.put(ExitCode.OK, () -> CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "10"));
    cases.put(ExitCode.FAILURE, () -> CliTester.run("--url", url, "-U", "postgres", "run", "--table", "not_there",
        "--ops", "1"));
    cases.put(ExitCode.USAGE, () -> CliTester.run("--url", url, "-U", "postgres", "run", "--threads", "0"));
    Path truncated = dir.resolve("orders.bson");
    Files.write(truncated, truncatedBson());
    cases.put(ExitCode.REJECTED, () -> CliTester.run("--url", url, "-U", "postgres", "import", truncated.toString(),
        "--rejects", dir.resolve("rejects.jsonl").toString()));
    // a search no rate passes: a lookup's median within a microsecond
    cases.put(ExitCode.NO_CAPACITY, () -> CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first",
        "--threads", "1", "--slo", "p50<=0.001ms", "--rate", "400", "--duration", "750ms", "--warmup", "0"));
    cases.put(ExitCode.NOT_RUNNING, () -> {
      String before = System.getProperty(KeptEmbeddedServer.DIRECTORY_PROPERTY);
      System.setProperty(KeptEmbeddedServer.DIRECTORY_PROPERTY, dir.resolve("kept").toString());
      try {
        return CliTester.run("embedded", "status");
      } finally {
        if (before == null) {
          System.clearProperty(KeptEmbeddedServer.DIRECTORY_PROPERTY);
        } else {
          System.setProperty(KeptEmbeddedServer.DIRECTORY_PROPERTY, before);
        }
      }
    });
    for (ExitCode code : ExitCode.values()) {
      if (code == ExitCode.INTERRUPTED || code == ExitCode.TERMINATED) {
        continue; // a signal to this JVM would end the test run: SignalTest sends them to a child
      }
      if (code == ExitCode.PREPARED_REFUSED) {
        continue; // needs a PgBouncer: PreparedThroughPoolerIT.onlyPreparedCombinationsAreRefused returns it
      }
      Supplier<CliTester.Result> command = cases.get(code);
      assertNotNull(command, "a command that ends in " + code);
      CliTester.Result r = command.get();
      assertEquals(code.code(), r.exitCode(), code + ": " + r.all());
    }
  }

  /**
   * The same outcome is the same code whichever command meets it: what the command line names (a path not there, a
   * file that is no dump, a directory that holds no run) is bad input, 2; what the database holds (a table not there,
   * or there when the command would create it) is a failure, 1.
   */
  @Test
  void anOutcomeHasOneCodeOnEveryCommand() throws Exception {
    String url = TestDatabase.newDatabaseUrl("exit_outcomes");
    Path notADump = Files.writeString(dir.resolve("notes.txt"), "hello");
    Path oneDocument = Files.write(dir.resolve("orders.bson"), Arrays.copyOf(truncatedBson(), 14));
    Path noRun = Files.createDirectories(dir.resolve("no-run"));
    Map<String, String[]> usage = new LinkedHashMap<>();
    usage.put("report of a run not there", new String[] {"report", dir.resolve("nosuchrun").toString()});
    usage.put("report of a directory without a result", new String[] {"report", noRun.toString()});
    usage.put("import of a path not there", new String[] {"--url", url, "-U", "postgres", "import",
        dir.resolve("nosuchdump").toString()});
    usage.put("import of a file that is no dump", new String[] {"--url", url, "-U", "postgres", "import",
        notADump.toString()});
    usage.put("import of a directory without a dump", new String[] {"--url", url, "-U", "postgres", "import",
        noRun.toString()});
    for (Map.Entry<String, String[]> c : usage.entrySet()) {
      CliTester.Result r = CliTester.run(c.getValue());
      assertEquals(ExitCode.USAGE.code(), r.exitCode(), c.getKey() + ": " + r.all());
    }
    CliTester.Result first = CliTester.run("--url", url, "-U", "postgres", "import", oneDocument.toString());
    assertEquals(ExitCode.OK.code(), first.exitCode(), first.all());
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "10");
    assertEquals(ExitCode.OK.code(), init.exitCode(), init.all());
    Map<String, String[]> failure = new LinkedHashMap<>();
    failure.put("import into a table already there", new String[] {"--url", url, "-U", "postgres", "import",
        oneDocument.toString()});
    failure.put("init of a table already there", new String[] {"--url", url, "-U", "postgres", "init", "--docs",
        "10"});
    failure.put("run on a table not there", new String[] {"--url", url, "-U", "postgres", "run", "--table",
        "not_there", "--ops", "1"});
    for (Map.Entry<String, String[]> c : failure.entrySet()) {
      CliTester.Result r = CliTester.run(c.getValue());
      assertEquals(ExitCode.FAILURE.code(), r.exitCode(), c.getKey() + ": " + r.all());
    }
  }

  /** docs/failures.md's table gives every code the README's does, and no other. */
  @Test
  void theFailuresPageListsTheSameCodes() throws Exception {
    String page = Files.readString(Path.of("docs/failures.md"));
    String table = page.substring(page.indexOf("\n## Exit codes\n"));
    Set<Integer> listed = new TreeSet<>();
    Matcher row = Pattern.compile("(?m)^\\| (\\d+)(?: / (\\d+))? \\|").matcher(table);
    while (row.find()) {
      listed.add(Integer.parseInt(row.group(1)));
      if (row.group(2) != null) {
        listed.add(Integer.parseInt(row.group(2)));
      }
    }
    assertEquals(new TreeSet<>(Arrays.stream(ExitCode.values()).map(ExitCode::code).toList()), listed);
  }

  /** A BSON file of one document ({@code _id: 1}) and the first bytes of a second: corrupt input after one. */
  private static byte[] truncatedBson() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteBuffer doc = ByteBuffer.allocate(14).order(ByteOrder.LITTLE_ENDIAN);
    doc.putInt(14).put((byte) 0x10).put("_id".getBytes(StandardCharsets.US_ASCII)).put((byte) 0).putInt(1)
        .put((byte) 0);
    out.writeBytes(doc.array());
    out.writeBytes(Arrays.copyOf(doc.array(), 6));
    return out.toByteArray();
  }
}
