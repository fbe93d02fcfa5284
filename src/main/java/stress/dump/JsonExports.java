package stress.dump;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import stress.dump.naming.Namespace;
import stress.dump.naming.NamespaceFilter;

/**
 * mongoexport files among the files given to {@code import}: recognised by their content (after an optional UTF-8 byte
 * order mark and white space, a '{' starts documents one a line, a '[' a {@code --jsonArray} export), plain or
 * gzipped, never by their name. A file that is neither this nor a mongodump archive is described
 * ({@link #notReadable}) so the refusal says what it looks like and what stress reads.
 */
final class JsonExports {
  private static final int SNIFFED = 64;

  private JsonExports() {}

  /**
   * Whether the file, once decompressed, starts with '{' or '['; a file with nothing but white space is an export of
   * an empty collection when its name says JSON ({@code .json}, {@code .jsonl}, {@code .ndjson}, gzipped or not).
   */
  static boolean isJsonExport(Path file) throws IOException {
    DataFiles.Opened opened = DataFiles.open(file);
    try (InputStream in = opened.in()) {
      int first = firstCharacter(in);
      if (first == -1 && in.readNBytes(SNIFFED + 4).length <= SNIFFED + 3) {
        return DirectoryDiscovery.fileName(file).matches("(?i).*\\.(json|jsonl|ndjson)(\\.gz)?");
      }
      return first == '{' || first == '[';
    } catch (IOException e) {
      return false; // a corrupt gzip stream: the archive reader says so
    }
  }

  /**
   * The first character after an optional UTF-8 byte order mark and white space, or -1; the stream is left where it
   * was (it must support mark).
   */
  static int firstCharacter(InputStream in) throws IOException {
    in.mark(SNIFFED + 3);
    try {
      byte[] head = in.readNBytes(SNIFFED + 3);
      int i = head.length >= 3 && (head[0] & 0xff) == 0xef && (head[1] & 0xff) == 0xbb && (head[2] & 0xff) == 0xbf
          ? 3 : 0;
      while (i < head.length && Character.isWhitespace(head[i])) {
        i++;
      }
      return i < head.length ? head[i] & 0xff : -1;
    } finally {
      in.reset();
    }
  }

  /**
   * The namespace of an export: the collection is {@code --collection NAME} when exactly one name without glob
   * characters is given, else the file name without its {@code .gz} and its last extension ({@code orders.json.gz}
   * is {@code orders}); the database likewise from {@code --db}, else the file's directory, as for a {@code .bson} file.
   */
  static Namespace namespace(Path file, NamespaceFilter filter) {
    String name = DirectoryDiscovery.fileName(file);
    if (name.endsWith(".gz") && name.length() > 3) {
      name = name.substring(0, name.length() - 3);
    }
    int dot = name.lastIndexOf('.');
    String collection = dot > 0 ? name.substring(0, dot) : name;
    Path directory = file.toAbsolutePath().getParent();
    String database = directory == null || directory.getFileName() == null ? "" : DirectoryDiscovery.fileName(directory);
    return new Namespace(soleName(filter.includeDatabases(), database), soleName(filter.includeCollections(), collection));
  }

  /**
   * Where {@link #namespace} took the parts that {@code --db} and {@code --collection} did not give (an export file
   * names no database or collection itself), for the notice that says so; null when both were given.
   */
  static String namedFrom(Path file, NamespaceFilter filter) {
    List<String> parts = new java.util.ArrayList<>();
    if (soleName(filter.includeDatabases(), null) == null) {
      Path directory = file.toAbsolutePath().getParent();
      parts.add(directory == null || directory.getFileName() == null ? "no database: the file is at the root"
          : "the database from its folder " + DirectoryDiscovery.fileName(directory));
    }
    if (soleName(filter.includeCollections(), null) == null) {
      parts.add("the collection from its file name");
    }
    return parts.isEmpty() ? null : String.join(", ", parts);
  }

  private static String soleName(List<String> patterns, String otherwise) {
    if (patterns.size() == 1 && patterns.get(0).indexOf('*') < 0 && patterns.get(0).indexOf('?') < 0) {
      return patterns.get(0);
    }
    return otherwise;
  }

  /** The refusal of a file that is neither an archive nor JSON, given its first bytes (decompressed). */
  static String notReadable(byte[] head) {
    return "neither a mongodump archive (it starts with bytes 6d e2 99 81) nor a mongoexport JSON file (it starts"
        + " with '{' or '['): " + looksLike(head) + "; stress imports a mongodump directory, a .bson or .bson.gz file,"
        + " a mongodump --archive file or mongoexport JSON (one document a line or --jsonArray), plain or gzipped";
  }

  private static String looksLike(byte[] head) {
    if (head.length == 0) {
      return "the file is empty";
    }
    String bytes = "bytes " + HexFormat.ofDelimiter(" ").formatHex(head, 0, Math.min(4, head.length));
    if (head.length >= 2 && (head[0] & 0xff) == 0xff && (head[1] & 0xff) == 0xfe) {
      return "it starts with " + bytes + ", a UTF-16LE byte-order mark: the file was re-encoded as text (e.g."
          + " redirected with PowerShell '>'), which cannot be undone for an archive";
    }
    if (head.length >= 5) {
      int length = (head[0] & 0xff) | (head[1] & 0xff) << 8 | (head[2] & 0xff) << 16 | (head[3] & 0xff) << 24;
      if (length >= 5 && length <= 16 * 1024 * 1024 && head[4] >= 0x01 && head[4] <= 0x13) {
        return "it starts with " + bytes + ", like a BSON document of " + length + " bytes: a mongodump data file"
            + " is read when its name ends in .bson or .bson.gz";
      }
    }
    String text = new String(head, StandardCharsets.UTF_8);
    boolean printable = text.chars().allMatch(c -> c == '\n' || c == '\r' || c == '\t' || c >= 0x20 && c != 0xfffd);
    if (!printable) {
      return "it starts with " + bytes + ", binary data of no kind stress knows";
    }
    String firstLine = text.lines().findFirst().orElse("").strip();
    String shown = firstLine.length() > 40 ? firstLine.substring(0, 40) + "..." : firstLine;
    if (firstLine.contains(",") && !firstLine.startsWith("\"{")) {
      return "it starts with the text '" + shown + "', like CSV (mongoexport --type=csv), which has no types to"
          + " import; export as JSON instead";
    }
    return "it starts with the text '" + shown + "'" + (firstLine.toLowerCase(Locale.ROOT).startsWith("<")
        ? ", like XML or HTML" : "");
  }

  /** The first bytes of the file, decompressed when it is gzipped, for {@link #notReadable}. */
  static byte[] head(Path file) throws IOException {
    try (InputStream in = DataFiles.open(file).in()) {
      return in.readNBytes(SNIFFED);
    } catch (IOException e) {
      try (InputStream raw = Files.newInputStream(file)) {
        return raw.readNBytes(SNIFFED); // a corrupt gzip stream: its first bytes as they are
      }
    }
  }
}
