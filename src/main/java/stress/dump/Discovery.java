package stress.dump;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import stress.dump.DumpNotice.Severity;
import stress.dump.naming.Namespace;
import stress.dump.naming.NamespaceFilter;

/** The collections and notices gathered during one scan, and the rules every layout shares. */
final class Discovery {
  private final ScanOptions options;
  private final List<DumpCollection> collections = new ArrayList<>();
  private final List<DumpNotice> notices = new ArrayList<>();
  /** Every namespace the dump holds, read or not: what an include pattern is checked against. */
  private final java.util.Set<Namespace> seen = new java.util.HashSet<>();

  Discovery(ScanOptions options) {
    this.options = options;
  }

  ScanOptions options() {
    return options;
  }

  /**
   * What the scan found.
   *
   * @throws stress.model.UsageException when an include pattern ({@code --db}, {@code --collection}) matches nothing
   *     the dump holds: a misspelt name would otherwise import nothing and succeed
   */
  DumpSource source(Path path, DumpSource.Format format) {
    if (format != DumpSource.Format.JSON_EXPORT) { // there the two name the collection instead
      List<String> problems = new ArrayList<>();
      unmatched(problems, "--db", "database", options.filter().includeDatabases(),
          seen.stream().map(Namespace::database).distinct().toList(), path);
      unmatched(problems, "--collection", "collection", options.filter().includeCollections(),
          seen.stream().map(Namespace::collection).distinct().toList(), path);
      if (!problems.isEmpty()) {
        throw new stress.model.UsageException(String.join("; ", problems));
      }
    }
    return new DumpSource(path, format, collections, notices);
  }

  private static void unmatched(List<String> problems, String option, String what, List<String> patterns,
                                List<String> names, Path path) {
    for (String pattern : patterns) {
      if (names.stream().noneMatch(name -> NamespaceFilter.matches(pattern, name))) {
        problems.add(option + " " + pattern + " matches no " + what + " of " + path + " (" + (names.isEmpty()
            ? "it holds none" : "its " + what + "s: " + String.join(", ", names.stream().sorted().toList())) + ")");
      }
    }
  }

  /** A namespace the dump holds, whether it is read or not. */
  void saw(Namespace namespace) {
    seen.add(namespace);
  }

  void add(DumpCollection collection) {
    collections.add(collection);
  }

  void notice(Severity severity, Object subject, String message) {
    notices.add(new DumpNotice(severity, subject.toString(), message));
  }

  /** Applies the filter, then the system-collection rule; says why a namespace is left out. */
  boolean wanted(Namespace namespace, Object subject) {
    seen.add(namespace);
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
