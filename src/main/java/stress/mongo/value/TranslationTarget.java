package stress.mongo.value;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a translation may use on the table it runs on: the facts of its paths (which decide where a typed,
 * index-served form gives MongoDB's answer), whether the server has jsonpath (PostgreSQL 12 and later; Postgres-XL
 * 10 has not), and the btree indexes of each path (declared in the workload file or built on the table), every kind
 * of them: equality is written on the expression of one of them so that it serves it (elsewhere equality stays a
 * containment test that a GIN index on {@code data} serves).
 *
 * @param paths    the table's path facts
 * @param jsonpath true when the server has jsonpath
 * @param indexes  dotted path to the kinds of the btree indexes on it: typed ({@link TypedExpression#KINDS}) and
 *                 hand-written ({@link TypedExpression#TEXT}, {@link TypedExpression#NUMERIC})
 * @param idType   the table's {@code _id} column type, null when not known
 * @param collections the tables of the collections a {@code $lookup} names ({@code from}), by collection name;
 *                 a collection not there is read from a table of its own name
 * @param distributed true when the table is a Citus distributed table: an aggregation pipeline then reads the
 *                 table's documents (and a {@code $lookup}'s foreign ones) in subqueries Citus runs on the shards,
 *                 and the rest of the pipeline runs on the coordinator, where Citus plans the statement as PostgreSQL
 * @param deepCorrelation true when the server runs a scalar subquery that reads a column of the query two levels
 *                 out, as in a lateral subquery fenced by {@code OFFSET 0} (which computes a value once per row) or a
 *                 VALUES list of computed fields. Greenplum 7's coordinator crashes on it (SIGSEGV: it runs the
 *                 subquery as an init plan before the row it reads exists), so there the lateral subqueries are left
 *                 unfenced (the planner merges them into the query that reads them, which may compute a value once
 *                 per place that reads it) and a document's fields are built in one call
 * @param layout   the table's layout, null when not known: under a key layout a filter pinning the key path also
 *                 tests the key column ({@link stress.mongo.routing.KeyRoute}) and inserts write it
 * @param numericInfinity true when numeric has the infinities (PostgreSQL 14 and later), which stand for a Decimal128
 *                 infinity; before, a finite value beyond every Decimal128 and double does ({@link Decimals})
 * @param gin      true when a GIN index on {@code data} is there (or declared): the equalities of a filter are then one
 *                 containment it serves; without one, an equality a btree serves is written on the btree's expression
 *                 and only the others are tested by containment, on the rows the btree finds
 */
public record TranslationTarget(PathCatalog paths, boolean jsonpath, Map<String, Set<String>> indexes,
                                stress.table.IdType idType, Map<String, ForeignCollection> collections,
                                boolean distributed, boolean deepCorrelation, stress.table.Layout layout,
                                boolean numericInfinity, boolean gin) {
  /** Nothing known: the general form everywhere, with jsonpath and numeric infinities. */
  public static final TranslationTarget GENERAL = new TranslationTarget(PathCatalog.NONE, true, Map.of());

  public TranslationTarget {
    Map<String, Set<String>> copy = new TreeMap<>();
    indexes.forEach((path, kinds) -> copy.put(path, Set.copyOf(kinds)));
    indexes = Map.copyOf(copy);
    collections = Map.copyOf(collections);
  }

  public TranslationTarget(PathCatalog paths, boolean jsonpath, Map<String, String> indexed,
                           stress.table.IdType idType) {
    this(paths, jsonpath, indexed, idType, Map.of(), false);
  }

  /**
   * A target whose server runs subqueries two levels inside the row they read (every one but Greenplum 7) and has
   * numeric infinities.
   */
  public TranslationTarget(PathCatalog paths, boolean jsonpath, Map<String, String> indexed,
                           stress.table.IdType idType, Map<String, ForeignCollection> collections,
                           boolean distributed) {
    this(paths, jsonpath, oneEach(indexed), idType, collections, distributed, true, null, true, true);
  }

  /** One index kind per path. */
  private static Map<String, Set<String>> oneEach(Map<String, String> indexed) {
    Map<String, Set<String>> kinds = new TreeMap<>();
    indexed.forEach((path, kind) -> kinds.put(path, Set.of(kind)));
    return kinds;
  }

  /** True when a btree of this kind is on the path (its first column). */
  public boolean indexed(String path, String kind) {
    return indexes.getOrDefault(path, Set.of()).contains(kind);
  }

  /** The same target for a table laid out {@code value}. */
  public TranslationTarget withLayout(stress.table.Layout value) {
    return new TranslationTarget(paths, jsonpath, indexes, idType, collections, distributed, deepCorrelation, value,
        numericInfinity, gin);
  }

  /** The same target on a server that does (true) or does not run deep correlations (see {@link #deepCorrelation}). */
  public TranslationTarget withDeepCorrelation(boolean value) {
    return new TranslationTarget(paths, jsonpath, indexes, idType, collections, distributed, value, layout,
        numericInfinity, gin);
  }

  /** The same target on a server whose numeric has (true) or has not the infinities (see {@link #numericInfinity}). */
  public TranslationTarget withNumericInfinity(boolean value) {
    return new TranslationTarget(paths, jsonpath, indexes, idType, collections, distributed, deepCorrelation, layout,
        value, gin);
  }

  /** The same target with (true) or without a GIN index on {@code data} (see {@link #gin}). */
  public TranslationTarget withGin(boolean value) {
    return new TranslationTarget(paths, jsonpath, indexes, idType, collections, distributed, deepCorrelation, layout,
        numericInfinity, value);
  }

  /** True when the table has a key column. */
  public boolean keyed() {
    return layout != null && layout.keyed();
  }

  /** {@code OFFSET 0} where the server runs fenced lateral subqueries, else nothing (see {@link #deepCorrelation}). */
  public String lateralFence() {
    return deepCorrelation ? " OFFSET 0" : "";
  }

  /** The table of a collection a {@code $lookup} reads. */
  public ForeignCollection collection(String name) {
    ForeignCollection found = collections.get(name);
    return found != null ? found : ForeignCollection.unresolved(name);
  }

  /** A target whose {@code _id} column type is not known: {@code _id} literals are resolved per table. */
  public TranslationTarget(PathCatalog paths, boolean jsonpath, Map<String, String> indexed) {
    this(paths, jsonpath, indexed, null);
  }

  /** The name of the form the translation writes, for explain and the run's header. */
  public String describe() {
    return (jsonpath ? "jsonpath" : "without jsonpath (before PostgreSQL 12)") + "; typed forms from "
        + paths.source() + (deepCorrelation ? "" : "; no subquery two levels inside the row it reads (Greenplum 7"
        + " crashes on one)");
  }
}
