package stress.mongo.update;

import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.value.BsonOrder;
import stress.mongo.value.Translation;

/**
 * {@code $min} and {@code $max} of an update ({@link UpdateTranslator}): the operand replaces the field when it is
 * below (above) the value there, or the field is missing, in MongoDB's order of BSON values ({@link BsonOrder}). An
 * equal value is kept, so an int 5 stays an int under {@code $min: 5.0}.
 */
final class UpdateMinMax {
  private final Translation t;
  private final UpdateRefusals refusals;

  UpdateMinMax(Translation t, UpdateRefusals refusals) {
    this.t = t;
    this.refusals = refusals;
  }

  /** The data after the change, around the data before it. */
  String apply(String data, UpdateChange c) {
    String operand = operand(c);
    String op = c.op().equals("$min") ? " > " : " < ";
    String replaced = "k.o IS NULL OR " + BsonOrder.ordered("k.o") + op + BsonOrder.ordered("k.c");
    return "jsonb_set(" + data + ", " + c.sqlPath() + ", (SELECT CASE WHEN " + replaced + " THEN k.c ELSE k.o END"
        + " FROM (SELECT " + refusals.at(c.path()) + " AS o, " + operand + " AS c) AS k), true)";
  }

  /**
   * The operand as jsonb. A document or an array is refused: MongoDB compares two of them element by element, which
   * is not written here (a parameter drawing one keeps the field as it is).
   */
  private String operand(UpdateChange c) {
    BsonValue v = c.value();
    if (t.parameters.indexOf(v) < 0) {
      switch (v.getBsonType()) {
        case DOCUMENT, ARRAY, JAVASCRIPT_WITH_SCOPE, DB_POINTER ->
            throw new IllegalArgumentException(c.op() + " on '" + c.path() + "' with " + BsonJson.valueToRelaxedJson(v)
                + ": a " + v.getBsonType().name().toLowerCase(java.util.Locale.ROOT) + " operand is not supported"
                + " (MongoDB compares two of them element by element); use a number, string, date, ObjectId,"
                + " boolean, timestamp, BinData, regular expression or null");
        default -> { }
      }
    }
    return UpdateFields.value(t, v);
  }
}
