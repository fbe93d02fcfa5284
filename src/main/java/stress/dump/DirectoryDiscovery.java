package stress.dump;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import stress.dump.DumpNotice.Severity;
import stress.dump.naming.DumpFileNames;
import stress.dump.naming.Namespace;
import stress.model.UsageException;

/** Discovery in directories and single {@code .bson} files. */
final class DirectoryDiscovery {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /** How deep below a directory without a dump its dumps are looked for: a root, a database, a file. */
  private static final int MAX_DEPTH_BELOW = 4;
  private static final int SHOWN_ROOTS = 5;

  private final Discovery found;

  DirectoryDiscovery(Discovery found) {
    this.found = found;
  }

  /** A single data file: its database is its directory's name, its metadata the file next to it. */
  void scanFile(Path file) throws IOException {
    String base = DumpFileNames.dataBase(fileName(file));
    Path directory = file.toAbsolutePath().getParent();
    String database = directory == null || directory.getFileName() == null ? "" : fileName(directory);
    addCollection(database, base, file, siblingMetadata(directory, base));
  }

  /** Returns the format the directory was read as. */
  DumpSource.Format scanDirectory(Path directory) throws IOException {
    List<Path> entries = list(directory);
    ScanOptions.Layout layout = found.options().layout();
    if (layout == ScanOptions.Layout.AUTO) {
      boolean holdsCollections = entries.stream().anyMatch(p -> Files.isRegularFile(p)
          && DumpFileNames.isCollectionFile(fileName(p)) && !DumpFileNames.isRootOplog(fileName(p)));
      layout = holdsCollections ? ScanOptions.Layout.DATABASE : ScanOptions.Layout.ROOT;
    }
    if (layout == ScanOptions.Layout.DATABASE) {
      scanDatabase(directory, entries);
      return DumpSource.Format.DATABASE_DIRECTORY;
    }
    boolean dumpFound = false;
    for (Path entry : entries) {
      String name = fileName(entry);
      dumpFound |= !Files.isDirectory(entry) && (DumpFileNames.isCollectionFile(name) || DumpFileNames.isPrelude(name));
      if (Files.isDirectory(entry)) {
        List<Path> children = list(entry);
        if (children.stream().anyMatch(p -> Files.isRegularFile(p) && DumpFileNames.isCollectionFile(fileName(p)))) {
          dumpFound = true;
          scanDatabase(entry, children);
        } else {
          found.notice(Severity.WARNING, entry, "no .bson or .metadata.json files, so not a database directory; skipped");
        }
      } else if (DumpFileNames.isRootOplog(name)) {
        found.notice(Severity.INFO, entry, "oplog entries captured by mongodump --oplog (" + Files.size(entry)
            + " bytes), not a collection; skipped");
      } else if (DumpFileNames.isPrelude(name)) {
        prelude(entry);
      } else if (DumpFileNames.isCollectionFile(name)) {
        found.notice(Severity.WARNING, entry, "collection file at the dump root, outside any database directory;"
            + " skipped (give the file itself, or the directory with layout DATABASE, to read it)");
      } else {
        found.notice(Severity.INFO, entry, "not a dump file; ignored");
      }
    }
    if (!dumpFound) {
      refuseDirectoryWithoutDump(directory);
    }
    return DumpSource.Format.DUMP_ROOT;
  }

  /**
   * A directory with no dump of its own (no database directory, no dump file) is a mistaken path, not an empty dump:
   * a usage error that names the dump roots found further down (such as {@code datasets/} for
   * {@code datasets/sample-large/stress/...}), so the user can give one of them.
   */
  private static void refuseDirectoryWithoutDump(Path directory) throws IOException {
    Set<Path> roots = new TreeSet<>();
    try (Stream<Path> tree = Files.walk(directory, MAX_DEPTH_BELOW)) {
      tree.filter(p -> Files.isRegularFile(p) && DumpFileNames.isCollectionFile(fileName(p)))
          .map(Path::getParent).map(database -> database.getParent()).filter(root -> !root.equals(directory))
          .forEach(roots::add);
    }
    if (roots.isEmpty()) {
      throw new UsageException("'" + directory + "' holds no mongodump output: no .bson or .metadata.json file in it"
          + " or in the directories below it");
    }
    List<String> shown = roots.stream().limit(SHOWN_ROOTS).map(Path::toString).toList();
    throw new UsageException("'" + directory + "' is not a dump: none of its directories holds .bson or"
        + " .metadata.json files; dumps found below it: " + String.join(", ", shown)
        + (roots.size() > SHOWN_ROOTS ? " and " + (roots.size() - SHOWN_ROOTS) + " more" : "")
        + " (give one of them as PATH)");
  }

  private void scanDatabase(Path directory, List<Path> entries) throws IOException {
    String database = fileName(directory);
    // Per escaped collection name: [data file, metadata file].
    Map<String, Path[]> byBase = new TreeMap<>();
    for (Path entry : entries) {
      String name = fileName(entry);
      if (Files.isDirectory(entry)) {
        found.notice(Severity.WARNING, entry, "directory inside database directory '" + database + "'; skipped"
            + " (give it as its own path, or use layout ROOT on the parent)");
      } else if (DumpFileNames.dataBase(name) != null) {
        keep(byBase.computeIfAbsent(DumpFileNames.dataBase(name), k -> new Path[2]), 0, entry, "data");
      } else if (DumpFileNames.metadataBase(name) != null) {
        keep(byBase.computeIfAbsent(DumpFileNames.metadataBase(name), k -> new Path[2]), 1, entry, "metadata");
      } else if (DumpFileNames.isPrelude(name)) {
        prelude(entry);
      } else {
        found.notice(Severity.INFO, entry, "not a dump file; ignored");
      }
    }
    for (Map.Entry<String, Path[]> e : byBase.entrySet()) {
      addCollection(database, e.getKey(), e.getValue()[0], e.getValue()[1]);
    }
  }

