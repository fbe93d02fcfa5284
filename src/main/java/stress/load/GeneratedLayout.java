package stress.load;

import stress.dump.KeyPath;
import stress.dump.generate.DocumentGenerator;
import stress.model.Shape;
import stress.model.UsageException;
import stress.table.KeyType;
import stress.table.Layout;

/**
 * The key layout of a table {@code init} fills: the column type chosen from the generated documents' values at the
 * path, read from the first ones (a shape gives every document the same kinds), and refused before anything is
 * created when they hold arrays, documents, values of several kinds, or no value at all.
 */
public final class GeneratedLayout {
  /** Documents read to choose the type: the shapes vary values, not kinds. */
  static final int SAMPLE = 1000;

  private GeneratedLayout() {}

  /**
   * The layout distributed by {@code path} for documents {@code 1..documents} of {@code shape} and {@code seed}.
   *
   * @throws UsageException naming the path and the rule
   */
  public static Layout key(String path, Shape shape, long seed, long documents) {
    Layout.checkPath(path);
    KeyPath key = new KeyPath(path);
    KeyPath.Detector detector = new KeyPath.Detector(key);
    DocumentGenerator generator = new DocumentGenerator(shape, seed);
    for (long id = 1; id <= Math.min(documents, SAMPLE); id++) {
      detector.accept(generator.generate(id).bsonBytes());
    }
    String name = "init: --distribute-by " + path + ": the generated " + shape.name().toLowerCase(java.util.Locale.ROOT)
        + " documents";
    if (detector.arrays() + detector.documents() > 0) {
      throw new UsageException(name + " hold an array in " + detector.arrays() + " and a document in "
          + detector.documents() + " of the first " + detector.seen() + "; MongoDB refuses arrays in a shard key and no"
          + " key column holds a document");
    }
    if (detector.missing() == detector.seen()) {
      throw new UsageException(name + " have no value there; choose a path they hold (stress generate writes them)");
    }
    KeyType type = detector.type();
    if (type == null) {
      throw new UsageException(name + " hold values of kinds no one key column type holds: " + detector.kinds());
    }
    return Layout.key(path, type);
  }

  /** The key column's text of a generated document, or the reason it has none. */
  static String text(KeyPath key, Layout layout, org.bson.BsonDocument document, long id) {
    try {
      String value = key.text(key.value(document), layout.type());
      if (value == null && layout.keyInPrimaryKey()) {
        throw new LoadException("generated document " + id + " has no value at " + layout.path() + ", which is part of"
            + " the primary key here");
      }
      return value;
    } catch (KeyPath.Refused e) {
      throw new LoadException("generated document " + id + ": " + e.getMessage());
    }
  }
}
