package stress.dump;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import stress.dump.DumpNotice.Severity;

/** The collections and notices gathered during one scan, and the rules every layout shares. */
final class Discovery {
  private final ScanOptions options;
  private final List<DumpCollection> collections = new ArrayList<>();
  private final List<DumpNotice> notices = new ArrayList<>();

  Discovery(ScanOptions options) {
    this.options = options;
  }

  ScanOptions options() {
    return options;
  }

  DumpSource source(Path path, DumpSource.Format format) {
    return new DumpSource(path, format, collections, notices);
  }

  void add(DumpCollection collection) {
    collections.add(collection);
  }

  void notice(Severity severity, Object subject, String message) {
    notices.add(new DumpNotice(severity, subject.toString(), message));
  }

  /** Applies the filter, then the system-collection rule; says why a namespace is left out. */
  boolean wanted(Namespace namespace, Object subject) {
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

  String viewMessage(Namespace namespace, Optional<String> viewOn) {
    return "view " + namespace + viewOn.map(on -> " on '" + on + "'").orElse("")
        + ": views hold no documents of their own; nothing to import";
  }

  String timeseriesMessage(Namespace namespace) {
    return "time-series collection " + namespace + " has no data of its own; its documents are the buckets in "
        + buckets(namespace) + (options.includeSystemCollections() ? ""
        : ", a system collection, read only when system collections are included");
  }

  /** Where MongoDB keeps a time-series collection's documents. */
  static Namespace buckets(Namespace timeseries) {
    return new Namespace(timeseries.database(), "system.buckets." + timeseries.collection());
  }
}
