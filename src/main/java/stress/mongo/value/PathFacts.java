package stress.mongo.value;

import java.util.Set;
import java.util.TreeSet;

/**
 * What a table's documents hold at one path: the kinds of values found there (as the importer writes them) and
 * whether an array occurs at the path or on the way to it in any document (MongoDB calls such a path multikey).
 * A path without arrays can be compared through a typed expression that a btree index serves; see
 * {@link TypedExpression}.
 *
 * @param arrays true when some document has an array at the path or above it
 * @param kinds  the kinds seen: {@link #KINDS}
 */
public record PathFacts(boolean arrays, Set<String> kinds) {
  public static final String MISSING = "missing";
  public static final String NULL = "null";
  public static final String NUMBER = "number";
  public static final String STRING = "string";
  public static final String BOOLEAN = "boolean";
  public static final String DATE = "date";
  /** A date outside years 1970-9999, written {@code {"$date": {"$numberLong": ...}}}. */
  public static final String FAR_DATE = "farDate";
  public static final String OBJECT_ID = "objectId";
  public static final String DECIMAL = "decimal";
  /** NaN and the infinities, written {@code {"$numberDouble": ...}}. */
  public static final String SPECIAL_DOUBLE = "specialDouble";
  public static final String OBJECT = "object";
  public static final String ARRAY = "array";
  /** Binary data, regular expressions, timestamps and the other Extended JSON wrappers. */
  public static final String OTHER = "other";
  public static final Set<String> KINDS = Set.of(MISSING, NULL, NUMBER, STRING, BOOLEAN, DATE, FAR_DATE, OBJECT_ID,
      DECIMAL, SPECIAL_DOUBLE, OBJECT, ARRAY, OTHER);

  public PathFacts {
    kinds = Set.copyOf(kinds);
    if (!KINDS.containsAll(kinds)) {
      throw new IllegalArgumentException("unknown kinds in " + kinds + "; known: " + new TreeSet<>(KINDS));
    }
  }

  /** Nothing is known: any kind, arrays possible. */
  public static final PathFacts UNKNOWN = new PathFacts(true, KINDS);

  /** Both: what either may hold. */
  public PathFacts or(PathFacts other) {
    Set<String> all = new TreeSet<>(kinds);
    all.addAll(other.kinds);
    return new PathFacts(arrays || other.arrays, all);
  }

  /** The kinds other than missing and null, which every sort puts first. */
  public Set<String> valueKinds() {
    Set<String> values = new TreeSet<>(kinds);
    values.remove(MISSING);
    values.remove(NULL);
    return values;
  }

  @Override
  public String toString() {
    return (arrays ? "arrays, " : "no arrays, ") + String.join(" ", new TreeSet<>(kinds));
  }
}
