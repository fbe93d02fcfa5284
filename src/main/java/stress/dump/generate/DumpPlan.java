package stress.dump.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import stress.model.Shape;
import stress.model.UsageException;

/**
 * What a generated dump holds: documents 1..{@code docs} of one shape and seed, split over
 * {@code collections} collections of one database in contiguous key ranges (collection 1 gets the first
 * ids), so every collection is a gap-free range and the split is the same on every run. With one
 * collection it is named {@code collection}; with several, {@code collection_1}, {@code collection_2}...
 * zero-padded so that name order is key order.
 *
 * <p>Names are limited to characters that mongodump writes into file names unchanged, so the file
 * names are the collection names.
 *
 * @param docs        documents, at least 1
 * @param shape       document shape
 * @param seed        generator seed
 * @param database    database name: letters, digits, '_' and '-', at most 63 characters
 * @param collection  collection name (or prefix of the names): letters, digits, '_', '-' and '.', starting
 *                    with a letter, digit or '_', not {@code system.*}, at most 100 characters
 * @param collections collections to split the documents over, 1..docs
 */
public record DumpPlan(long docs, Shape shape, long seed, String database, String collection, int collections) {
  private static final Pattern DATABASE = Pattern.compile("[A-Za-z0-9_-]{1,63}");
  private static final Pattern COLLECTION = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}");

  public DumpPlan {
    Objects.requireNonNull(shape, "shape");
    List<String> problems = new ArrayList<>();
    if (docs < 1) {
      problems.add("--docs must be at least 1, got " + docs);
    }
    if (collections < 1) {
      problems.add("--collections must be at least 1, got " + collections);
    } else if (docs >= 1 && collections > docs) {
      problems.add("--collections " + collections + " exceeds --docs " + docs
          + ": every collection must get at least one document");
    }
    if (database == null || !DATABASE.matcher(database).matches()) {
      problems.add("--db '" + database + "' must be 1 to 63 letters, digits, '_' or '-'");
    }
    if (collection == null || !COLLECTION.matcher(collection).matches() || collection.endsWith(".")) {
      problems.add("--collection '" + collection + "' must be 1 to 100 letters, digits, '_', '-' or '.',"
          + " starting with a letter, digit or '_' and not ending with '.'");
    } else if (collection.startsWith("system.")) {
      problems.add("--collection '" + collection + "' must not start with 'system.' (MongoDB's own collections)");
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
  }

  /** The collection name used when none is given: the seed article's {@code check_in} for small documents. */
  public static String defaultCollection(Shape shape) {
    return switch (shape) {
      case SMALL -> "check_in";
      case LARGE -> "orders";
    };
  }

  /** The collections in key order, each with its id range; sizes differ by at most one document. */
  public List<CollectionRange> ranges() {
    List<CollectionRange> ranges = new ArrayList<>(collections);
    int width = String.valueOf(collections).length();
    long base = docs / collections;
    long extra = docs % collections;
    // the first (docs % collections) collections get one more document; no product can overflow
    for (int i = 0; i < collections; i++) {
      long first = i * base + Math.min(i, extra) + 1;
      long last = first + base + (i < extra ? 1 : 0) - 1;
      String name = collections == 1 ? collection : collection + "_" + pad(i + 1, width);
      ranges.add(new CollectionRange(name, first, last));
    }
    return ranges;
  }

  private static String pad(int number, int width) {
    String digits = String.valueOf(number);
    return "0".repeat(width - digits.length()) + digits;
  }

  /**
   * One collection of the plan: documents {@code firstId..lastId}, both inclusive.
   *
   * @param name    collection name
   * @param firstId first document id
   * @param lastId  last document id
   */
  public record CollectionRange(String name, long firstId, long lastId) {
    /** Number of documents. */
    public long docs() {
      return lastId - firstId + 1;
    }
  }
}
