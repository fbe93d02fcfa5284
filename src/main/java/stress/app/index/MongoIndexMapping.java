package stress.app.index;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import stress.mongo.value.PathFacts;
import stress.mongo.value.TypedExpression;
import stress.table.DocumentTable;
import stress.workload.IndexSpec;

/**
 * What a MongoDB index of a dump's metadata becomes on the collection's table: the {@code indexes:} entry {@code stress
 * index} builds for it (its CREATE INDEX is {@link IndexSpec#ddl}, the one translation of entries to SQL), the
 * primary key ({@code _id_}), or nothing the tool builds, with what to do instead. A btree entry takes the typed
 * expression of the one kind the table's documents hold at each path ({@link PathFacts}): MongoDB's index holds every
 * kind, a typed one holds one, so a path of several kinds, of kinds with no typed expression, or with arrays (a
 * multikey index) gets no btree.
 */
public final class MongoIndexMapping {
  private MongoIndexMapping() {}

  /**
   * One index mapped.
   *
   * @param kind       MongoDB's kind: {@code primary key}, {@code single}, {@code compound}, {@code text},
   *                   {@code geo}, {@code wildcard}, {@code hashed}, {@code ttl}, {@code partial}, {@code collation},
   *                   {@code multikey}, {@code unique on arrays}, {@code mixed kinds}, {@code untyped}, {@code empty}
   * @param spec       the {@code indexes:} entry the tool builds, or null
   * @param builtAs    {@code primary key}, {@code btree}, or null when the tool builds nothing for it
   * @param createIndex the statement, or null
   * @param instead    what to do instead where the tool builds nothing, or null
   * @param note       how the built index differs from MongoDB's (unique not enforced, sparse, direction), or null
   */
  public record Mapped(String name, String key, String options, String kind, IndexSpec spec, String builtAs,
                       String createIndex, String instead, String note) {
    public boolean buildable() {
      return builtAs != null;
    }
  }

  /** Options of an index entry that are not options: the rest is what the index is. */
  private static final Set<String> NOT_OPTIONS = Set.of("v", "key", "name", "ns");

