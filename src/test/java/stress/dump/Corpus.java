package stress.dump;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import stress.dump.document.DumpDocument;
import stress.dump.document.ReadItem;
import stress.dump.document.Rejection;

/**
 * The real mongodump corpus outside the repository ({@code ../shared/datasets/mongodump} from the
 * project directory, else {@code $STRESS_DUMP_CORPUS}), and the per-file facts of its PROVENANCE.md.
 * Tests that need it skip, saying where they looked, when it is absent.
 */
public final class Corpus {
  public static final String ENV = "STRESS_DUMP_CORPUS";
  private static final Pattern ARCHIVE_COUNTS = Pattern.compile("archive: (.*?) — header");
  private static final Pattern NAMESPACE_COUNT = Pattern.compile("^(.*)=(\\d+)");

  private Corpus() {}

  /** One data row of PROVENANCE.md: {@code docs} is null for "-", -1 for ERROR. */
  public record Row(String file, long bytes, Long docs, String idTypes, String notable) {
    public boolean isError() {
      return docs != null && docs == -1;
    }

    /** Per-namespace counts of an archive row, from its notable column. */
    public Map<String, Long> archiveCounts() {
      Map<String, Long> counts = new LinkedHashMap<>();
      Matcher m = ARCHIVE_COUNTS.matcher(notable);
      if (m.find()) {
        for (String part : m.group(1).split("; ")) {
          Matcher ns = NAMESPACE_COUNT.matcher(part.trim());
          if (ns.find()) {
            counts.put(ns.group(1), Long.parseLong(ns.group(2)));
          }
        }
      }
      return counts;
    }
  }

  /** The corpus root, or the test is skipped with the places looked at. */
  public static Path root() {
    Optional<Path> found = find();
    assumeTrue(found.isPresent(), whereLooked() + "; corpus tests skipped");
    return found.get();
  }

  /** The corpus root when it is there, for tests that can do part of their work without it. */
  public static Optional<Path> find() {
    Path relative = relativeRoot();
    if (Files.isRegularFile(relative.resolve("PROVENANCE.md"))) {
      return Optional.of(relative);
    }
    String env = System.getenv(ENV);
    Path fromEnv = env == null || env.isBlank() ? null : Path.of(env);
    return fromEnv != null && Files.isRegularFile(fromEnv.resolve("PROVENANCE.md")) ? Optional.of(fromEnv)
        : Optional.empty();
  }

  /** Where the corpus was looked for, for the message of a test that skips it. */
  public static String whereLooked() {
    String env = System.getenv(ENV);
    return "mongodump corpus not found at " + relativeRoot() + (env == null || env.isBlank() ? " and " + ENV
        + " is not set" : " nor at " + ENV + "=" + env);
  }

  private static Path relativeRoot() {
    return Path.of("").toAbsolutePath().resolve("../shared/datasets/mongodump").normalize();
  }

  public static Path file(String relative) {
    return root().resolve(relative);
  }

  /** Every data row (8 columns) of PROVENANCE.md's file tables. */
  public static List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(root().resolve("PROVENANCE.md"), StandardCharsets.UTF_8)) {
        if (!line.startsWith("| `")) {
          continue;
        }
        String[] cells = line.split("\\|", -1);
        // A data row: leading and trailing empty cells around 8 columns.
        if (cells.length != 10) {
          continue;
        }
        String file = cells[1].trim().replace("`", "");
        String docs = cells[4].trim();
        Long count = docs.equals("-") ? null : docs.equals("ERROR") ? Long.valueOf(-1) : Long.valueOf(docs.replace(",", ""));
        rows.add(new Row(file, Long.parseLong(cells[3].trim().replace(",", "")), count, cells[5].trim(), cells[6].trim()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  public static boolean isBson(String file) {
    return file.endsWith(".bson") || file.endsWith(".bson.gz");
  }

  public static boolean isArchive(String file) {
    return file.endsWith(".archive") || file.endsWith(".archive.gz");
  }

  /** Reads a whole stream; returns the items and the final exception (null on a clean end). */
  static Outcome readAll(DocumentStream stream) throws IOException {
    List<ReadItem> items = new ArrayList<>();
    try (stream) {
      ReadItem item;
      while ((item = stream.next()) != null) {
        items.add(item);
      }
      return new Outcome(items, null);
    } catch (DumpFormatException e) {
      return new Outcome(items, e);
    }
  }

  /** What reading a stream gave. */
  record Outcome(List<ReadItem> items, DumpFormatException failure) {
    List<DumpDocument> documents() {
      return items.stream().filter(DumpDocument.class::isInstance).map(DumpDocument.class::cast).toList();
    }

    List<Rejection> rejections() {
      return items.stream().filter(Rejection.class::isInstance).map(Rejection.class::cast).toList();
    }

    /** Items are contiguous from offset {@code start}; returns the offset after the last one. */
    long contiguousEnd(long start) {
      long expected = start;
      for (ReadItem item : items) {
        if (item.offset() != expected) {
          throw new AssertionError("gap or overlap before " + item + ": expected offset " + expected);
        }
        expected = item.offset() + item.length();
      }
      return expected;
    }
  }
}
