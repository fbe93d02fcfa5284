package stress.mongo.update;

import java.util.ArrayList;
import java.util.List;
import stress.mongo.value.FailingCast;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;

/**
 * The updates MongoDB refuses for what a document holds, checked by the UPDATE itself: the new {@code data} is
 * {@code CASE WHEN <refused> THEN <an error> ... ELSE <the new data> END}, so a refused document fails the whole
 * statement and nothing changes. Plain SQL has no RAISE, and the tool creates no functions (Citus would have to
 * distribute them, Postgres-XL may not allow them), so the error is a cast that fails:
 * {@code CAST('refused as in MongoDB: <MongoDB's reason>' AS integer)} raises SQLSTATE 22P02 with the text in its
 * message ({@code invalid input syntax for type integer: "refused as in MongoDB: Cannot apply $inc ..."}). The text
 * names the document's {@code _id} or value, so the cast is never a constant that the planner would evaluate ahead.
 *
 * <p>Every function here is immutable (no {@code to_jsonb}, {@code jsonb_build_*} or {@code text || non-text},
 * which are stable): Citus refuses an UPDATE with a stable function inside CASE or COALESCE, or given a column.
 */
public final class UpdateRefusals {
  /** Prefix of every refusal's text, before MongoDB's own message. */
  public static final String PREFIX = "refused as in MongoDB: ";
  /**
   * The objects the importer writes for BSON types that are not documents (relaxed Extended JSON; $numberInt and
   * $numberLong only in canonical form), by the key that marks them, with MongoDB's name of the type.
   */
  private static final String[][] WRAPPERS = {
      {"$oid", "objectId"}, {"$date", "date"}, {"$numberDecimal", "decimal"}, {"$numberDouble", "double"},
      {"$numberInt", "int"}, {"$numberLong", "long"}, {"$binary", "binData"}, {"$regularExpression", "regex"},
      {"$timestamp", "timestamp"}, {"$minKey", "minKey"}, {"$maxKey", "maxKey"}, {"$undefined", "undefined"},
      {"$symbol", "symbol"}, {"$code", "javascript"}, {"$dbPointer", "dbPointer"}};
  /** The longest value text a message shows. */
  private static final int SHOWN = 100;

  private final List<String> whens = new ArrayList<>();
  /** The value the change's paths start from, as it was: {@code data}, or an array element's wrapper. */
  private final String root;
  /** In an array element's wrapper ({@code {"v": element}}): the element's index and its path, as SQL text. */
  private final String index;
  private final String elementPath;

  /** The refusals of changes to the document. */
  UpdateRefusals() {
    this("data", null, null);
  }

  /**
   * The refusals of changes to an array element in its wrapper {@code root} ({@code {"v": element}}, the paths begin
   * with {@code v}): MongoDB names the element by its index ({@code index}, SQL text) and its dotted path
   * ({@code elementPath}, SQL text, e.g. {@code 'a.' || ...}).
   */
  UpdateRefusals(String root, String index, String elementPath) {
    this.root = root;
    this.index = index;
    this.elementPath = elementPath;
  }

  /** The new data, with the refusals checked first. */
  String around(String data) {
    return whens.isEmpty() ? data : "CASE " + String.join(" ", whens) + " ELSE " + data + " END";
  }

  /**
   * A field created below {@code parent}: refused when the parent holds anything but a document (a scalar, null, an
   * array, or a BSON type written as an object), as MongoDB refuses "Cannot create field 'b' in element {a: 5}".
   */
  void parent(MongoPath parent, String field) {
    cannotCreate("", parent, field);
  }

