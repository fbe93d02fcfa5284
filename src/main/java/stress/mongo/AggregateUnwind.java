package stress.mongo;

import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $unwind}: one document per element of the array at a path (the path read as MongoDB's unwind reads it,
 * through documents only), with the element in the array's place. A value that is not an array and not null is
 * kept as one element; null, missing and an empty array give no document, or with
 * {@code preserveNullAndEmptyArrays} the document itself (an empty array's field removed). The index written by
 * {@code includeArrayIndex} is null for the documents that were not unwound from an array.
 */
final class AggregateUnwind {
  private AggregateUnwind() {}

  /**
   * The documents of an {@code $unwind} (without {@code preserveNullAndEmptyArrays}) are the documents read
   * ({@code base}) with the value at {@code path} replaced by {@code value} (an element, or the value itself where it
   * was not an array): a field path under {@code path} is read from {@code value}, one beside it from {@code base},
   * so the new document, a copy of the whole document per element, is only built where a stage reads it whole.
   *
   * @param index the field {@code includeArrayIndex} writes, null for none
   */
  record Unwound(List<String> path, String index, String value, String base) {
    String read(String doc, List<String> keys) {
      if (keys.size() >= path.size() && keys.subList(0, path.size()).equals(path)) {
        return keys.size() == path.size() ? value : AggregateExpression.fieldPath(value, keys.subList(path.size(), keys.size()));
      }
      boolean prefix = path.subList(0, Math.min(keys.size(), path.size())).equals(keys);
      return prefix || keys.get(0).equals(index) ? AggregateExpression.fieldPath(doc, keys) : AggregateExpression.fieldPath(base, keys);
    }
  }

  static void unwind(AggregatePipeline pipeline, BsonValue arg) {
    String pathText;
    boolean preserve = false;
    String index = null;
    if (arg.isString()) {
      pathText = arg.asString().getValue();
    } else if (arg.isDocument()) {
      BsonDocument d = arg.asDocument();
      for (String k : d.keySet()) {
        if (!Set.of("path", "preserveNullAndEmptyArrays", "includeArrayIndex").contains(k)) {
          throw new IllegalArgumentException("unknown option '" + k + "'; known: includeArrayIndex, path,"
              + " preserveNullAndEmptyArrays");
        }
      }
      if (!d.containsKey("path") || !d.get("path").isString()) {
        throw new IllegalArgumentException("$unwind needs a 'path' such as \"$items\"");
      }
      pathText = d.getString("path").getValue();
      if (d.containsKey("preserveNullAndEmptyArrays")) {
        if (!d.get("preserveNullAndEmptyArrays").isBoolean()) {
          throw new IllegalArgumentException("preserveNullAndEmptyArrays must be true or false");
        }
        preserve = d.getBoolean("preserveNullAndEmptyArrays").getValue();
      }
      if (d.containsKey("includeArrayIndex")) {
        BsonValue i = d.get("includeArrayIndex");
        if (!i.isString() || i.asString().getValue().isEmpty() || i.asString().getValue().startsWith("$")
            || i.asString().getValue().contains(".")) {
          throw new IllegalArgumentException("includeArrayIndex must be a top-level field name");
        }
        index = i.asString().getValue();
      }
    } else {
      throw new IllegalArgumentException("$unwind takes a field path such as \"$items\" or {path: \"$items\", ...}");
    }
    if (!pathText.startsWith("$") || pathText.startsWith("$$")) {
      throw new IllegalArgumentException("$unwind's path must be a field path starting with '$', got '" + pathText
          + "'");
    }
    String path = JsonPathText.sql(MongoPath.parse(pathText.substring(1)).textArray());
    String from = pipeline.from();
    String a = AggregatePipeline.alias(from);
    String e = a + "e";
    String value = "(" + a + ".doc #> " + path + ")";
    String doc = "CASE WHEN " + e + ".i IS NOT NULL THEN jsonb_set(" + a + ".doc, " + path + ", " + e + ".v)"
        + " WHEN jsonb_typeof(" + value + ") = 'array' THEN " + a + ".doc #- " + path + " ELSE " + a + ".doc END";
    if (index != null) {
      doc = "(" + doc + ") || jsonb_build_object(" + JsonPathText.sql(index) + ", CASE WHEN " + e + ".i IS NULL THEN"
          + " CAST('null' AS jsonb) ELSE to_jsonb(" + e + ".i - 1) END)";
    }
    boolean ordered = pipeline.ordered();
    String n = ordered ? "row_number() OVER (ORDER BY " + a + ".n, " + e + ".i)" : "CAST(0 AS bigint)";
    String where = preserve ? "" : " WHERE " + e + ".i IS NOT NULL OR jsonb_typeof(" + value + ") NOT IN ('array',"
        + " 'null')";
    String unwoundValue = "CASE WHEN " + e + ".i IS NOT NULL THEN " + e + ".v ELSE " + value + " END";
    pipeline.next("SELECT " + doc + " AS doc, " + n + " AS n, " + a + ".doc AS b, " + unwoundValue + " AS u FROM " + from
        + " LEFT JOIN LATERAL"
        + " jsonb_array_elements(CASE WHEN jsonb_typeof(" + value + ") = 'array' THEN " + value + " END) WITH ORDINALITY"
        + " AS " + e + "(v, i) ON TRUE" + where, ordered);
    if (!preserve) {
      pipeline.unwound(MongoPath.parse(pathText.substring(1)).keys(), index);
    }
  }
}
