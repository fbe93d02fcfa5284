package stress.mongo.aggregate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.expression.Accumulators;
import stress.mongo.expression.AggregateExpression;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;
import stress.mongo.value.RefusedOperator;
import stress.mongo.value.TranslationTarget;

/**
 * {@code $group} and {@code $sortByCount}: one row per group key, the key as MongoDB compares keys (numbers by value,
 * missing and null the same key), and MongoDB's accumulators as SQL aggregates over the values of each group.
 */
final class AggregateGroup {
  private static final String NULL = "CAST('null' AS jsonb)";

  private AggregateGroup() {}

  /**
   * The SELECT of a {@code $group} over the rows {@code (doc, n)} of {@code from}; each document out has {@code _id}
   * and the accumulated fields.
   */
  static String group(AggregateExpression x, BsonDocument spec, String from, String alias) {
    List<String> inner = new ArrayList<>();
    List<String> values = new ArrayList<>();
    List<String> out = fields(x, spec, alias + ".doc", (column, value) -> {
      inner.add(column.equals("k") ? "COALESCE(" + value + ", " + NULL + ") AS k" : value + " AS " + column);
      values.add(value);
      return "g." + column;
    }, "g.n", null);
    inner.add(alias + ".n");
    // Each accumulator reads its value more than once: a computed value is fenced so that it is computed once per
    // document, not copied into each aggregate that reads it.
    boolean computed = !values.stream().allMatch(AggregateExpression::simple);
    return "SELECT jsonb_build_object(" + String.join(", ", out) + ") AS doc, CAST(0 AS bigint) AS n FROM (SELECT "
        + String.join(", ", inner) + " FROM " + from + (computed ? " OFFSET 0" : "") + ") AS g GROUP BY g.k";
  }

  /**
   * A {@code $group} of the table's own rows as one SELECT with no subquery ({@code data} per document out), or null
   * when a key or accumulated value is computed (the nested form computes it once per document): the form Citus
   * plans as a "fast path" router query even as a generic plan, when the WHERE pins the distribution column.
   *
   * @param table the FROM and WHERE of the rows, e.g. {@code {table} WHERE ...}
   */
  static String flat(AggregateExpression x, BsonDocument spec, String table) {
    List<String> values = new ArrayList<>();
    List<String> out = fields(x, spec, "data", (column, value) -> {
      values.add(value);
      return column.equals("k") ? "COALESCE(" + value + ", " + NULL + ")" : value;
    }, null, null);
    if (!values.stream().allMatch(AggregateExpression::simple)) {
      return null;
    }
    return "SELECT jsonb_build_object(" + String.join(", ", out) + ") AS data FROM " + table + " GROUP BY COALESCE("
        + values.get(0) + ", " + NULL + ")";
  }

  /**
   * A {@code $group} of the table's rows by the table's key path, grouped by the key column too (columns
   * {@code doc, n}). The column holds the path's value, so it splits no group, and a cluster sees each group on one
   * shard: Citus aggregates it there instead of pulling every document to the coordinator. The key path never passes
   * through an array under a key layout (import and inserts refuse such documents), so the key is the value at the
   * path; the accumulated values are computed once per document in a lateral subquery (fenced where the server runs
   * it, see {@link TranslationTarget#lateralFence}).
   *
   * @param where the table's WHERE, or ""
   * @return null when the table has no key layout or the group key is not its key path ({@code "$<path>"})
   */
  static String byKeyColumn(AggregateExpression x, BsonDocument spec, String where) {
    for (BsonValue acc : spec.values()) { // the facts of the accumulated paths decide their form: analyze finds them
      if (acc.isDocument() && acc.asDocument().size() == 1) {
        x.askParent(acc.asDocument().values().iterator().next());
      }
    }
    TranslationTarget target = x.translation().target;
    BsonValue id = spec.get("_id");
    if (!target.keyed() || id == null || !id.isString()
        || !id.asString().getValue().equals("$" + target.layout().path())) {
      return null;
    }
    String key = "data #> " + JsonPathText.sql(MongoPath.parse(target.layout().path()).textArray());
    List<String> computed = new ArrayList<>();
    List<String> out = fields(x, spec, "data", (column, value) -> {
      if (column.equals("k")) {
        return "g.k";
      }
      computed.add(value + " AS " + column);
      return "g." + column;
    }, null, key);
    if (target.distributed() && computed.stream().anyMatch(c -> c.contains("SELECT "))) {
      return null; // Citus refuses a correlated subquery in a lateral subquery without FROM
    }
    String values = computed.isEmpty() ? "" : ", v.*";
    String lateral = computed.isEmpty() ? "" : " CROSS JOIN LATERAL (SELECT " + String.join(", ", computed)
        + target.lateralFence() + ") AS v";
    return "SELECT jsonb_build_object(" + String.join(", ", out) + ") AS doc, CAST(0 AS bigint) AS n FROM (SELECT "
        + target.layout().quotedColumn() + " AS kc, COALESCE(" + key + ", " + NULL + ") AS k" + values + " FROM {table}"
        + lateral + where + ") AS g GROUP BY g.kc, g.k";
  }