  /**
   * A {@code $rename} (when {@code guard} holds) whose source or target path goes through {@code prefix}: refused when
   * it holds anything but a document, as MongoDB refuses a path it cannot traverse.
   */
  void notViable(String guard, MongoPath prefix, MongoPath path) {
    String v = at(prefix);
    String last = prefix.keys().get(prefix.keys().size() - 1); // a $rename never changes an array element
    whens.add("WHEN " + guard + " AND (jsonb_typeof(" + v + ") <> 'object' OR jsonb_exists_any(" + v + ", "
        + wrapperKeys() + ")) THEN " + FailingCast.fail(JsonPathText.sql(PREFIX + "cannot use the part (" + last + " of "
        + path + ") to traverse the element ({" + last + ": ") + " || " + shown(v) + " || '})'"));
  }

  private void cannotCreate(String guard, MongoPath parent, String field) {
    String v = at(parent);
    whens.add("WHEN " + guard + "(jsonb_typeof(" + v + ") <> 'object' OR jsonb_exists_any(" + v + ", "
        + wrapperKeys() + ")) THEN " + FailingCast.fail(JsonPathText.sql(PREFIX + "Cannot create field '" + field
        + "' in element {") + " || " + last(parent) + " || ': ' || " + shown(v) + " || '}'"));
  }

  /**
   * {@code $[]} or {@code $[x]} in a path: the array before it must exist ("The path 'a' must exist in the document in
   * order to apply array updates.") and be an array ("Cannot apply array updates to non-array element a: 5").
   */
  void arrayUpdate(MongoPath array) {
    String v = at(array);
    whens.add("WHEN " + v + " IS NULL THEN " + FailingCast.fail(JsonPathText.sql(PREFIX + "The path '") + " || " + dotted(array)
        + " || " + JsonPathText.sql("' must exist in the document in order to apply array updates.")
        + " || left(" + id() + ", 0)"));
    whens.add("WHEN jsonb_typeof(" + v + ") <> 'array' THEN " + FailingCast.fail(JsonPathText.sql(PREFIX
        + "Cannot apply array updates to non-array element ") + " || " + last(array) + " || ': ' || " + shown(v)));
  }

  /** {@code $addToSet} onto a value that is not an array (a missing field is created). */
  void addToSet(MongoPath path) {
    String v = at(path);
    whens.add("WHEN jsonb_typeof(" + v + ") <> 'array' THEN "
        + FailingCast.fail(JsonPathText.sql(PREFIX + "Cannot apply $addToSet to non-array field. Field named '") + " || "
        + last(path) + " || " + JsonPathText.sql("' has non-array type ") + " || " + typeName(v, true)));
  }

  /** {@code $pull} or {@code $pullAll} (the operator) of a value that is not an array (a missing one is kept so). */
  void cull(String operator, MongoPath path) {
    whens.add("WHEN jsonb_typeof(" + at(path) + ") <> 'array' THEN "
        + FailingCast.fail(JsonPathText.sql(PREFIX + "Cannot apply " + operator + " to a non-array value") + " || "
        + JsonPathText.sql(" (_id: ") + " || " + id() + " || ')'"));
  }

  /** {@code $inc} or {@code $mul} (the operator) of a value that is not a number (a missing field is created). */
  void arithmetic(String operator, MongoPath path) {
    String v = at(path);
    whens.add("WHEN jsonb_typeof(" + v + ") <> 'number' AND NOT (jsonb_typeof(" + v + ") = 'object'"
        + " AND jsonb_exists_any(" + v + ", ARRAY['$numberDecimal', '$numberDouble'])) THEN "
        + FailingCast.fail(JsonPathText.sql(PREFIX + "Cannot apply " + operator + " to a value of non-numeric type. {_id: ") + " || "
        + id() + " || " + JsonPathText.sql("} has the field '") + " || " + last(path) + " || "
        + JsonPathText.sql("' of non-numeric type ") + " || " + typeName(v, false)));
  }

