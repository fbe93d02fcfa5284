package stress.app.assess;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import stress.dump.bson.DocumentKinds.Kind;
import stress.report.assess.DataSection.Rule;

/**
 * What {@code stress import} does with each kind of {@link Kind}, as the assessment runs it ({@link #OPTIONS}): read
 * from the import's code (BsonWalker, BsonJson, RelaxedDateConverter, DoubleText, IdConverter) and pinned by
 * DataRulesImportTest, which imports a dump of each kind and reads the row or the rejects file back.
 */
final class DataRules {
  private DataRules() {}

  /** The import's options the rules are for: those ImportStep gives. */
  static final String OPTIONS = "--json-mode relaxed --repeated-fields reject --on-error abort";

  private static final String OBJECT = "a jsonb object where MongoDB holds a scalar: equality, ranges and ordering"
      + " against numbers or strings do not match it";

  static final Map<Kind, Rule> RULES = rules();

  /** Each rule, in the order of the kinds. */
  static List<Rule> all() {
    return List.copyOf(RULES.values());
  }

  static String key(Kind kind) {
    StringBuilder b = new StringBuilder();
    boolean upper = false;
    for (char c : kind.name().toLowerCase(java.util.Locale.ROOT).toCharArray()) {
      if (c == '_') {
        upper = true;
      } else {
        b.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return b.toString();
  }

  private static Map<Kind, Rule> rules() {
    Map<Kind, Rule> m = new EnumMap<>(Kind.class);
    rule(m, Kind.REPEATED_FIELD, "a field name repeated inside one object (MongoDB keeps both values, jsonb one)",
        "rejected", "the rejects file: \"field 'PATH' appears more than once in the same object\"",
        "--repeated-fields last", true, "import with --repeated-fields last (jsonb keeps the last value) or first");
    rule(m, Kind.REPEATED_FIELD_IN_ID, "a field name repeated inside the _id value", "rejected",
        "the rejects file, under every --repeated-fields policy", null, false,
        "rewrite those _ids in MongoDB before the dump");
    rule(m, Kind.NUL_IN_STRING, "U+0000 (NUL) in a string, JavaScript code, symbol or DBPointer namespace (BSON names"
        + " cannot hold it)", "rejected", "the rejects file: \"string contains U+0000 (NUL), which jsonb cannot"
        + " store\"", null, false, "remove or replace the NUL characters in MongoDB before the dump");
    rule(m, Kind.NO_ID, "no _id at the top level", "rejected", "the rejects file: the document has no _id", null,
        false, "give those documents an _id in MongoDB before the dump");
    rule(m, Kind.UNDECODABLE, "bytes that are not a decodable BSON document", "stops-collection",
        "the rejects file; under --on-error abort its collection stops there (the documents after it are not"
        + " loaded)", "--on-error skip", false, "import with --on-error skip to load the documents after it; the"
        + " document itself never loads");
    rule(m, Kind.DOUBLE_NAN, "a double NaN", "stored-as-object", "{\"$numberDouble\": \"NaN\"}: " + OBJECT, null,
        true, "queries that compare the field with numbers skip it; store null or a flag instead if they must not");
    rule(m, Kind.DOUBLE_INFINITY, "a double Infinity or -Infinity", "stored-as-object",
        "{\"$numberDouble\": \"Infinity\"} (\"-Infinity\"): " + OBJECT, null, true,
        "queries that compare the field with numbers skip it");
    rule(m, Kind.DOUBLE_NEGATIVE_ZERO, "a double -0.0", "stored-changed", "0.0: jsonb's numeric has no negative"
        + " zero", "--json-mode canonical", true, "import with --json-mode canonical to keep {\"$numberDouble\":"
        + " \"-0.0\"} (every number is then an object), or accept 0.0");
    rule(m, Kind.DECIMAL128, "a Decimal128 value", "stored-as-object", "{\"$numberDecimal\": \"TEXT\"}: every digit"
        + " kept, as a string inside an object, so " + OBJECT, null, true,
        "compare with (data->'f'->>'$numberDecimal')::numeric in SQL");
    rule(m, Kind.DECIMAL128_NAN_OR_INFINITY, "a Decimal128 NaN or Infinity", "stored-as-object",
        "{\"$numberDecimal\": \"NaN\"} (\"Infinity\", \"-Infinity\"): a cast to numeric takes NaN and the"
        + " infinities (PostgreSQL 14 and later)", null, true, "as for other Decimal128 values");
    rule(m, Kind.DATE_OUTSIDE_ISO, "a date before 1970 or after 9999", "stored-as-object",
        "{\"$date\": {\"$numberLong\": \"MILLIS\"}} where dates of 1970-9999 are {\"$date\": \"ISO-8601\"}: ranges over"
        + " the ISO strings do not match it", "--json-mode canonical", true, "import with --json-mode canonical to"
        + " write every date as {\"$date\": {\"$numberLong\": ...}}, one form for all");
    rule(m, Kind.JAVASCRIPT, "JavaScript code", "stored-as-object", "{\"$code\": \"...\"}", null, true,
        "nothing runs it on PostgreSQL");
    rule(m, Kind.JAVASCRIPT_WITH_SCOPE, "JavaScript code with scope (deprecated)", "stored-as-object",
        "{\"$code\": \"...\", \"$scope\": {...}}", null, true, "nothing runs it on PostgreSQL");
    rule(m, Kind.DB_POINTER, "a DBPointer (deprecated)", "stored-as-object", "{\"$ref\": \"NS\", \"$id\": {\"$oid\":"
        + " \"...\"}}, a DBRef's shape", "--json-mode canonical", true,
        "import with --json-mode canonical to keep {\"$dbPointer\": ...} if the type matters");
    rule(m, Kind.SYMBOL, "a symbol (deprecated)", "stored-as-object", "{\"$symbol\": \"...\"}: " + OBJECT, null,
        true, "convert symbols to strings in MongoDB before the dump if queries compare them with strings");
    rule(m, Kind.UNDEFINED, "undefined (deprecated)", "stored-as-object", "{\"$undefined\": true}, not null", null,
        true, "convert undefined to null in MongoDB before the dump if queries test for null");
    rule(m, Kind.MIN_KEY, "MinKey", "stored-as-object", "{\"$minKey\": 1}: it sorts as an object, not below every"
        + " value", null, true, "nothing to do unless queries rely on its ordering");
    rule(m, Kind.MAX_KEY, "MaxKey", "stored-as-object", "{\"$maxKey\": 1}: it sorts as an object, not above every"
        + " value", null, true, "nothing to do unless queries rely on its ordering");
    rule(m, Kind.REGULAR_EXPRESSION, "a regular expression value", "stored-as-object",
        "{\"$regularExpression\": {\"pattern\": \"...\", \"options\": \"...\"}}", null, true,
        "a query that matches strings with the stored pattern must read it from the object");
    rule(m, Kind.TIMESTAMP, "a BSON timestamp", "stored-as-object", "{\"$timestamp\": {\"t\": SECONDS, \"i\":"
        + " N}}: " + OBJECT, null, true, "compare data->'f'->'$timestamp'->'t' in SQL");
    rule(m, Kind.BINARY, "binary data (UUIDs included)", "stored-as-object", "{\"$binary\": {\"base64\": \"...\","
        + " \"subType\": \"XX\"}}", null, true, "compare the base64 text; a UUID _id alone gets a uuid column");
    return m;
  }

  private static void rule(Map<Kind, Rule> m, Kind kind, String what, String outcome, String storedAs, String option,
                           boolean loadable, String change) {
    // a kind that is loaded anyway has nothing an option loads: the field is about rejected documents
    m.put(kind, new Rule(key(kind), what, outcome, storedAs, option, outcome.equals("rejected") && loadable,
        change));
  }
}
