package stress.server.explain;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The EXPLAIN results in a captured psql transcript, in order: each plan as the rows the server returned
 * (psql's one-space indent and right padding removed), each error with its SQLState (psql runs with
 * VERBOSITY verbose), and a connection the server dropped.
 */
final class PlanTranscript {
  private static final Pattern RULE = Pattern.compile("^-+$");
  private static final Pattern ROW_COUNT = Pattern.compile("^\\(\\d+ rows?\\)$");
  private static final Pattern ERROR = Pattern.compile("ERROR:\\s+([0-9A-Z]{5}): (.*)$");

  /** One result: a plan, an error, or a lost connection. */
  record Block(List<String> plan, String sqlState, String message, boolean connectionLost) {
    boolean isPlan() {
      return plan != null;
    }
  }

  private PlanTranscript() {}

  /** The blocks of a fixture file under src/test/resources/fixtures. */
  static List<Block> blocks(String fixture) {
    return parse(read(fixture));
  }

  static List<Block> parse(String text) {
    String[] lines = text.split("\n", -1);
    List<Block> blocks = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.strip().equals("QUERY PLAN") && i + 1 < lines.length && RULE.matcher(lines[i + 1]).matches()) {
        List<String> plan = new ArrayList<>();
        int j = i + 2;
        for (; j < lines.length && !ROW_COUNT.matcher(lines[j]).matches(); j++) {
          plan.add(row(lines[j]));
        }
        blocks.add(new Block(plan, null, null, false));
        i = j;
        continue;
      }
      Matcher error = ERROR.matcher(line);
      if (error.find()) {
        blocks.add(new Block(null, error.group(1), error.group(2), false));
      } else if (line.contains("server closed the connection unexpectedly")) {
        blocks.add(new Block(null, null, line.strip(), true));
      }
    }
    return blocks;
  }

  /** A plan row as the server sent it: psql adds one leading space, pads the right, and marks wrapped rows with '+'. */
  private static String row(String line) {
    String row = line.startsWith(" ") ? line.substring(1) : line;
    row = row.stripTrailing();
    if (row.endsWith("+")) {
      row = row.substring(0, row.length() - 1).stripTrailing();
    }
    return row;
  }

  static String read(String fixture) {
    try (InputStream in = PlanTranscript.class.getResourceAsStream("/fixtures/" + fixture)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + fixture);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every fixture file under a folder of src/test/resources/fixtures, as paths relative to fixtures/. */
  static List<String> filesUnder(String folder) {
    try {
      Path root = Path.of(PlanTranscript.class.getResource("/fixtures").toURI());
      try (Stream<Path> files = Files.walk(root.resolve(folder))) {
        return files.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
            .sorted().toList();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
