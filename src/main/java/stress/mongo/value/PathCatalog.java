package stress.mongo.value;

import java.util.Map;
import java.util.TreeMap;

/**
 * The facts of the paths an operation reads, for one table: what {@code stress analyze} (or a run, on demand)
 * found in its documents, widened by what the workload's own writes may put there. A path it does not know is
 * translated in the general form.
 *
 * @param paths  dotted path to its facts
 * @param source where the facts come from, for explain and the run's header
 */
public record PathCatalog(Map<String, PathFacts> paths, String source) {
  /** No facts: every path in the general form. */
  public static final PathCatalog NONE = new PathCatalog(Map.of(), "no path facts");

  public PathCatalog {
    paths = Map.copyOf(paths);
  }

  /** The facts of a path, null when unknown. */
  public PathFacts facts(MongoPath path) {
    return paths.get(path.toString());
  }

  /** This catalog with the facts of {@code writes} added to every path they may change. */
  public PathCatalog widenedBy(WrittenPaths writes) {
    if (writes.isEmpty() || paths.isEmpty()) {
      return this;
    }
    Map<String, PathFacts> widened = new TreeMap<>();
    for (Map.Entry<String, PathFacts> e : paths.entrySet()) {
      widened.put(e.getKey(), e.getValue().or(writes.factsBelow(e.getKey())));
    }
    return new PathCatalog(widened, source + ", widened by the workload's writes");
  }
}