  /**
   * @param index  one entry of metadata.json's {@code indexes}
   * @param facts  the table's facts of each path the key names (dotted), null or missing when not read
   */
  public static Mapped map(JsonNode index, Map<String, PathFacts> facts, DocumentTable table) {
    String name = index.path("name").asText("");
    JsonNode keyNode = index.path("key");
    Map<String, Object> key = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = keyNode.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      key.put(e.getKey(), keyValue(e.getValue()));
    }
    Map<String, JsonNode> options = new LinkedHashMap<>();
    index.fields().forEachRemaining(e -> {
      if (!NOT_OPTIONS.contains(e.getKey())) {
        options.put(e.getKey(), e.getValue());
      }
    });
    String keyText = keyText(key);
    String optionText = options.isEmpty() ? "{}" : options.toString();
    Builder b = new Builder(name, keyText, optionText, table);
    List<String> paths = new ArrayList<>(key.keySet());
    if (name.equals("_id_") || paths.equals(List.of("_id")) && options.isEmpty()) {
      return b.built("primary key", null, null, "the table's primary key (the _id column)");
    }
    if (key.containsValue("text") || paths.contains("_fts")) {
      List<String> fields = new ArrayList<>();
      index.path("weights").fieldNames().forEachRemaining(fields::add);
      String text = fields.isEmpty() ? "data ->> 'FIELD'" : String.join(" || ' ' || ", fields.stream()
          .map(f -> "coalesce(" + TypedExpression.handWritten(List.of(f.split("\\.")), TypedExpression.TEXT) + ", '')")
          .toList());
      return b.not("text", "a text search index: a tsvector GIN index, CREATE INDEX ON " + table.qualifiedName()
          + " USING gin (to_tsvector('simple', " + text + ")), queried with @@ websearch_to_tsquery(...); $text is"
          + " not translated, so the queries are written by hand");
    }
    if (key.containsValue("2dsphere") || key.containsValue("2d") || key.containsValue("geoHaystack")) {
      return b.not("geo", "a geospatial index: PostGIS, a geometry (or geography) column filled from the GeoJSON"
          + " path with ST_GeomFromGeoJSON and a GiST index on it; $near and $geoWithin are written with ST_DWithin and"
          + " ST_Within by hand");
    }
    if (paths.stream().anyMatch(p -> p.equals("$**") || p.endsWith(".$**"))) {
      IndexSpec gin = gin();
      return b.not("wildcard", "a wildcard index: " + gin.describe() + ", " + gin.ddl(table) + ", serves equality on"
          + " any path (containment); ranges and sorts need a btree per path (stress index --suggest names them)");
    }
    // the paths' kinds decide the typed expression of each column, whatever the options
    List<String> types = new ArrayList<>();
    String untyped = null;
    for (String path : paths) {
      PathFacts f = facts == null ? null : facts.get(path);
      if (f == null) {
        return b.not("untyped", "the values at " + path + " were not read (the table is not there): run stress"
            + " analyze, then map it again");
      }
      if (f.arrays()) {
        boolean unique = options.containsKey("unique") && options.get("unique").asBoolean();
        return unique ? b.not("unique on arrays", "a unique index over array elements: PostgreSQL has no index that"
            + " keeps an element unique across documents; a side table of (element, _id) with a UNIQUE constraint,"
            + " kept by a trigger, does; " + gin().ddl(table) + " serves the reads")
            : b.not("multikey", path + " holds arrays (a multikey index): a btree on one value per document does not"
            + " serve element matches; " + gin().describe() + ", " + gin().ddl(table) + ", serves equality on its"
            + " elements (containment), not ranges or sorts");
      }
      Set<String> kinds = f.valueKinds();
      List<String> typed = kinds.stream().filter(TypedExpression.KINDS::contains).toList();
      if (kinds.isEmpty()) {
        return b.not("empty", "no document holds a value at " + path + ": nothing to index yet; the type of its"
            + " btree follows the values once the data holds them");
      }
      if (typed.size() > 1 || typed.size() == 1 && kinds.size() > 1) {
        List<String> each = typed.stream().map(t -> btree(List.of(path), List.of(t)).ddl(table)).toList();
        return b.not("mixed kinds", path + " holds values of several kinds (" + String.join(", ", kinds) + "): a typed"
            + " btree holds one kind, MongoDB's index all; one btree per kind queried, "
            + (each.isEmpty() ? "none of them typed" : String.join("; ", each)));
      }
      if (typed.isEmpty()) {
        untyped = untyped == null ? path + " (" + String.join(", ", kinds) + ")" : untyped;
        types.add(null);
        continue;
      }
      types.add(typed.get(0));
    }
    if (untyped != null) {
      return b.not("untyped", untyped + " has no typed expression (number, string, date): equality is served by "
          + gin().describe() + ", " + gin().ddl(table) + " (containment)");
    }
    IndexSpec spec = btree(paths, types);
    String create = spec.ddl(table);
    if (options.containsKey("expireAfterSeconds")) {
      long seconds = options.get("expireAfterSeconds").asLong();
      String expression = spec.expression().replace(" NULLS FIRST", "");
      return b.not("ttl", "a TTL index (documents removed " + seconds + " s after " + paths.get(0) + "): a scheduled"
          + " DELETE FROM " + table.qualifiedName() + " WHERE " + expression + " < to_char((now() - interval '"
          + seconds + " seconds') AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS') (pg_cron, or a job), served by "
          + create);
    }
    if (options.containsKey("partialFilterExpression")) {
      return b.not("partial", "a partial index (" + options.get("partialFilterExpression") + "): " + create
          + " WHERE (the filter as SQL), written by hand; the tool's index over every document serves the same"
          + " queries and is larger");
    }
    JsonNode collation = options.get("collation");
    if (collation != null && !"simple".equals(collation.path("locale").asText("simple"))) {
      return b.not("collation", "an index with collation " + collation + ": the tool's string expressions compare"
          + " bytes (COLLATE \"C\", MongoDB's simple collation); CREATE COLLATION of the ICU locale (strength as"
          + " the collation's) and an index on the expression COLLATE it, written by hand");
    }
    List<String> notes = new ArrayList<>();
    String kind = paths.size() == 1 ? "single" : "compound";
    if (key.containsValue("hashed")) {
      kind = "hashed";
      notes.add("MongoDB's hashed index serves equality; the btree serves equality and ranges (as a shard key:"
          + " import --distribute-by)");
    }
    if (options.containsKey("unique") && options.get("unique").asBoolean()) {
      notes.add("unique: the tool's index does not enforce it; CREATE UNIQUE INDEX on the same expression does"
          + " (documents without the path are NULL there, which PostgreSQL lets repeat; MongoDB does not unless"
          + " sparse: NULLS NOT DISTINCT on PostgreSQL 15)");
    }
    if (options.containsKey("sparse") && options.get("sparse").asBoolean()) {
      notes.add("sparse: the tool's index also holds the documents without the path (as NULL); it serves the same"
          + " queries");
    }
    if (paths.size() > 1 && key.values().stream().map(MongoIndexMapping::descending).distinct().count() > 1) {
      notes.add("directions " + keyText + ": the tool builds every column ascending, which serves the sort in"
          + " either direction of all columns, not a mixed one (a column DESC in the statement, by hand)");
    }
    return b.built("btree", spec, create, notes.isEmpty() ? null : String.join("; ", notes), kind);
  }

  /** The entry of a btree on typed paths. */
  static IndexSpec btree(List<String> dotted, List<String> types) {
    return new IndexSpec(false, dotted.stream().map(p -> List.of(p.split("\\.", -1))).toList(), types, 0);
  }

  static IndexSpec gin() {
    return new IndexSpec(true, List.of(), List.of(), 0);
  }

  private static boolean descending(Object direction) {
    return direction instanceof Number n && n.doubleValue() < 0;
  }

  /** A key's value: a number (1, -1, in plain or canonical Extended JSON) or a kind's name ("text", "2dsphere"). */
  private static Object keyValue(JsonNode v) {
    if (v.isNumber()) {
      return v.numberValue();
    }
    if (v.isObject()) {
      for (String wrapper : List.of("$numberInt", "$numberLong", "$numberDouble", "$numberDecimal")) {
        if (v.has(wrapper)) {
          try {
            return Double.parseDouble(v.get(wrapper).asText());
          } catch (NumberFormatException e) {
            return v.get(wrapper).asText();
          }
        }
      }
    }
    return v.asText();
  }

  /** The key as MongoDB's shell writes it: {@code {status: 1, createdAt: -1}}. */
  static String keyText(Map<String, Object> key) {
    List<String> parts = new ArrayList<>();
    key.forEach((path, v) -> parts.add(path + ": " + (v instanceof Number n ? (n.doubleValue() == Math.rint(
        n.doubleValue()) ? String.valueOf(n.longValue()) : n.toString()) : "\"" + v + "\"")));
    return "{" + String.join(", ", parts) + "}";
  }

  /** The paths of an index's key whose facts the mapping reads (none for text, geo and wildcard indexes). */
  public static Set<String> paths(JsonNode index) {
    Set<String> paths = new TreeSet<>();
    index.path("key").fieldNames().forEachRemaining(p -> {
      if (!p.startsWith("_fts") && !p.equals("$**") && !p.endsWith(".$**")) {
        paths.add(p);
      }
    });
    return paths;
  }

  private record Builder(String name, String key, String options, DocumentTable table) {
    Mapped built(String as, IndexSpec spec, String create, String note) {
      return built(as, spec, create, note, "primary key");
    }

    Mapped built(String as, IndexSpec spec, String create, String note, String kind) {
      return new Mapped(name, key, options, kind, spec, as, create, null, note);
    }

    Mapped not(String kind, String instead) {
      return new Mapped(name, key, options, kind, null, null, null, instead, null);
    }
  }
}
