package stress.mongo.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.mongo.MongoStatement;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * {@code $regex}, {@code $type}, {@code $expr} and {@code $all} of {@code $elemMatch}es in both translation forms
 * (jsonpath, and without it for servers before PostgreSQL 12), expected documents by MongoDB's documented semantics:
 * a regular expression matches strings only, at the path or in an array there, never in a nested array; {@code $type}
 * asks the same of each value, {@code "array"} the value itself; {@code $expr} compares by MongoDB's order of kinds.
 */
class MongoValueOperatorsTest {
  private static String url;

  @BeforeAll
  static void documents() throws SQLException {
    url = TestDatabase.newDatabaseUrl("mongo_value_operators");
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE texts (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO texts VALUES (1, '{\"s\": \"abc\"}'), (2, '{\"s\": \"ABC\\n\"}'),"
          + " (3, '{\"s\": [\"x\", \"abc\"]}'), (4, '{\"s\": [[\"abc\"]]}'), (5, '{\"s\": 5}'), (6, '{\"s\": null}'),"
          + " (7, '{}'), (8, '{\"s\": \"line1\\nabc\"}'), (9, '{\"s\": {\"t\": \"abc\"}}'),"
          + " (10, '{\"s\": [{\"t\": \"abc\"}]}')");
      st.execute("CREATE TABLE kinds (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      st.execute("INSERT INTO kinds VALUES (1, '{\"v\": 1}'), (2, '{\"v\": 1.5}'), (3, '{\"v\": \"s\"}'),"
          + " (4, '{\"v\": [1, \"s\"]}'), (5, '{\"v\": [[1]]}'), (6, '{\"v\": null}'), (7, '{}'),"
          + " (8, '{\"v\": {\"$oid\": \"5ca4bbc7a2dd94ee5816238d\"}}'), (9, '{\"v\": {\"$date\": \"2020-01-01T00:00:00Z\"}}'),"
          + " (10, '{\"v\": {\"a\": 1}}'), (11, '{\"v\": {\"$numberDecimal\": \"1\"}}'), (12, '{\"v\": true}'),"
          + " (13, '{\"v\": []}'), (14, '{\"v\": [{\"a\": 1}]}')");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{s: /abc/}                                       | 1 3 8",
      "{s: /abc/i}                                      | 1 2 3 8",
      "{s: /^abc$/i}                                    | 1 2 3",
      "{s: /^abc$/m}                                    | 1 3 8",
      "{s: /C.$/s}                                      | 2",
      "{s: /C.$/}                                       | ''",
      "{s: {$not: /abc/}}                               | 2 4 5 6 7 9 10",
      "{'s.t': {$regex: 'abc'}}                         | 9 10",
      "{s: {$in: [/^x$/, 5]}}                           | 3 5",
      "{s: {$nin: [/^x$/, 5]}}                          | 1 2 4 6 7 8 9 10",
      "{s: {$elemMatch: {$regex: 'abc'}}}               | 3",
      "{s: {$regex: 'b', $options: 'i', $nin: ['abc']}} | 2 8",
      "{s: {$regex: /B/, $options: 'i'}}                | 1 2 3 8",
      "{s: {$all: [/^a/, /c$/]}}                        | 1 3",
  })
  void regularExpressions(String filter, String ids) throws SQLException {
    assertIdsInBothForms("texts", filter, ids);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{v: {$type: 'number'}}                     | 1 2 4 11",
      "{v: {$type: 'string'}}                     | 3 4",
      "{v: {$type: 'array'}}                      | 4 5 13 14",
      "{v: {$type: 'object'}}                     | 10 14",
      "{v: {$type: 'null'}}                       | 6",
      "{v: {$type: ['objectId', 'date']}}         | 8 9",
      "{v: {$type: 8}}                            | 12",
      "{v: {$type: 'decimal'}}                    | 11",
      "{v: {$type: [4, 'bool']}}                  | 4 5 12 13 14",
      "{v: {$not: {$type: 'number'}}}             | 3 5 6 7 8 9 10 12 13 14",
      "{v: {$elemMatch: {$type: 'array'}}}        | 5",
      "{'v.a': {$type: 'number'}}                 | 10 14",
  })
  void types(String filter, String ids) throws SQLException {
    assertIdsInBothForms("kinds", filter, ids);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{$expr: {$gt: ['$v', 1]}}                                             | 2 3 4 5 8 9 10 12 13 14",
      "{$expr: {$eq: ['$v', null]}}                                          | 6",
      "{$expr: {$lte: ['$v', 1]}}                                            | 1 6 7 11",
      "{$or: [{$expr: {$eq: ['$v', 's']}}, {v: true}]}                       | 3 12",
      "{v: {$all: [{$elemMatch: {$type: 'number'}}, {$elemMatch: {$type: 'string'}}]}} | 4",
      "{v: {$all: [{$elemMatch: {a: 1}}]}}                                   | 14",
      "{$expr: {$in: ['$v', [1, 's']]}}                                      | 1 3 11",
      "{$expr: {$in: ['$v', [null, [1, 's'], {a: 1}]]}}                      | 4 6 10",
      "{$expr: {$in: [{$literal: [1, 's']}, [[1, 's']]]}}                    | 1 2 3 4 5 6 7 8 9 10 11 12 13 14",
      "{$expr: {$not: {$in: ['$v', [1.5, true, []]]}}}                       | 1 3 4 5 6 7 8 9 10 11 14",
  })
  void expressionsAndAllOfElemMatches(String filter, String ids) throws SQLException {
    assertIdsInBothForms("kinds", filter, ids);
  }

  /** {@code $in} as an expression with a second operand that is not an array fails the query, as MongoDB fails it. */
  @Test
  void inAsAnExpressionRefusesAnOperandThatIsNotAnArray() {
    SQLException e = assertThrows(SQLException.class, () -> assertIdsInBothForms("kinds", "{$expr: {$in: [1, '$v']}}",
        ""));
    assertTrue(e.getMessage().contains("refused as in MongoDB: $in requires an array as a second argument, found: "),
        e.getMessage());
  }

  /**
   * The written ARE, run by PostgreSQL on text in "C" collation, matches exactly the subjects that a PCRE-like engine
   * (java.util.regex with UNIX_LINES: only \n ends a line, as in MongoDB's PCRE) matches, option by option.
   */
  @Test
  void theAreMatchesWhatPcreMatches() throws SQLException {
    String[][] patterns = {
        {"^abc$", ""}, {"abc$", ""}, {"a.c", ""}, {"a.c", "s"}, {"^b", "m"}, {"^b", ""}, {"c$", "m"}, {"c\\Z", ""},
        {"c\\z", ""}, {"\\bab", ""}, {"a\\B", ""}, {"a[^x]c", ""}, {"[\\]a]c", ""}, {"\\x41", "i"}, {"\\x{42}C", ""},
        {"(?<=a)b", ""}, {"(?<!a)b", ""}, {"(?!x)b", ""}, {"ab{1,2}c", ""}, {"a|^$", ""}, {"[[:digit:]]+", ""},
        {"a\\.c", ""}, {"\\d{3}", ""}, {"\\w+\\s\\w+", ""}, {"x?", ""}, {"a{", ""}, {"a b  c", "x"},
        {"a # comment\n b", "x"}, {"[a\\ b]c", "x"}, {"ABC", "i"}, {"^$", "m"}, {"(?:ab)+?c", ""}, {"[^\\d]bc", "i"},
        {"^.*$", ""}, {"^.*$", "s"}, {"\\A\\w", "m"}, {"\\t|\\n", ""}, {"[.]", ""}, {"a}", ""}, {"", ""},
    };
    String[] subjects = {"abc", "ABC", "abc\n", "a\nc", "xabc\ndef", "a]c", "Abc def", "ab", "abbc", "", "123", "a.c",
        "b\nab", "a{", "a}", "line\n", "\n", "tab\there", "xbc", "ABBC"};
    int checked = 0;
    try (Connection c = TestDatabase.connect(url);
         PreparedStatement ps = c.prepareStatement("SELECT (CAST(? AS text) COLLATE \"C\") ~ ?")) {
      for (String[] p : patterns) {
        String are = MongoRegex.are(new BsonRegularExpression(p[0], p[1]));
        int flags = Pattern.UNIX_LINES | (p[1].contains("i") ? Pattern.CASE_INSENSITIVE : 0)
            | (p[1].contains("m") ? Pattern.MULTILINE : 0) | (p[1].contains("s") ? Pattern.DOTALL : 0)
            | (p[1].contains("x") ? Pattern.COMMENTS : 0);
        // java.util.regex has no [[:digit:]] and no literal '{' after a character: the same meaning written its way
        Pattern java = Pattern.compile(p[0].replace("[[:digit:]]", "\\p{Digit}").replace("a{", "a\\{"), flags);
        for (String s : subjects) {
          if (s.isEmpty() && p[1].contains("m")) {
            checked++;
            continue; // java.util.regex's MULTILINE ^ fails at the end of input, even of an empty one; PCRE's matches
          }
          ps.setString(1, s);
          ps.setString(2, are);
          try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            assertEquals(java.matcher(s).find(), rs.getBoolean(1),
                "/" + p[0] + "/" + p[1] + " as " + are + " on " + s.replace("\n", "\\n"));
            checked++;
          }
        }
      }
    }
    assertEquals(patterns.length * subjects.length, checked);
  }

  /** The ids a find selects in each form (jsonpath, and without it). */
  private static void assertIdsInBothForms(String table, String filter, String ids) throws SQLException {
    for (boolean jsonpath : new boolean[] {true, false}) {
      MongoStatement m = MongoStatement.translate("find", BsonDocument.parse("{filter: " + filter + "}"),
          new Parameters(List.of()), new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()));
      String sql = IdLiteral.resolve(m.statement().sql(), IdType.INTEGER).replace("{table}", table)
          .replace("SELECT _id, data", "SELECT _id") + " ORDER BY _id";
      List<String> found = new ArrayList<>();
      try (Connection c = TestDatabase.connect(url); PreparedStatement ps = c.prepareStatement(sql);
           ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          found.add(rs.getString(1));
        }
      }
      assertEquals(ids, String.join(" ", found), (jsonpath ? "jsonpath: " : "without jsonpath: ") + sql);
    }
  }
}