  /**
   * The fields of the documents out, {@code name, aggregate} pairs: {@code read} is told each value (the key as
   * column {@code k}, the accumulators' as {@code a1}, {@code a2}, ...) and gives the SQL the aggregates read it by;
   * {@code order} is the column of the input's order, or null where it has none; {@code key} the key's value, or null
   * for the value of the {@code _id} expression.
   */
  private static List<String> fields(AggregateExpression x, BsonDocument spec, String row,
                                     java.util.function.BiFunction<String, String, String> read, String order,
                                     String key) {
    if (!spec.containsKey("_id")) {
      throw new IllegalArgumentException("$group needs an '_id' (the group key; null for one group)");
    }
    List<String> out = new ArrayList<>();
    out.add("'_id', " + read.apply("k", key != null ? key : key(x, spec.get("_id"), row)));
    int i = 0;
    for (Map.Entry<String, BsonValue> f : spec.entrySet()) {
      if (f.getKey().equals("_id")) {
        continue;
      }
      if (f.getKey().contains(".") || f.getKey().startsWith("$")) {
        throw new IllegalArgumentException("$group field '" + f.getKey() + "' must be a plain field name");
      }
      BsonValue acc = f.getValue();
      if (!acc.isDocument() || acc.asDocument().size() != 1 || !acc.asDocument().getFirstKey().startsWith("$")) {
        throw new IllegalArgumentException("$group field '" + f.getKey() + "' must be an accumulator such as"
            + " {$sum: 1}; supported: " + String.join(", ", Accumulators.ACCUMULATORS));
      }
      String op = acc.asDocument().getFirstKey();
      if (!Accumulators.ACCUMULATORS.contains(op)) {
        throw new RefusedOperator("accumulator", op, Accumulators.ACCUMULATORS);
      }
      BsonValue arg = acc.asDocument().get(op);
      if (op.equals("$count")) {
        if (!arg.isDocument() || !arg.asDocument().isEmpty()) {
          throw new IllegalArgumentException("accumulator $count takes {}");
        }
        out.add(JsonPathText.sql(f.getKey()) + ", to_jsonb(count(*))");
        continue;
      }
      if (op.equals("$sum") && arg.isInt32()) {
        // one whole number per document sums to the count times it (an int32 or int64, as MongoDB's): not a numeric
        // sum of a constant read per row, which also made each Citus worker plan the whole CASE every execution
        out.add(JsonPathText.sql(f.getKey()) + ", to_jsonb(count(*) * " + arg.asInt32().getValue() + ")");
        continue;
      }
      String column = read.apply("a" + (++i), row.equals("data") ? x.tableValue(arg) : x.value(arg, row));
      out.add(JsonPathText.sql(f.getKey()) + ", " + Accumulators.accumulate(x, op, column, order));
    }
    return out;
  }

  /** {@code $sortByCount: expr}: the count per key, most frequent first. */
  static String sortByCount(AggregateExpression x, BsonValue key, String from, String alias) {
    if (!(key.isString() && key.asString().getValue().startsWith("$") || key.isDocument())) {
      throw new IllegalArgumentException("$sortByCount needs a field path (\"$a\") or an expression");
    }
    return "SELECT jsonb_build_object('_id', g.k, 'count', count(*)) AS doc, row_number() OVER (ORDER BY count(*)"
        + " DESC) AS n FROM (SELECT COALESCE(" + x.value(key, alias + ".doc") + ", " + NULL + ") AS k FROM " + from
        + ") AS g GROUP BY g.k";
  }

  /**
   * The group key: an expression, or a document of expressions; in a document of one field a missing value is
   * null, in a document of several it is left out (as MongoDB computes keys).
   */
  private static String key(AggregateExpression x, BsonValue id, String row) {
    if (id.isDocument() && id.asDocument().size() == 1 && !id.asDocument().getFirstKey().startsWith("$")) {
      String name = id.asDocument().getFirstKey();
      return "jsonb_build_object(" + JsonPathText.sql(name) + ", COALESCE(" + x.value(id.asDocument().get(name), row)
          + ", " + NULL + "))";
    }
    return x.value(id, row);
  }
}
