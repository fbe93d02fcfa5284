package stress.dump;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import stress.dump.DumpNotice.Severity;
import stress.dump.naming.DumpFileNames;
import stress.dump.naming.Namespace;

/**
 * Discovery in a {@code --archive} file. Collections come from the prelude's metadata entries; with
 * {@link ScanOptions#verifyArchive()} a framing pass also finds namespaces that have data but no entry
 * (time-series buckets), counts documents and reports corruption up front.
 */
final class ArchiveDiscovery {
  private final Discovery found;

  ArchiveDiscovery(Discovery found) {
    this.found = found;
  }

  void scan(Path archive) throws IOException {
    ArchiveContents contents = null;
    ArchivePrelude prelude;
    String source;
    if (found.options().verifyArchive()) {
      contents = ArchiveContents.scan(archive);
      prelude = contents.prelude();
      source = contents.source();
      if (contents.problem() != null) {
        found.notice(Severity.ERROR, archive, "archive is corrupt; namespaces completed before the damage can be"
            + " read, the others will stop there: " + contents.problem().getMessage());
      }
    } else {
      try (ArchiveReader reader = ArchiveReader.open(archive)) {
        prelude = reader.prelude();
        source = reader.source();
      }
    }
    found.notice(Severity.INFO, archive, "mongodump archive (format " + prelude.formatVersion() + ") of MongoDB "
        + prelude.serverVersion() + " by mongodump " + prelude.toolVersion());
    if (!"0.1".equals(prelude.formatVersion())) {
      found.notice(Severity.WARNING, archive, "unknown archive format version " + prelude.formatVersion()
          + "; read as version 0.1");
    }
    Map<Namespace, DumpMetadata> candidates = new LinkedHashMap<>();
    List<Namespace> buckets = fromPrelude(prelude, source, candidates);
    if (contents == null) {
      buckets.forEach(b -> candidates.putIfAbsent(b, null));
    } else {
      for (Namespace namespace : contents.namespaces().keySet()) {
        if (!candidates.containsKey(namespace) && !isOplog(namespace)) {
          if (!buckets.contains(namespace)) {
            found.notice(Severity.WARNING, subject(source, namespace), "documents without a metadata entry; read anyway");
          }
          candidates.put(namespace, null);
        }
      }
    }
    for (Map.Entry<Namespace, DumpMetadata> candidate : candidates.entrySet()) {
      add(archive, source, contents, candidate.getKey(), candidate.getValue());
    }
  }

  /** Puts the prelude's collections into {@code candidates}; returns the bucket namespaces of time series. */
  private List<Namespace> fromPrelude(ArchivePrelude prelude, String source, Map<Namespace, DumpMetadata> candidates) {
    List<Namespace> buckets = new ArrayList<>();
    for (ArchiveEntry entry : prelude.entries()) {
      Namespace namespace = entry.namespace();
      String subject = subject(source, namespace);
      if (isOplog(namespace)) {
        found.notice(Severity.INFO, subject, "oplog entries captured by mongodump --oplog, not a collection; skipped");
        continue;
      }
      DumpMetadata metadata = metadata(entry, subject);
      boolean view = "view".equals(entry.type()) || metadata != null && metadata.isView();
      boolean timeseries = "timeseries".equals(entry.type()) || metadata != null && metadata.isTimeseries();
      if (view || timeseries) {
        found.saw(namespace);
        if (found.options().filter().accepts(namespace)) {
          found.notice(Severity.INFO, subject, view
              ? found.viewMessage(namespace, metadata == null ? Optional.empty() : metadata.viewOn())
              : found.timeseriesMessage(namespace));
        }
        if (timeseries) {
          buckets.add(Discovery.buckets(namespace));
        }
        continue;
      }
      candidates.put(namespace, metadata);
    }
    return buckets;
  }

  private void add(Path archive, String source, ArchiveContents contents, Namespace namespace, DumpMetadata metadata) {
    String subject = subject(source, namespace);
    if (!found.wanted(namespace, subject)) {
      return;
    }
    long count = -1;
    if (contents != null) {
      Long counted = contents.namespaces().get(namespace);
      if (counted == null && contents.problem() == null) {
        found.notice(Severity.WARNING, subject, "metadata entry but no data in the archive; nothing to import");
        return;
      }
      count = counted == null || !contents.complete().contains(namespace) ? -1 : counted;
    }
    if (count == 0) {
      found.notice(Severity.INFO, subject, "empty collection " + namespace + " (no documents in the archive)");
    }
    found.add(new DumpCollection(namespace, metadata, subject, -1, count,
        policy -> ArchiveNamespaceStream.open(archive, namespace, policy)));
  }

  private DumpMetadata metadata(ArchiveEntry entry, String subject) {
    if (entry.metadataJson().isEmpty()) {
      return null;
    }
    try {
      return DumpMetadata.parse(entry.metadataJson(), subject + " metadata entry at byte offset " + entry.offset());
    } catch (DumpFormatException e) {
      found.notice(Severity.ERROR, subject, "metadata ignored, the data is still read: " + e.getMessage());
      return null;
    }
  }

  private static String subject(String source, Namespace namespace) {
    return source + " [" + namespace + "]";
  }

  /** The namespace {@code mongodump --oplog --archive} writes oplog entries to: empty database, "oplog". */
  private static boolean isOplog(Namespace namespace) {
    return namespace.database().isEmpty() && namespace.collection().equals(DumpFileNames.OPLOG);
  }
}
