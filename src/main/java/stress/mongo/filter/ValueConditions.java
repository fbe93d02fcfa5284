package stress.mongo.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonRegularExpression;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.Translation;

/**
 * {@code $regex}, {@code $type}, {@code $exists} and {@code $size} on the values at a path, in both forms (jsonpath, and plain SQL for servers
 * without it): as MongoDB, a value at the path or an element of an array there (never an array nested in it)
 * passes; {@code $type: "array"} asks for an array at the path itself. No index on {@code data} serves them.
 */
final class ValueConditions {
  /** MongoDB's type names by number ({@code "number"} has none). */
  private static final Map<Integer, String> NUMBERS = Map.ofEntries(Map.entry(1, "double"), Map.entry(2, "string"),
      Map.entry(3, "object"), Map.entry(4, "array"), Map.entry(5, "binData"), Map.entry(6, "undefined"),
      Map.entry(7, "objectId"), Map.entry(8, "bool"), Map.entry(9, "date"), Map.entry(10, "null"),
      Map.entry(11, "regex"), Map.entry(12, "dbPointer"), Map.entry(13, "javascript"), Map.entry(14, "symbol"),
      Map.entry(15, "javascriptWithScope"), Map.entry(16, "int"), Map.entry(17, "timestamp"), Map.entry(18, "long"),
      Map.entry(19, "decimal"), Map.entry(-1, "minKey"), Map.entry(127, "maxKey"));
  /** The key of the object the importer writes for each BSON type that is not a JSON kind. */
  private static final Map<String, String> WRAPPED = Map.ofEntries(Map.entry("binData", "$binary"),
      Map.entry("undefined", "$undefined"), Map.entry("objectId", "$oid"), Map.entry("date", "$date"),
      Map.entry("regex", "$regularExpression"), Map.entry("dbPointer", "$dbPointer"), Map.entry("symbol", "$symbol"),
      Map.entry("timestamp", "$timestamp"), Map.entry("decimal", "$numberDecimal"), Map.entry("minKey", "$minKey"),
      Map.entry("maxKey", "$maxKey"));
  /** Every key that marks a BSON type written as an object. */
  private static final List<String> MARKS = List.of("$binary", "$undefined", "$oid", "$date", "$regularExpression",
      "$dbPointer", "$symbol", "$timestamp", "$numberDecimal", "$minKey", "$maxKey", "$code", "$numberDouble",
      "$numberInt", "$numberLong");
  private static final List<String> NUMBER_MARKS = List.of("$numberDecimal", "$numberDouble", "$numberInt",
      "$numberLong");
  private final Translation t;
  private final PathValues values;

  ValueConditions(Translation t, PathValues values) {
    this.t = t;
    this.values = values;
  }

  /** A string at the path, or in an array there, matches the regular expression ({@link MongoRegex}). */
  String regex(String jp, BsonRegularExpression r, String root) {
    String are = JsonPathText.sql(MongoRegex.are(r));
    if (!t.target.jsonpath()) {
      return values.any(root, jp, c -> "jsonb_typeof(" + c + ") = 'string' AND ((" + c + " #>> '{}') COLLATE \"C\") ~ "
          + are);
    }
    String q = t.alias();
    return "EXISTS (SELECT 1 FROM jsonb_path_query(" + root + ", " + JsonPathText.sql(jp + " ? (@.type() == \"string\")")
        + ") AS " + q + "(v) WHERE ((" + q + ".v #>> '{}') COLLATE \"C\") ~ " + are + ")";
  }

  /** {@code $type}: one type (a name or a number) or a list of them, any of which the value has. */
  String type(String jp, BsonValue arg, String root) {
    List<BsonValue> types = arg.isArray() ? arg.asArray().getValues() : List.of(arg);
    if (types.isEmpty()) {
      throw new IllegalArgumentException("$type needs at least one type");
    }
    List<String> names = new ArrayList<>();
    List<String> jsonpath = new ArrayList<>();
    boolean array = false;
    for (BsonValue type : types) {
      String name = name(type);
      if (name.equals("array")) {
        array = true;
        continue;
      }
      names.add(name);
      jsonpath.add(jsonPathTest(name));
    }
    List<String> parts = new ArrayList<>();
    if (!names.isEmpty() && t.target.jsonpath()) {
      parts.add(root + " @?? " + JsonPathText.sql(JsonPathText.test(jp, String.join(" || ", jsonpath))));
    } else if (!names.isEmpty()) {
      parts.add(values.any(root, jp, c -> {
        List<String> tests = new ArrayList<>();
        names.forEach(name -> tests.add(sqlTest(name, c)));
        return "(" + String.join(" OR ", tests) + ")";
      }));
    }
    if (array && t.target.jsonpath()) {
      String q = t.alias();
      parts.add("EXISTS (SELECT 1 FROM jsonb_path_query(" + root + ", " + JsonPathText.sql(jp) + ") AS " + q
          + "(v) WHERE jsonb_typeof(" + q + ".v) = 'array')");
    } else if (array) {
      parts.add(values.value(root, jp, v -> "jsonb_typeof(" + v + ") = 'array'"));
    }
    return parts.size() == 1 ? parts.get(0) : "(" + String.join(" OR ", parts) + ")";
  }