  /** Both {@code x.bson} and {@code x.bson.gz}: the first in name order is read, the other noticed. */
  private void keep(Path[] files, int slot, Path entry, String what) {
    if (files[slot] == null) {
      files[slot] = entry;
    } else {
      found.notice(Severity.WARNING, entry, "a second " + what + " file for the collection of " + files[slot]
          + "; ignored");
    }
  }

  private void addCollection(String database, String base, Path data, Path metadataFile) throws IOException {
    Path subject = data != null ? data : metadataFile;
    DumpMetadata metadata = metadataFile == null ? null : readMetadata(metadataFile);
    Namespace namespace = new Namespace(database, collectionName(base, metadata, subject));
    if (!found.wanted(namespace, subject)) {
      return;
    }
    boolean viewOrTimeseries = metadata != null && (metadata.isView() || metadata.isTimeseries());
    if (data == null) {
      found.notice(viewOrTimeseries ? Severity.INFO : Severity.WARNING, subject, missingData(namespace, metadata));
      return;
    }
    if (viewOrTimeseries) {
      found.notice(Severity.WARNING, data, "metadata says " + (metadata.isView() ? "view" : "time-series collection")
          + " but a data file exists; read as a collection");
    }
    long size = Files.size(data);
    if (size == 0) {
      found.notice(Severity.INFO, data, "empty collection " + namespace + " (0-byte data file)");
    }
    found.add(new DumpCollection(namespace, metadata, data.toString(), size, size == 0 ? 0 : -1,
        policy -> BsonDocumentReader.open(data, policy)));
  }

  /** The file name unescaped, unless the metadata's collectionName (never truncated) says otherwise. */
  private String collectionName(String base, DumpMetadata metadata, Path subject) {
    Optional<String> unescaped = DumpFileNames.unescape(base);
    if (unescaped.isEmpty()) {
      found.notice(Severity.WARNING, subject, "file name '" + base + "' has a malformed %-escape; used as written");
    }
    String fromFile = unescaped.orElse(base);
    Optional<String> fromMetadata = metadata == null ? Optional.empty() : metadata.collectionName();
    boolean truncated = DumpFileNames.looksTruncated(fromFile);
    if (fromMetadata.isPresent() && !fromMetadata.get().equals(fromFile)) {
      found.notice(truncated ? Severity.INFO : Severity.WARNING, subject, "collection name '" + fromMetadata.get()
          + "' taken from the metadata's collectionName; the file name says '" + fromFile + "'"
          + (truncated ? " (truncated by mongodump)" : ""));
      return fromMetadata.get();
    }
    if (fromMetadata.isEmpty() && truncated) {
      found.notice(Severity.WARNING, subject, "file name '" + fromFile + "' looks truncated by mongodump ('$' and a"
          + " hash) and no metadata collectionName gives the full name; using the file name");
    }
    return fromFile;
  }

  private DumpMetadata readMetadata(Path file) throws IOException {
    try {
      byte[] bytes = DataFiles.readAll(file);
      if (bytes.length == 0) {
        found.notice(Severity.WARNING, file, "empty metadata file; ignored");
        return null;
      }
      return DumpMetadata.parse(bytes, file.toString());
    } catch (DumpFormatException e) {
      found.notice(Severity.ERROR, file, "metadata ignored, the data is still read: " + e.getMessage());
      return null;
    }
  }

  private String missingData(Namespace namespace, DumpMetadata metadata) {
    if (metadata != null && metadata.isView()) {
      return found.viewMessage(namespace, metadata.viewOn());
    }
    if (metadata != null && metadata.isTimeseries()) {
      return found.timeseriesMessage(namespace);
    }
    return "metadata of " + namespace + " without a data file; nothing to import";
  }

  /** The server version {@code stress generate} writes, which matches no real server (generate.DumpOrigin). */
  private static final String GENERATED_SERVER_VERSION = "0.0.0";

  private void prelude(Path file) throws IOException {
    try {
      JsonNode node = MAPPER.readTree(DataFiles.readAll(file));
      if (GENERATED_SERVER_VERSION.equals(version(node, "ServerVersion"))) {
        return; // 'stress generate' wrote it: no server to tell about
      }
      found.notice(Severity.INFO, file, "dump of MongoDB " + version(node, "ServerVersion") + " by mongodump "
          + version(node, "ToolVersion") + " (the dump's description of itself, not a collection)");
    } catch (JsonProcessingException e) {
      found.notice(Severity.WARNING, file, "prelude is not valid JSON (" + e.getOriginalMessage() + "); ignored");
    } catch (DumpFormatException e) {
      found.notice(Severity.WARNING, file, "prelude ignored: " + e.getMessage());
    }
  }

  private static String version(JsonNode node, String field) {
    String value = node == null ? "" : node.path(field).asText("");
    return value.isEmpty() ? "(unknown version)" : value;
  }

  private static Path siblingMetadata(Path directory, String base) {
    for (String suffix : new String[] {DumpFileNames.METADATA, DumpFileNames.METADATA_GZ}) {
      Path candidate = directory.resolve(base + suffix);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  private static List<Path> list(Path directory) throws IOException {
    try (Stream<Path> entries = Files.list(directory)) {
      return entries.sorted().toList();
    }
  }

  static String fileName(Path path) {
    Path name = path.getFileName();
    return name == null ? path.toString() : name.toString();
  }
}
