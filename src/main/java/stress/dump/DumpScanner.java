package stress.dump;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import stress.dump.DumpNotice.Severity;

/**
 * Finds the collections of mongodump output at a path: a dump root ({@code <db>/<collection>.bson} with
 * {@code .metadata.json}, plain or {@code --gzip}), one database directory, one {@code .bson} or
 * {@code .bson.gz} file, or a {@code --archive} file (plain or gzip-compressed; anything that is not a
 * directory or a {@code .bson} file is taken as an archive and must start with the archive magic number).
 *
 * <p>Whatever is not read is said in a {@link DumpNotice}, never printed: views and time-series
 * collections (metadata without a data file), {@code system.*} collections (skipped unless asked for),
 * 0-byte data files (kept, as empty collections), {@code prelude.json}, a root {@code oplog.bson} or
 * archive oplog namespace (skipped), stray files and directories, names taken from the metadata's
 * {@code collectionName} because the file name is escaped or truncated, invalid metadata JSON (the data
 * is still read), and namespaces left out by the filter.
 */
public final class DumpScanner {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final ScanOptions options;

  public DumpScanner(ScanOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** A scanner with {@link ScanOptions#defaults()}. */
  public DumpScanner() {
    this(ScanOptions.defaults());
  }

  /**
   * Scans a path.
   *
   * @throws IllegalArgumentException when the path does not exist or is a metadata file
   * @throws DumpFormatException      when an archive's magic number or prelude is bad (nothing can be read)
   * @throws IOException              when a file or directory cannot be read
   */
  public DumpSource scan(Path path) throws IOException {
    Objects.requireNonNull(path, "path");
    if (Files.isDirectory(path)) {
      return scanDirectory(path);
    }
    if (!Files.isRegularFile(path)) {
      throw new IllegalArgumentException("dump path '" + path + "' does not exist or is neither a file nor a directory");
    }
    String name = fileName(path);
    if (DumpFileNames.metadataBase(name) != null) {
      throw new IllegalArgumentException("'" + path + "' is a metadata file; give its .bson file, its directory"
          + " or the dump root");
    }
    Found found = new Found();
    String base = DumpFileNames.dataBase(name);
    if (base != null) {
      Path directory = path.toAbsolutePath().getParent();
      String database = directory == null || directory.getFileName() == null ? "" : fileName(directory);
      found.addCollection(database, base, path, siblingMetadata(path, base));
      return found.source(path, DumpSource.Format.BSON_FILE);
    }
    found.scanArchive(path);
    return found.source(path, DumpSource.Format.ARCHIVE);
  }

  private DumpSource scanDirectory(Path directory) throws IOException {
    Found found = new Found();
    List<Path> entries = list(directory);
    ScanOptions.Layout layout = options.layout();
    if (layout == ScanOptions.Layout.AUTO) {
      boolean holdsCollections = entries.stream().anyMatch(p -> Files.isRegularFile(p)
          && DumpFileNames.isCollectionFile(fileName(p)) && !DumpFileNames.isRootOplog(fileName(p)));
      layout = holdsCollections ? ScanOptions.Layout.DATABASE : ScanOptions.Layout.ROOT;
    }
    if (layout == ScanOptions.Layout.DATABASE) {
      found.scanDatabase(directory, entries);
      return found.source(directory, DumpSource.Format.DATABASE_DIRECTORY);
    }
    for (Path entry : entries) {
      String name = fileName(entry);
      if (Files.isDirectory(entry)) {
        List<Path> children = list(entry);
        if (children.stream().anyMatch(p -> Files.isRegularFile(p) && DumpFileNames.isCollectionFile(fileName(p)))) {
          found.scanDatabase(entry, children);
        } else {
          found.notice(Severity.WARNING, entry, "no .bson or .metadata.json files, so not a database directory; skipped");
        }
      } else if (DumpFileNames.isRootOplog(name)) {
        found.notice(Severity.INFO, entry, "oplog entries captured by mongodump --oplog (" + Files.size(entry)
            + " bytes), not a collection; skipped");
      } else if (DumpFileNames.isPrelude(name)) {
        found.prelude(entry);
      } else if (DumpFileNames.isCollectionFile(name)) {
        found.notice(Severity.WARNING, entry, "collection file at the dump root, outside any database directory;"
            + " skipped (give the file itself, or the directory with layout DATABASE, to read it)");
      } else {
        found.notice(Severity.INFO, entry, "not a dump file; ignored");
      }
    }
    return found.source(directory, DumpSource.Format.DUMP_ROOT);
  }

  /** Collections and notices gathered during one scan. */
  private final class Found {
    private final List<DumpCollection> collections = new ArrayList<>();
    private final List<DumpNotice> notices = new ArrayList<>();

    DumpSource source(Path path, DumpSource.Format format) {
      return new DumpSource(path, format, collections, notices);
    }

    void notice(Severity severity, Object subject, String message) {
      notices.add(new DumpNotice(severity, subject.toString(), message));
    }

    void scanDatabase(Path directory, List<Path> entries) throws IOException {
      String database = fileName(directory);
      Map<String, Path[]> byBase = new TreeMap<>();
      for (Path entry : entries) {
        String name = fileName(entry);
        if (Files.isDirectory(entry)) {
          notice(Severity.WARNING, entry, "directory inside database directory '" + database + "'; skipped");
        } else if (DumpFileNames.dataBase(name) != null) {
          Path[] files = byBase.computeIfAbsent(DumpFileNames.dataBase(name), k -> new Path[2]);
          if (files[0] != null) {
            notice(Severity.WARNING, entry, "a second data file for the collection of " + files[0] + "; skipped");
          } else {
            files[0] = entry;
          }
        } else if (DumpFileNames.metadataBase(name) != null) {
          Path[] files = byBase.computeIfAbsent(DumpFileNames.metadataBase(name), k -> new Path[2]);
          if (files[1] == null) {
            files[1] = entry;
          } else {
            notice(Severity.WARNING, entry, "a second metadata file for the collection of " + files[1] + "; ignored");
          }
        } else if (DumpFileNames.isPrelude(name)) {
          prelude(entry);
        } else {
          notice(Severity.INFO, entry, "not a dump file; ignored");
        }
      }
      for (Map.Entry<String, Path[]> e : byBase.entrySet()) {
        addCollection(database, e.getKey(), e.getValue()[0], e.getValue()[1]);
      }
    }

    void addCollection(String database, String base, Path data, Path metadataFile) throws IOException {
      Path subject = data != null ? data : metadataFile;
      DumpMetadata metadata = metadataFile == null ? null : readMetadata(metadataFile);
      Namespace namespace = new Namespace(database, collectionName(base, metadata, subject));
      if (!wanted(namespace, subject, metadata)) {
        return;
      }
      if (data == null) {
        boolean expected = metadata != null && (metadata.isView() || metadata.isTimeseries());
        notice(expected ? Severity.INFO : Severity.WARNING, subject, missingData(namespace, metadata));
        return;
      }
      if (metadata != null && (metadata.isView() || metadata.isTimeseries())) {
        notice(Severity.WARNING, data, "metadata says " + (metadata.isView() ? "view" : "time-series collection")
            + " but a data file exists; read as a collection");
      }
      long size = Files.size(data);
      if (size == 0) {
        notice(Severity.INFO, data, "empty collection " + namespace + " (0-byte data file)");
      }
      collections.add(new DumpCollection(namespace, metadata, data.toString(), size, size == 0 ? 0 : -1,
          policy -> BsonDocumentReader.open(data, policy)));
    }

    private String collectionName(String base, DumpMetadata metadata, Path subject) {
      Optional<String> unescaped = DumpFileNames.unescape(base);
      if (unescaped.isEmpty()) {
        notice(Severity.WARNING, subject, "file name '" + base + "' has a malformed %-escape; used as written");
      }
      String fromFile = unescaped.orElse(base);
      Optional<String> fromMetadata = metadata == null ? Optional.empty() : metadata.collectionName();
      if (fromMetadata.isPresent() && !fromMetadata.get().equals(fromFile)) {
        boolean truncated = DumpFileNames.looksTruncated(fromFile);
        notice(truncated ? Severity.INFO : Severity.WARNING, subject, "collection name '" + fromMetadata.get()
            + "' taken from the metadata's collectionName; the file name says '" + fromFile + "'"
            + (truncated ? " (truncated by mongodump)" : ""));
        return fromMetadata.get();
      }
      if (fromMetadata.isEmpty() && DumpFileNames.looksTruncated(fromFile)) {
        notice(Severity.WARNING, subject, "file name '" + fromFile + "' looks truncated by mongodump ('$' and a hash)"
            + " and no metadata collectionName gives the full name; using the file name");
      }
      return fromFile;
    }

    private DumpMetadata readMetadata(Path file) throws IOException {
      byte[] bytes;
      try {
        bytes = DataFiles.readAll(file);
      } catch (DumpFormatException e) {
        notice(Severity.ERROR, file, "metadata ignored, the data is still read: " + e.getMessage());
        return null;
      }
      if (bytes.length == 0) {
        notice(Severity.WARNING, file, "empty metadata file; ignored");
        return null;
      }
      try {
        return DumpMetadata.parse(bytes, file.toString());
      } catch (DumpFormatException e) {
        notice(Severity.ERROR, file, "metadata ignored, the data is still read: " + e.getMessage());
        return null;
      }
    }

    /** Applies the filter, then the system-collection rule; says why a namespace is left out. */
    private boolean wanted(Namespace namespace, Object subject, DumpMetadata metadata) {
      String rejection = options.filter().rejection(namespace);
      if (rejection != null) {
        notice(Severity.INFO, subject, namespace + " excluded: " + rejection);
        return false;
      }
      if (namespace.isSystem() && !options.includeSystemCollections()) {
        notice(Severity.INFO, subject, "system collection " + namespace + " (MongoDB-internal) skipped;"
            + " include system collections to read it");
        return false;
      }
      return true;
    }

    private String missingData(Namespace namespace, DumpMetadata metadata) {
      if (metadata != null && metadata.isView()) {
        return viewMessage(namespace, metadata.viewOn());
      }
      if (metadata != null && metadata.isTimeseries()) {
        return timeseriesMessage(namespace);
      }
      return "metadata of " + namespace + " without a data file; nothing to import";
    }

    private String viewMessage(Namespace namespace, Optional<String> viewOn) {
      return "view " + namespace + viewOn.map(on -> " on '" + on + "'").orElse("")
          + ": views hold no documents of their own; nothing to import";
    }

    private String timeseriesMessage(Namespace namespace) {
      return "time-series collection " + namespace + " has no data of its own; its documents are the buckets in "
          + buckets(namespace) + (options.includeSystemCollections() ? ""
          : ", a system collection, read only when system collections are included");
    }

    void prelude(Path file) throws IOException {
      try {
        JsonNode node = MAPPER.readTree(DataFiles.readAll(file));
        notice(Severity.INFO, file, "dump of MongoDB " + text(node, "ServerVersion") + " by mongodump "
            + text(node, "ToolVersion") + "; nothing to import");
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        notice(Severity.WARNING, file, "prelude is not valid JSON (" + e.getOriginalMessage() + "); ignored");
      } catch (DumpFormatException e) {
        notice(Severity.WARNING, file, "prelude ignored: " + e.getMessage());
      }
    }

    void scanArchive(Path archive) throws IOException {
      ArchiveContents contents = null;
      ArchivePrelude prelude;
      String source;
      if (options.verifyArchive()) {
        contents = ArchiveContents.scan(archive);
        prelude = contents.prelude();
        source = contents.source();
        if (contents.problem() != null) {
          notice(Severity.ERROR, archive, "archive is corrupt; namespaces completed before the damage can be"
              + " read, the others will stop there: " + contents.problem().getMessage());
        }
      } else {
        try (ArchiveReader reader = ArchiveReader.open(archive)) {
          prelude = reader.prelude();
          source = reader.source();
        }
      }
      notice(Severity.INFO, archive, "mongodump archive (format " + prelude.formatVersion() + ") of MongoDB "
          + prelude.serverVersion() + " by mongodump " + prelude.toolVersion());
      if (!"0.1".equals(prelude.formatVersion())) {
        notice(Severity.WARNING, archive, "unknown archive format version " + prelude.formatVersion()
            + "; read as version 0.1");
      }
      Map<Namespace, DumpMetadata> candidates = new LinkedHashMap<>();
      List<Namespace> timeseriesBuckets = new ArrayList<>();
      for (ArchiveEntry entry : prelude.entries()) {
        Namespace namespace = entry.namespace();
        String subject = source + " [" + namespace + "]";
        if (isArchiveOplog(namespace)) {
          notice(Severity.INFO, subject, "oplog entries captured by mongodump --oplog, not a collection; skipped");
          continue;
        }
        DumpMetadata metadata = archiveMetadata(entry, subject);
        boolean view = "view".equals(entry.type()) || metadata != null && metadata.isView();
        boolean timeseries = "timeseries".equals(entry.type()) || metadata != null && metadata.isTimeseries();
        if (view || timeseries) {
          if (options.filter().accepts(namespace)) {
            notice(Severity.INFO, subject, view
                ? viewMessage(namespace, metadata == null ? Optional.empty() : metadata.viewOn())
                : timeseriesMessage(namespace));
          }
          if (timeseries) {
            timeseriesBuckets.add(buckets(namespace));
          }
          continue;
        }
        candidates.put(namespace, metadata);
      }
      if (contents == null) {
        timeseriesBuckets.forEach(b -> candidates.putIfAbsent(b, null));
      } else {
        for (Namespace namespace : contents.namespaces().keySet()) {
          if (!candidates.containsKey(namespace) && !isArchiveOplog(namespace)) {
            if (!timeseriesBuckets.contains(namespace)) {
              notice(Severity.WARNING, source + " [" + namespace + "]", "documents without a metadata entry; read anyway");
            }
            candidates.put(namespace, null);
          }
        }
      }
      for (Map.Entry<Namespace, DumpMetadata> candidate : candidates.entrySet()) {
        Namespace namespace = candidate.getKey();
        String subject = source + " [" + namespace + "]";
        if (!wanted(namespace, subject, candidate.getValue())) {
          continue;
        }
        long count = -1;
        if (contents != null) {
          Long counted = contents.namespaces().get(namespace);
          if (counted == null && contents.problem() == null) {
            notice(Severity.WARNING, subject, "metadata entry but no data in the archive; nothing to import");
            continue;
          }
          count = counted == null || !contents.complete().contains(namespace) ? -1 : counted;
        }
        if (count == 0) {
          notice(Severity.INFO, subject, "empty collection " + namespace + " (no documents in the archive)");
        }
        collections.add(new DumpCollection(namespace, candidate.getValue(), subject, -1, count,
            policy -> ArchiveNamespaceStream.open(archive, namespace, policy)));
      }
    }

    private DumpMetadata archiveMetadata(ArchiveEntry entry, String subject) {
      if (entry.metadataJson().isEmpty()) {
        return null;
      }
      try {
        return DumpMetadata.parse(entry.metadataJson(), subject + " metadata entry at byte offset " + entry.offset());
      } catch (DumpFormatException e) {
        notice(Severity.ERROR, subject, "metadata ignored, the data is still read: " + e.getMessage());
        return null;
      }
    }
  }

  private static boolean isArchiveOplog(Namespace namespace) {
    return namespace.database().isEmpty() && namespace.collection().equals(DumpFileNames.OPLOG);
  }

  private static Namespace buckets(Namespace timeseries) {
    return new Namespace(timeseries.database(), "system.buckets." + timeseries.collection());
  }

  private static Path siblingMetadata(Path data, String base) {
    Path directory = data.toAbsolutePath().getParent();
    for (String suffix : new String[] {DumpFileNames.METADATA, DumpFileNames.METADATA_GZ}) {
      Path candidate = directory.resolve(base + suffix);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  private static String text(JsonNode node, String field) {
    String value = node == null ? "" : node.path(field).asText("");
    return value.isEmpty() ? "(unknown version)" : value;
  }

  private static List<Path> list(Path directory) throws IOException {
    try (Stream<Path> entries = Files.list(directory)) {
      return entries.sorted().toList();
    }
  }

  private static String fileName(Path path) {
    Path name = path.getFileName();
    return name == null ? path.toString() : name.toString();
  }
}
