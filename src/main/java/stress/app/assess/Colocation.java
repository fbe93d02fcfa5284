package stress.app.assess;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import stress.dump.DumpCollection;
import stress.dump.DumpScanner;
import stress.dump.DumpSource;
import stress.dump.KeyPath;
import stress.report.assess.LayoutSection;

/**
 * The co-location of the chosen layouts: a cluster co-locates tables hash-distributed by columns of one type (Citus'
 * default group; Postgres-XL and Greenplum hash one type alike), so joins and {@code $lookup}s on their keys run on
 * each node. A table distributed by {@code _id} has the type import detected for it; one distributed by a key has the
 * type import would give its key column, read from the imported dump's values as import reads them
 * ({@link KeyPath.Detector}); a reference table is on every node and in no group.
 */
final class Colocation {
  /** The type of a collection distributed by {@code _id} whose import left no record of the type it chose. */
  static final String NO_ID_TYPE = "(not known: no import of the collection recorded its _id type)";

  private Colocation() {}

  /**
   * The collections with their distribution column's type and the other collections of its group.
   *
   * @param idTypes each namespace's {@code _id} column type as import made it ({@code bigint}, {@code text}, ...)
   * @param source  the dump (or stand-in collections) import loaded, read for the keys' types; null when not known
   */
  static List<LayoutSection.Collection> of(List<LayoutSection.Collection> collections, Map<String, String> idTypes,
                                          Path source) throws IOException {
    Map<String, DumpCollection> dump = new HashMap<>();
    if (source != null && collections.stream().anyMatch(Colocation::keyed)) {
      DumpSource scanned = new DumpScanner().scan(source);
      scanned.collections().forEach(c -> dump.put(c.namespace().toString(), c));
    }
    Map<String, String> types = new HashMap<>();
    for (LayoutSection.Collection c : collections) {
      if (c.key() == null || c.error() != null) {
        continue; // a reference table, or no layout chosen
      }
      types.put(c.ns(), c.key().equals("_id") ? idTypes.getOrDefault(c.ns(), NO_ID_TYPE)
          : keyType(dump.get(c.ns()), c.key()));
    }
    List<LayoutSection.Collection> out = new ArrayList<>();
    for (LayoutSection.Collection c : collections) {
      String type = types.get(c.ns());
      List<String> partners = type == null || type.startsWith("(") ? List.of() : types.entrySet().stream()
          .filter(e -> !e.getKey().equals(c.ns()) && type.equals(e.getValue())).map(Map.Entry::getKey).sorted()
          .toList();
      out.add(c.withColocation(type, partners));
    }
    return out;
  }

  private static boolean keyed(LayoutSection.Collection c) {
    return c.key() != null && !c.key().equals("_id");
  }

  /**
   * The key column's type import would choose for {@code path}, or in parentheses why none: the collection not in the
   * dump, or its values of kinds no one type holds.
   */
  static String keyType(DumpCollection collection, String path) throws IOException {
    if (collection == null) {
      return "(not known: the collection is not in the imported dump)";
    }
    KeyPath.Detector detector = KeyPath.Detector.of(collection, path);
    return detector.type() == null ? "(none: " + path + " holds " + detector.kinds() + ")" : detector.type().sql();
  }
}
