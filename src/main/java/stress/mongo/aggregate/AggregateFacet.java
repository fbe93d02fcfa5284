package stress.mongo.aggregate;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.value.JsonPathText;

/**
 * {@code $facet}: one document with, per name, the array of the documents its pipeline gives from this stage's
 * documents, which a common table expression holds once for all of them.
 */
final class AggregateFacet {
  private AggregateFacet() {}

  static void facet(AggregatePipeline pipeline, BsonDocument spec) {
    if (spec.isEmpty()) {
      throw new IllegalArgumentException("$facet needs at least one named pipeline");
    }
    String input = pipeline.facetInput();
    List<String> pairs = new ArrayList<>();
    for (var e : spec.entrySet()) {
      if (e.getKey().isEmpty() || e.getKey().startsWith("$") || e.getKey().contains(".")) {
        throw new IllegalArgumentException("$facet output '" + e.getKey() + "' must be a plain field name");
      }
      if (!e.getValue().isArray()) {
        throw new IllegalArgumentException("$facet output '" + e.getKey() + "' takes a list of stages");
      }
      for (BsonValue s : e.getValue().asArray()) {
        if (s.isDocument() && s.asDocument().size() == 1 && s.asDocument().getFirstKey().equals("$facet")) {
          throw new IllegalArgumentException("$facet output '" + e.getKey() + "': a $facet cannot hold a $facet");
        }
      }
      String last = pipeline.facetRows(input, e.getValue().asArray());
      String s = AggregatePipeline.alias(last);
      pairs.add(JsonPathText.sql(e.getKey()) + ", (SELECT COALESCE(jsonb_agg(" + s + ".doc ORDER BY " + s + ".n),"
          + " CAST('[]' AS jsonb)) FROM " + last + ")");
    }
    pipeline.next("SELECT jsonb_build_object(" + String.join(", ", pairs) + ") AS doc, CAST(0 AS bigint) AS n", false);
  }
}