  /** {@code $push} onto a value that is not an array (a missing field is created). */
  void push(MongoPath path) {
    String v = at(path);
    whens.add("WHEN jsonb_typeof(" + v + ") <> 'array' THEN "
        + FailingCast.fail(JsonPathText.sql(PREFIX + "The field '") + " || " + last(path) + " || "
        + JsonPathText.sql("' must be an array but is of type ") + " || " + typeName(v, true) + " || "
        + JsonPathText.sql(" in document {_id: ") + " || " + id() + " || '}'"));
  }

  /** {@code $pop} of a value that is not an array (a missing field changes nothing). */
  void pop(MongoPath path) {
    String v = at(path);
    whens.add("WHEN jsonb_typeof(" + v + ") <> 'array' THEN "
        + FailingCast.fail(JsonPathText.sql(PREFIX + "Path '" + path + "' contains an element of non-array type '") + " || "
        + typeName(v, true) + " || ''''"));
  }

  /** The value at a path of the document (or element) as it was. */
  String at(MongoPath path) {
    return root + " #> " + JsonPathText.sql(path.textArray());
  }

  /** The document (or element wrapper) as it was. */
  String root() {
    return root;
  }

  /** The keys of {@link #WRAPPERS}, as a text[]. */
  static String wrapperKeys() {
    StringBuilder b = new StringBuilder("ARRAY[");
    for (int i = 0; i < WRAPPERS.length; i++) {
      b.append(i == 0 ? "" : ", ").append(JsonPathText.sql(WRAPPERS[i][0]));
    }
    return b.append(']').toString();
  }

  /** The last key of a path as MongoDB names it (an element by its index), as SQL text. */
  private String last(MongoPath path) {
    return index != null && path.keys().size() == 1 ? index : JsonPathText.sql(path.keys().get(path.keys().size() - 1));
  }

  /** The dotted path as MongoDB names it (an element by its path), as SQL text. */
  String dotted(MongoPath path) {
    if (index == null) {
      return JsonPathText.sql(path.toString());
    }
    List<String> rest = path.keys().subList(1, path.keys().size());
    return elementPath + (rest.isEmpty() ? "" : " || " + JsonPathText.sql("." + String.join(".", rest)));
  }

  private static String id() {
    return "CAST(_id AS text)";
  }

  /** The value's JSON text, cut after {@value #SHOWN} characters. */
  private static String shown(String v) {
    String text = "CAST(" + v + " AS text)";
    return "left(" + text + ", " + SHOWN + ") || CASE WHEN length(" + text + ") > " + SHOWN + " THEN '...' ELSE '' END";
  }

  /**
   * MongoDB's name of the value's type: a number with a point or exponent is a double, else an int or a long by
   * size (JSON keeps no BSON number type); an object that marks a BSON type is named by its key. Without
   * {@code numbers} the value is known not to be a JSON number.
   */
  private static String typeName(String v, boolean numbers) {
    String text = "CAST(" + v + " AS text)";
    StringBuilder names = new StringBuilder("{");
    for (int i = 0; i < WRAPPERS.length; i++) {
      names.append(i == 0 ? "" : ", ").append('"').append(WRAPPERS[i][0]).append("\": \"").append(WRAPPERS[i][1])
          .append('"');
    }
    names.append('}');
    String type = "jsonb_typeof(" + v + ")";
    // searched CASE only: Citus 13 deparses a simple CASE (CASE x WHEN 'a') of a prepared statement as WHEN NULL::boolean
    String number = !numbers ? "" : " WHEN " + type + " = 'number' THEN CASE WHEN " + text + " ~ '[.eE]' THEN 'double'"
        + " WHEN abs(CAST(" + text + " AS numeric)) < 2147483648 THEN 'int' ELSE 'long' END";
    return "CASE" + number + " WHEN " + type + " = 'boolean' THEN 'bool' WHEN " + type + " = 'object' THEN COALESCE(CAST("
        + JsonPathText.sql(names.toString()) + " AS jsonb) ->> substring(" + text
        + " from '^\\{\"(\\$[A-Za-z]+)\"'), 'object') ELSE jsonb_typeof(" + v + ") END";
  }
}