  /** {@code $exists}: some value (null included) is at the path, or none is. */
  String exists(String jp, BsonValue arg, String root) {
    boolean wanted;
    if (arg.isBoolean()) {
      wanted = arg.asBoolean().getValue();
    } else if (arg.isNumber()) {
      wanted = arg.asNumber().doubleValue() != 0;
    } else {
      throw new IllegalArgumentException("$exists needs true or false, got " + BsonJson.valueToRelaxedJson(arg));
    }
    return (wanted ? "" : "NOT ") + (t.target.jsonpath() ? root + " @?? " + JsonPathText.sql(jp) : values.exists(root, jp));
  }

  /** {@code $size}: an array of that many elements is at the path. */
  String size(String jp, BsonValue arg, String root) {
    long n;
    if (arg.isInt32() || arg.isInt64()) {
      n = arg.asNumber().longValue();
    } else if (arg.isDouble() && arg.asDouble().getValue() == Math.rint(arg.asDouble().getValue())) {
      n = (long) arg.asDouble().getValue();
    } else {
      throw new IllegalArgumentException("$size needs a whole number, got " + BsonJson.valueToRelaxedJson(arg));
    }
    if (n < 0) {
      throw new IllegalArgumentException("$size needs a number of at least 0, got " + n);
    }
    if (!t.target.jsonpath()) {
      return values.value(root, jp, v -> "jsonb_typeof(" + v + ") = 'array' AND jsonb_array_length(" + v + ") = " + n);
    }
    String q = t.alias();
    return "EXISTS (SELECT 1 FROM jsonb_path_query(" + root + ", " + JsonPathText.sql(jp) + ") AS " + q
        + "(v) WHERE jsonb_typeof(" + q + ".v) = 'array' AND jsonb_array_length(" + q + ".v) = " + n + ")";
  }

  /** MongoDB's name of a type given by name or number; the kinds relaxed Extended JSON does not keep are refused. */
  private static String name(BsonValue type) {
    String name;
    if (type.isString()) {
      name = type.asString().getValue();
      if (!name.equals("number") && !NUMBERS.containsValue(name)) {
        throw new IllegalArgumentException("$type: unknown type name alias: " + name);
      }
    } else if (type.isNumber() && type.asNumber().doubleValue() == Math.rint(type.asNumber().doubleValue())) {
      name = NUMBERS.get(type.asNumber().intValue());
      if (name == null) {
        throw new IllegalArgumentException("$type: invalid numerical type code: " + type.asNumber().intValue());
      }
    } else {
      throw new IllegalArgumentException("$type needs a type name or number, got "
          + BsonJson.valueToRelaxedJson(type));
    }
    if (name.equals("dbPointer")) {
      throw new IllegalArgumentException("$type dbPointer is not supported: the importer writes a DBPointer as a DBRef"
          + " document ({\"$ref\": ..., \"$id\": ...}), which is an object");
    }
    if (name.equals("double") || name.equals("int") || name.equals("long")) {
      throw new IllegalArgumentException("$type " + name + " is not supported: the documents as imported (relaxed"
          + " Extended JSON) do not keep int, long and double apart (5 may have been any of them); use \"number\"");
    }
    return name;
  }

  /** The SQL test that the JSON value {@code c} is of the type. */
  private static String sqlTest(String name, String c) {
    return switch (name) {
      case "string" -> "jsonb_typeof(" + c + ") = 'string'";
      case "bool" -> "jsonb_typeof(" + c + ") = 'boolean'";
      case "null" -> "jsonb_typeof(" + c + ") = 'null'";
      case "number" -> "(jsonb_typeof(" + c + ") = 'number' OR jsonb_typeof(" + c + ") = 'object' AND jsonb_exists_any("
          + c + ", " + keys(NUMBER_MARKS) + "))";
      case "object" -> "(jsonb_typeof(" + c + ") = 'object' AND NOT jsonb_exists_any(" + c + ", " + keys(MARKS) + "))";
      case "javascript", "javascriptWithScope" -> "(jsonb_typeof(" + c + ") = 'object' AND jsonb_exists(" + c
          + ", '$code') AND " + (name.equals("javascript") ? "NOT " : "") + "jsonb_exists(" + c + ", '$scope'))";
      default -> "(jsonb_typeof(" + c + ") = 'object' AND jsonb_exists(" + c + ", "
          + JsonPathText.sql(WRAPPED.get(name)) + "))";
    };
  }

  /** The jsonpath test that {@code @} is of the type. */
  private static String jsonPathTest(String name) {
    return switch (name) {
      case "string" -> "@.type() == \"string\"";
      case "bool" -> "@.type() == \"boolean\"";
      case "null" -> "@.type() == \"null\"";
      case "number" -> "(@.type() == \"number\" || " + exists(NUMBER_MARKS) + ")";
      case "object" -> "(@.type() == \"object\" && !(" + exists(MARKS) + "))";
      case "javascript" -> "(exists(@.\"$code\") && !exists(@.\"$scope\"))";
      case "javascriptWithScope" -> "(exists(@.\"$code\") && exists(@.\"$scope\"))";
      default -> "exists(@." + JsonPathText.string(WRAPPED.get(name)) + ")";
    };
  }

  private static String keys(List<String> keys) {
    List<String> quoted = new ArrayList<>();
    keys.forEach(k -> quoted.add(JsonPathText.sql(k)));
    return "ARRAY[" + String.join(", ", quoted) + "]";
  }

  private static String exists(List<String> keys) {
    List<String> tests = new ArrayList<>();
    keys.forEach(k -> tests.add("exists(@." + JsonPathText.string(k) + ")"));
    return String.join(" || ", tests);
  }
}
