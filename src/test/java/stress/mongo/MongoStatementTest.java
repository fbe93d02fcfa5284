package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFacts;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;

/** MongoDB-style operations → SQL, case by case; refusals name the operator. */
class MongoStatementTest {
  private static final Parameters PARAMS = new Parameters(List.of("city", "n"));

  private static String where(String filter) {
    String sql = withoutDecimals("find", BsonDocument.parse("{filter: " + filter + "}"))
        .statement().sql();
    String prefix = "SELECT _id, data FROM {table}";
    return sql.equals(prefix) ? "" : sql.substring(prefix.length() + " WHERE ".length());
  }

  /**
   * The general form (arrays possible, no typed form) on paths whose facts list no Decimal128. With arrays possible
   * a Decimal128 inside one still can be (the facts give the kinds at the path, not inside an array), so a numeric
   * comparison keeps its comparison of decimals; the others are written without it.
   */
  private static MongoStatement withoutDecimals(String kind, BsonDocument spec) {
    java.util.Set<String> kinds = new java.util.HashSet<>(PathFacts.KINDS);
    kinds.remove(PathFacts.DECIMAL);
    java.util.Map<String, PathFacts> facts = new java.util.HashMap<>();
    for (String path : MongoStatement.translate(kind, spec, PARAMS).paths()) {
      facts.put(path, new PathFacts(true, kinds));
    }
    for (String path : java.util.List.of("a", "a.b", "b", "status", "o", "d", "city", "n")) {
      facts.put(path, new PathFacts(true, kinds));
    }
    return MongoStatement.translate(kind, spec, PARAMS,
        new TranslationTarget(new PathCatalog(facts, "test"), true, java.util.Map.of()));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "{} => ~~",
      "{status: 'A'} => data @?? 'lax $.\"status\" ? (@.type() != \"array\" && (@ == \"A\"))'",
      "{'a.b': 1} => (data @?? 'lax $.\"a\".\"b\" ? (@.type() != \"array\" && (@ == 1))' OR EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\".\"b\" ? (@.type() != \"array\" && (exists(@.\"$numberDecimal\")))') AS q1(v) WHERE (CASE WHEN jsonb_typeof(q1.v) <> 'object' THEN NULL WHEN (q1.v ->> '$numberDecimal') ~ '^-{0,1}[0-9]+([.][0-9]+){0,1}([eE][-+]{0,1}[0-9]+){0,1}$' THEN CAST((q1.v ->> '$numberDecimal') AS numeric) WHEN (q1.v ->> '$numberDecimal') = 'Infinity' THEN CAST('Infinity' AS numeric) WHEN (q1.v ->> '$numberDecimal') = '-Infinity' THEN CAST('-Infinity' AS numeric) END) = CAST('1' AS numeric)))",
      "{a: {$in: [1, 'x']}} => data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ == 1 || @ == \"x\"))'",
      "{a: {$gt: 5, $lte: 9.5}} => ((data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ > 5))' OR EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() != \"array\" && (exists(@.\"$numberDecimal\")))') AS q1(v) WHERE (CASE WHEN jsonb_typeof(q1.v) <> 'object' THEN NULL WHEN (q1.v ->> '$numberDecimal') ~ '^-{0,1}[0-9]+([.][0-9]+){0,1}([eE][-+]{0,1}[0-9]+){0,1}$' THEN CAST((q1.v ->> '$numberDecimal') AS numeric) WHEN (q1.v ->> '$numberDecimal') = 'Infinity' THEN CAST('Infinity' AS numeric) WHEN (q1.v ->> '$numberDecimal') = '-Infinity' THEN CAST('-Infinity' AS numeric) END) > CAST('5' AS numeric))) AND (data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ <= 9.5))' OR EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() != \"array\" && (exists(@.\"$numberDecimal\")))') AS q2(v) WHERE (CASE WHEN jsonb_typeof(q2.v) <> 'object' THEN NULL WHEN (q2.v ->> '$numberDecimal') ~ '^-{0,1}[0-9]+([.][0-9]+){0,1}([eE][-+]{0,1}[0-9]+){0,1}$' THEN CAST((q2.v ->> '$numberDecimal') AS numeric) WHEN (q2.v ->> '$numberDecimal') = 'Infinity' THEN CAST('Infinity' AS numeric) WHEN (q2.v ->> '$numberDecimal') = '-Infinity' THEN CAST('-Infinity' AS numeric) END) <= CAST('9.5' AS numeric))))",
      "{a: {$ne: \"it's\"}} => NOT data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ == \"it''s\"))'",
      "{a: null} => (NOT data @?? 'lax $.\"a\"' OR data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ == null))')",
      "{a: {$exists: false}} => NOT data @?? 'lax $.\"a\"'",
      "{o: {$oid: '5ca4bbc7a2dd94ee5816238d'}} => data @?? 'lax $.\"o\" ? (@.type() != \"array\" && (@.\"$oid\" == \"5ca4bbc7a2dd94ee5816238d\"))'",
      "{d: {$date: '2024-05-06T07:08:09.120Z'}} => data @?? 'lax $.\"d\" ? (@.type() != \"array\" && (@.\"$date\" == \"2024-05-06T07:08:09.12Z\"))'",
      "{$or: [{a: 1}, {b: 2}]} => ((data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ == 1))' OR EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() != \"array\" && (exists(@.\"$numberDecimal\")))') AS q1(v) WHERE (CASE WHEN jsonb_typeof(q1.v) <> 'object' THEN NULL WHEN (q1.v ->> '$numberDecimal') ~ '^-{0,1}[0-9]+([.][0-9]+){0,1}([eE][-+]{0,1}[0-9]+){0,1}$' THEN CAST((q1.v ->> '$numberDecimal') AS numeric) WHEN (q1.v ->> '$numberDecimal') = 'Infinity' THEN CAST('Infinity' AS numeric) WHEN (q1.v ->> '$numberDecimal') = '-Infinity' THEN CAST('-Infinity' AS numeric) END) = CAST('1' AS numeric))) OR (data @?? 'lax $.\"b\" ? (@.type() != \"array\" && (@ == 2))' OR EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"b\" ? (@.type() != \"array\" && (exists(@.\"$numberDecimal\")))') AS q2(v) WHERE (CASE WHEN jsonb_typeof(q2.v) <> 'object' THEN NULL WHEN (q2.v ->> '$numberDecimal') ~ '^-{0,1}[0-9]+([.][0-9]+){0,1}([eE][-+]{0,1}[0-9]+){0,1}$' THEN CAST((q2.v ->> '$numberDecimal') AS numeric) WHEN (q2.v ->> '$numberDecimal') = 'Infinity' THEN CAST('Infinity' AS numeric) WHEN (q2.v ->> '$numberDecimal') = '-Infinity' THEN CAST('-Infinity' AS numeric) END) = CAST('2' AS numeric))))",
      "{$nor: [{a: 1}]} => NOT ((data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ == 1))' OR EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() != \"array\" && (exists(@.\"$numberDecimal\")))') AS q1(v) WHERE (CASE WHEN jsonb_typeof(q1.v) <> 'object' THEN NULL WHEN (q1.v ->> '$numberDecimal') ~ '^-{0,1}[0-9]+([.][0-9]+){0,1}([eE][-+]{0,1}[0-9]+){0,1}$' THEN CAST((q1.v ->> '$numberDecimal') AS numeric) WHEN (q1.v ->> '$numberDecimal') = 'Infinity' THEN CAST('Infinity' AS numeric) WHEN (q1.v ->> '$numberDecimal') = '-Infinity' THEN CAST('-Infinity' AS numeric) END) = CAST('1' AS numeric))))",
      "{a: {$not: {$gt: 1}}} => NOT (data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ > 1))' OR EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() != \"array\" && (exists(@.\"$numberDecimal\")))') AS q1(v) WHERE (CASE WHEN jsonb_typeof(q1.v) <> 'object' THEN NULL WHEN (q1.v ->> '$numberDecimal') ~ '^-{0,1}[0-9]+([.][0-9]+){0,1}([eE][-+]{0,1}[0-9]+){0,1}$' THEN CAST((q1.v ->> '$numberDecimal') AS numeric) WHEN (q1.v ->> '$numberDecimal') = 'Infinity' THEN CAST('Infinity' AS numeric) WHEN (q1.v ->> '$numberDecimal') = '-Infinity' THEN CAST('-Infinity' AS numeric) END) > CAST('1' AS numeric)))",
      "{city: ':city'} => data @?? CAST(? AS jsonpath)",
      "{a: {$size: 2}} => EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\"') AS q1(v) WHERE jsonb_typeof(q1.v) = 'array' AND jsonb_array_length(q1.v) = 2)",
      "{_id: ':n'} => _id = ?",
      "{$comment: 'from the app', status: 'A'} => data @?? 'lax $.\"status\" ? (@.type() != \"array\" && (@ == \"A\"))'",
      "{a: /^x/i} => EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() == \"string\")') AS q1(v) WHERE ((q1.v #>> '{}') COLLATE \"C\") ~ '(?i)^x')",
      "{a: {$regex: 'a.c$', $options: 'm'}} => EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() == \"string\")') AS q1(v) WHERE ((q1.v #>> '{}') COLLATE \"C\") ~ 'a[^\\n]c(?=\\n|\\Z)')",
      "{a: {$regex: 'a.c$'}} => EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() == \"string\")') AS q1(v) WHERE ((q1.v #>> '{}') COLLATE \"C\") ~ 'a[^\\n]c(?=\\n?\\Z)')",
      "{a: {$regex: '\\\\bx\\\\x41+?', $options: 's'}} => EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() == \"string\")') AS q1(v) WHERE ((q1.v #>> '{}') COLLATE \"C\") ~ '\\yx\\u0041+?')",
      "{a: {$in: [/^x/, 'y']}} => (data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ == \"y\"))' OR EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() == \"string\")') AS q1(v) WHERE ((q1.v #>> '{}') COLLATE \"C\") ~ '^x'))",
      "{a: {$type: 'string'}} => data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@.type() == \"string\"))'",
      "{a: {$type: 7}} => data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (exists(@.\"$oid\")))'",
      "{a: {$type: 'array'}} => EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\"') AS q1(v) WHERE jsonb_typeof(q1.v) = 'array')",
  })
  void filters(String filter, String expected) {
    assertEquals(expected == null ? "" : expected, where(filter));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "INTEGER => _id IN ('3')",
      "DOUBLE => _id IN ('3')",
      "TEXT => _id IN ('3', '3.0')",
  })
  void anIdEqualityFitsTheColumn(IdType type, String expected) {
    assertEquals(expected, IdLiteral.resolve(where("{_id: 3}"), type));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "{a: {$mod: [2, 0]}} => operator $mod is not supported",
      "{$where: 'x'} => operator $where runs JavaScript on the MongoDB server, which stress never translates to SQL;"
          + " write the condition as {$expr: ...}",
      "{a: {$gtx: 1}} => operator $gtx is not supported; did you mean $gt or $gte?; supported: $all,",
      "{a: {$gt: [1]}} => $gt with a array value is not supported",
      "{a: {$gt: 1, b: 2}} => a condition mixes operators and field names",
      "{'a.0.b': 1} => array positions such as '.0' are not supported",
      "{a: ':nope'} => parameter :nope is not declared under 'params'",
      "{a: {$size: -1}} => $size needs a number of at least 0",
      "{_id: {$size: 1}} => operator $size on _id is not supported",
      "{a: {$regex: 'a++'}} => $regex /a++/: possessive quantifiers ('++') are not supported",
      "{a: /(?i)x/} => $regex /(?i)x/: the group '(?i)' is not supported (named groups, inline options",
      "{a: /(a)\\1/} => $regex /(a)\\1/: back references and octal escapes (\\1) are not supported",
      "{a: /\\p{L}/} => $regex /\\p{L}/: the escape \\p is not supported",
      "{a: /x{1,300}/} => $regex /x{1,300}/: a bound above 255 ({300}) is not supported",
      "{a: /[\\W]/} => $regex /[\\W]/: \\W inside [...] is not supported",
      "{a: /\u00e9/i} => $regex /\u00e9/i: option i with the non-ASCII letter '\u00e9': PCRE folds its case",
      "{a: {$regex: 'x', $options: 'g'}} => $regex /x/g: option 'g' is not one of MongoDB's (i, m, s, x, u)",
      "{a: {$options: 'i'}} => $options needs a $regex beside it",
      "{a: {$regex: 5}} => $regex needs a string or a regular expression, got int32",
      "{a: {$type: 'int'}} => $type int is not supported: the documents as imported (relaxed Extended JSON) do not keep int, long and double apart",
      "{a: {$type: 1}} => $type double is not supported",
      "{a: {$type: 12}} => $type dbPointer is not supported",
      "{a: {$type: 'text'}} => $type: unknown type name alias: text",
      "{a: {$type: []}} => $type needs at least one type",
      "{a: {$elemMatch: {$expr: {$eq: ['$b', 1]}}}} => $expr can only be applied to the top-level document",
      "{a: {$all: [{$elemMatch: {b: 1}}, 5]}} => $all: no $elemMatch expression can be mixed with other values",
  })
  void refusals(String filter, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> where(filter));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "updateOne => {filter: {_id: 1}, update: {$set: {a: 1}}} => UPDATE {table} SET data = jsonb_set(data, '{\"a\"}', CAST('1' AS jsonb), true) WHERE _id IN (\u0001'1'\u0001'1', '1.0'\u0001)",
      "updateMany => {filter: {}, update: {$unset: {a: 1}}} => UPDATE {table} SET data = (data #- '{\"a\"}')",
      "updateOne => {filter: {a: 1}, update: {$set: {n: 2}}} => UPDATE {table} SET data = jsonb_set(data, '{\"n\"}', CAST('2' AS jsonb), true) WHERE _id = (SELECT _id FROM {table} WHERE (data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ == 1))' OR EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() != \"array\" && (exists(@.\"$numberDecimal\")))') AS q1(v) WHERE (CASE WHEN jsonb_typeof(q1.v) <> 'object' THEN NULL WHEN (q1.v ->> '$numberDecimal') ~ '^-{0,1}[0-9]+([.][0-9]+){0,1}([eE][-+]{0,1}[0-9]+){0,1}$' THEN CAST((q1.v ->> '$numberDecimal') AS numeric) WHEN (q1.v ->> '$numberDecimal') = 'Infinity' THEN CAST('Infinity' AS numeric) WHEN (q1.v ->> '$numberDecimal') = '-Infinity' THEN CAST('-Infinity' AS numeric) END) = CAST('1' AS numeric))) LIMIT 1)",
      "deleteMany => {filter: {a: 1}} => DELETE FROM {table} WHERE (data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ == 1))' OR EXISTS (SELECT 1 FROM jsonb_path_query(data, 'lax $.\"a\" ? (@.type() != \"array\" && (exists(@.\"$numberDecimal\")))') AS q1(v) WHERE (CASE WHEN jsonb_typeof(q1.v) <> 'object' THEN NULL WHEN (q1.v ->> '$numberDecimal') ~ '^-{0,1}[0-9]+([.][0-9]+){0,1}([eE][-+]{0,1}[0-9]+){0,1}$' THEN CAST((q1.v ->> '$numberDecimal') AS numeric) WHEN (q1.v ->> '$numberDecimal') = 'Infinity' THEN CAST('Infinity' AS numeric) WHEN (q1.v ->> '$numberDecimal') = '-Infinity' THEN CAST('-Infinity' AS numeric) END) = CAST('1' AS numeric)))",
      "countDocuments => {filter: {}} => SELECT count(*) FROM {table}",
      "find => {filter: {}, sort: {_id: -1}, limit: 3, skip: 1, projection: {a: 0}} => SELECT _id, (data - 'a') FROM {table} ORDER BY _id DESC LIMIT 3 OFFSET 1",
  })
  void statements(String kind, String spec, String expected) {
    assertEquals(expected.replace("\\u0001", "\u0001"),
        withoutDecimals(kind, BsonDocument.parse(spec)).statement().sql());
  }

  @org.junit.jupiter.api.Test
  void setCreatesMissingParentsOnceAndReadsTheDocumentAsItWas() {
    String sql = MongoStatement.translate("updateMany",
        BsonDocument.parse("{update: {$set: {'m.a': 1, 'm.b': ':city'}, $push: {log: 2}}}"), PARAMS).statement().sql();
    // the changes are the ELSE of the refusals (MongoUpdateSemanticsTest)
    assertTrue(sql.startsWith("UPDATE {table} SET data = CASE WHEN "), sql);
    assertTrue(sql.endsWith(" ELSE jsonb_set(jsonb_set(jsonb_set(jsonb_set(data, '{\"m\"}', COALESCE(data #> "
        + "'{\"m\"}', '{}'), true), '{\"m\",\"a\"}', CAST('1' AS jsonb), true), '{\"m\",\"b\"}', CAST(? AS jsonb), true),"
        + " '{\"log\"}', COALESCE(data #> '{\"log\"}', '[]') || CAST('[2]' AS jsonb), true) END"), sql);
  }
}
