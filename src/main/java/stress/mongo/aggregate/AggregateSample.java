package stress.mongo.aggregate;

import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.value.Translation;

/**
 * {@code $sample}: n documents drawn at random, without repeats (all of them, in a random order, when there are
 * fewer). {@code ORDER BY random() LIMIT n} reads every document of the stage before once and keeps the n of
 * smallest key (a top-n sort): always n documents where there are n, unlike {@code TABLESAMPLE}, which reads fewer
 * pages but returns a number of rows that varies (bench/notes/sample-methods.md).
 */
final class AggregateSample {
  private AggregateSample() {}

  /** The stage: n documents of the stage before drawn at random; the documents out have no order. */
  static void sample(AggregatePipeline pipeline, BsonDocument spec) {
    String count = size(pipeline.expressions().translation(), spec);
    String from = pipeline.from();
    String a = AggregatePipeline.alias(from);
    pipeline.next("SELECT " + a + ".doc, CAST(0 AS bigint) AS n FROM " + from + " ORDER BY random() LIMIT " + count,
        false, false);
  }

  /** The LIMIT of the stage: its size as MongoDB reads it (a literal, or a placeholder), with MongoDB's refusals. */
  private static String size(Translation t, BsonDocument spec) {
    for (String key : spec.keySet()) {
      if (!key.equals("size")) {
        throw new IllegalArgumentException("unrecognized option to $sample: " + key);
      }
    }
    if (!spec.containsKey("size")) {
      throw new IllegalArgumentException("$sample stage must specify a size");
    }
    BsonValue size = spec.get("size");
    String count;
    int p = t.parameters.indexOf(size);
    if (p >= 0) {
      count = t.placeholder(p, v -> v);
    } else if (size.isNumber() || size.isDecimal128()) {
      long n = sampleSize(size);
      if (n < 0) {
        throw new IllegalArgumentException("size argument to $sample must not be negative");
      }
      count = Long.toString(n);
    } else {
      throw new IllegalArgumentException("size argument to $sample must be a number, got "
          + stress.dump.bson.BsonJson.valueToRelaxedJson(size));
    }
    return count;
  }

  /** The size as MongoDB reads it: a number cut to a whole one (2.9 is 2), NaN 0, beyond a long its bound. */
  private static long sampleSize(BsonValue size) {
    if (size.isInt32() || size.isInt64()) {
      return size.asNumber().longValue();
    }
    double d;
    if (size.isDecimal128()) {
      org.bson.types.Decimal128 v = size.asDecimal128().getValue();
      d = v.isNaN() ? Double.NaN : v.isInfinite() ? (v.isNegative() ? -1 : 1) * Double.POSITIVE_INFINITY
          : v.bigDecimalValue().doubleValue();
    } else {
      d = size.asDouble().getValue();
    }
    return Double.isNaN(d) ? 0 : (long) d; // Java's cast truncates and saturates as safeNumberLong does
  }
}
