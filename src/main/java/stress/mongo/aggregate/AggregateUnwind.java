package stress.mongo.aggregate;

import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;

/**
 * {@code $unwind}: one document per element of the array at a path (the path read as MongoDB's unwind reads it,
 * through documents only), with the element in the array's place. A value that is not an array and not null is
 * kept as one element; null, missing and an empty array give no document, or with
 * {@code preserveNullAndEmptyArrays} the document itself (an empty array's field removed). The index written by
 * {@code includeArrayIndex} is null for the documents that were not unwound from an array.
 */
final class AggregateUnwind {
  private AggregateUnwind() {}

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
    if (!preserve && !pipeline.expressions().translation().target.deepCorrelation()) {
      elementsInTheSelectList(pipeline, path, index);
    } else {
      elementsJoined(pipeline, path, index, preserve);
    }
    if (!preserve) {
      pipeline.unwound(MongoPath.parse(pathText.substring(1)).keys(), index);
    }
  }

  /** The elements joined to each document by a lateral function scan (a document kept where none is found). */
  private static void elementsJoined(AggregatePipeline pipeline, String path, String index, boolean preserve) {
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
  }

  /**
   * The elements as set-returning functions in the SELECT list (no {@code preserveNullAndEmptyArrays}): Greenplum sends
   * a statement whose key condition pins one segment to that segment only when no function scan is in its plan, so
   * a lateral {@code jsonb_array_elements} sent every key-pinned {@code $unwind} to all segments. A value that is not
   * an array stands for itself, one element with no index; null, missing and an empty array give no row. The two
   * functions run in lockstep, the index beside its element.
   */
  private static void elementsInTheSelectList(AggregatePipeline pipeline, String path, String index) {
    String from = pipeline.from();
    String a = AggregatePipeline.alias(from);
    String e = a + "e";
    String value = "(" + e + ".doc #> " + path + ")";
    String inner = "(" + a + ".doc #> " + path + ")";
    String elements = "CASE WHEN jsonb_typeof(" + inner + ") = 'array' THEN " + inner + " WHEN jsonb_typeof(" + inner
        + ") <> 'null' THEN jsonb_build_array(" + inner + ") END";
    String i = "(CASE WHEN jsonb_typeof(" + value + ") = 'array' THEN " + e + ".i END)";
    String doc = "CASE WHEN " + i + " IS NOT NULL THEN jsonb_set(" + e + ".doc, " + path + ", " + e + ".v) ELSE " + e
        + ".doc END";
    if (index != null) {
      doc = "(" + doc + ") || jsonb_build_object(" + JsonPathText.sql(index) + ", CASE WHEN " + i + " IS NULL THEN"
          + " CAST('null' AS jsonb) ELSE to_jsonb(" + i + " - 1) END)";
    }
    boolean ordered = pipeline.ordered();
    String n = ordered ? "row_number() OVER (ORDER BY " + e + ".n, " + e + ".i)" : "CAST(0 AS bigint)";
    pipeline.next("SELECT " + doc + " AS doc, " + n + " AS n, " + e + ".doc AS b, " + e + ".v AS u FROM (SELECT " + a
        + ".doc, " + a + ".n, jsonb_array_elements(" + elements + ") AS v, generate_series(1, jsonb_array_length("
        + elements + ")) AS i FROM " + from + ") AS " + e, ordered);
  }
}
