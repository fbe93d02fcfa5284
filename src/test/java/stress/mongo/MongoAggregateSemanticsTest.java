package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.dump.bson.BsonJson;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * Pipelines on small collections written for one rule each of MongoDB's documented aggregation semantics (among them
 * every case the shared fixtures leave out because their reference implementation differs from MongoDB there), run
 * on the embedded PostgreSQL in both translation forms; then the SQL's shape, and the refusals.
 */
class MongoAggregateSemanticsTest {
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static String url;

  @BeforeAll
  static void database() {
    url = TestDatabase.newDatabaseUrl("mongo_aggregate");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "min and max across kinds by BSON order => [{_id: 1, g: 1, v: 5}, {_id: 2, g: 1, v: 'a'}, {_id: 3, g: 1, v: null}, {_id: 4, g: 1}]"
          + " => [{$group: {_id: '$g', min: {$min: '$v'}, max: {$max: '$v'}}}] => [{_id: 1, min: 5, max: 'a'}]",
      "first and last of a missing field are null => [{_id: 1}, {_id: 2, x: 2}, {_id: 3}]"
          + " => [{$sort: {_id: 1}}, {$group: {_id: null, f: {$first: '$x'}, l: {$last: '$x'}, p: {$push: '$x'}}}]"
          + " => [{_id: null, f: null, l: null, p: [2]}]",
      "unwind preserving, with the index => [{_id: 1, a: [7, 8]}, {_id: 2}, {_id: 3, a: []}, {_id: 4, a: null}, {_id: 5, a: 's'}]"
          + " => [{$unwind: {path: '$a', preserveNullAndEmptyArrays: true, includeArrayIndex: 'i'}}, {$sort: {_id: 1, i: 1}}]"
          + " => [{_id: 1, a: 7, i: 0}, {_id: 1, a: 8, i: 1}, {_id: 2, i: null}, {_id: 3, i: null}, {_id: 4, a: null, i: null}, {_id: 5, a: 's', i: null}]",
      "after an unwind: the element, its index over a field of that name, the fields beside it"
          + " => [{_id: 1, a: [{x: 1}, {x: 2}], k: 'p', o: 5}, {_id: 2, a: {x: 3}, k: 'q', o: 6}]"
          + " => [{$unwind: {path: '$a', includeArrayIndex: 'k'}}, {$project: {x: '$a.x', k: '$k', other: '$o'}}, {$sort: {_id: 1, k: 1}}]"
          + " => [{_id: 1, x: 1, k: 0, other: 5}, {_id: 1, x: 2, k: 1, other: 5}, {_id: 2, x: 3, k: null, other: 6}]",
      "after an unwind of a nested path: the document above it holds the element"
          + " => [{_id: 1, a: {b: [1, 2], c: 0}}] => [{$unwind: '$a.b'}, {$project: {w: '$a', v: '$a.b'}}, {$sort: {v: 1}}]"
          + " => [{_id: 1, w: {b: 1, c: 0}, v: 1}, {_id: 1, w: {b: 2, c: 0}, v: 2}]",
      "unwind of missing, null, empty and a scalar => [{_id: 1, a: [7, 8]}, {_id: 2}, {_id: 3, a: []}, {_id: 4, a: null}, {_id: 5, a: 's'}]"
          + " => [{$unwind: '$a'}, {$sort: {_id: 1, a: 1}}] => [{_id: 1, a: 7}, {_id: 1, a: 8}, {_id: 5, a: 's'}]",
      "toUpper of a missing field is empty => [{_id: 1}, {_id: 2, x: 'ab'}] => [{$project: {u: {$toUpper: '$x'}}}, {$sort: {_id: 1}}]"
          + " => [{_id: 1, u: ''}, {_id: 2, u: 'AB'}]",
      "sum and avg ignore booleans and strings => [{_id: 1, v: true}, {_id: 2, v: 2}, {_id: 3, v: '3'}, {_id: 4}]"
          + " => [{$group: {_id: null, s: {$sum: '$v'}, a: {$avg: '$v'}, n: {$sum: 1}}}] => [{_id: null, s: 2, a: 2.0, n: 4}]",
      "avg of ints is a double => [{_id: 1, v: 1}, {_id: 2, v: 2}] => [{$group: {_id: null, a: {$avg: '$v'}}}] => [{_id: null, a: 1.5}]",
      "sum and avg of Decimal128 => [{_id: 1, v: {$numberDecimal: '1.10'}}, {_id: 2, v: {$numberDecimal: '2.5'}}]"
          + " => [{$group: {_id: null, s: {$sum: '$v'}, a: {$avg: '$v'}}}] => [{_id: null, s: {$numberDecimal: '3.60'}, a: 1.8}]",
      "sort of Decimal128 by value => [{_id: 1, v: {$numberDecimal: '10.5'}}, {_id: 2, v: 2}, {_id: 3, v: {$numberDecimal: '-1'}}]"
          + " => [{$sort: {v: 1}}, {$project: {_id: 1}}] => [{_id: 3}, {_id: 2}, {_id: 1}]",
      "addToSet keeps zero, empty and false => [{_id: 1, v: 0}, {_id: 2, v: ''}, {_id: 3, v: false}, {_id: 4, v: 0.0}]"
          + " => [{$group: {_id: null, s: {$addToSet: '$v'}}}, {$unwind: '$s'}, {$sort: {s: 1}}]"
          + " => [{_id: null, s: 0}, {_id: null, s: ''}, {_id: null, s: false}]",
      "count of nothing is no document => [{_id: 1}] => [{$match: {x: 1}}, {$count: 'n'}] => []",
      "group of nothing is no document => [{_id: 1}] => [{$match: {x: 1}}, {$group: {_id: null, n: {$sum: 1}}}] => []",
      "a one-field key document gets null for missing => [{_id: 1}, {_id: 2, f: null}]"
          + " => [{$group: {_id: {k: '$f'}, n: {$sum: 1}}}] => [{_id: {k: null}, n: 2}]",
      "a dotted computed name makes a document => [{_id: 1, x: 1}] => [{$project: {'a.b': {$add: ['$x', 1]}}}]"
          + " => [{_id: 1, a: {b: 2}}]",
      "set to a missing value removes the field => [{_id: 1, price: 5, q: 1}] => [{$set: {price: '$nonexistent'}}]"
          + " => [{_id: 1, q: 1}]",
      "group keys: numbers by value, null and missing together, strings apart"
          + " => [{_id: 1, k: 1}, {_id: 2, k: 1.0}, {_id: 3, k: '1'}, {_id: 4}, {_id: 5, k: null}]"
          + " => [{$group: {_id: '$k', n: {$sum: 1}}}, {$sort: {_id: 1}}] => [{_id: null, n: 2}, {_id: 1, n: 2}, {_id: '1', n: 1}]",
      "a field path through an array of documents => [{_id: 1, a: [{b: 1}, {c: 2}, {b: 3}, 5]}]"
          + " => [{$project: {x: '$a.b', n: {$size: '$a'}}}] => [{_id: 1, x: [1, 3], n: 4}]",
      "missing is not equal to null in an expression => [{_id: 1}, {_id: 2, m: null}]"
          + " => [{$project: {e: {$eq: ['$m', null]}, g: {$gt: ['$m', 5]}, c: {$cmp: ['a', 5]}}}, {$sort: {_id: 1}}]"
          + " => [{_id: 1, e: false, g: false, c: 1}, {_id: 2, e: true, g: false, c: 1}]",
      "sort after a stage: missing and null last descending => [{_id: 1, v: 2}, {_id: 2}, {_id: 3, v: null}, {_id: 4, v: 'a'}]"
          + " => [{$project: {v: 1}}, {$sort: {v: -1, _id: 1}}] => [{_id: 4, v: 'a'}, {_id: 1, v: 2}, {_id: 2}, {_id: 3, v: null}]",
      "sort after a stage on arrays: smallest ascending => [{_id: 1, v: [5, 1]}, {_id: 2, v: 3}, {_id: 3, v: [2]}]"
          + " => [{$set: {w: '$v'}}, {$sort: {w: 1}}, {$project: {_id: 1}}] => [{_id: 1}, {_id: 3}, {_id: 2}]",
      "sortByCount, skip and limit after a stage => [{_id: 1, k: 'a'}, {_id: 2, k: 'b'}, {_id: 3, k: 'a'}, {_id: 4, k: 'c'}, {_id: 5, k: 'a'}, {_id: 6, k: 'b'}]"
          + " => [{$sortByCount: '$k'}, {$skip: 1}, {$limit: 1}] => [{_id: 'b', count: 2}]",
      "replaceRoot and match after group => [{_id: 1, k: 'a', v: 1}, {_id: 2, k: 'a', v: 2}, {_id: 3, k: 'b', v: 5}]"
          + " => [{$group: {_id: '$k', t: {$sum: '$v'}}}, {$match: {_id: 'a'}}, {$replaceRoot: {newRoot: {key: '$_id', total: '$t'}}}]"
          + " => [{key: 'a', total: 3}]",
      "cond, ifNull and concat with a missing part => [{_id: 1, a: 'x', n: 5}, {_id: 2, n: 0}]"
          + " => [{$project: {c: {$concat: ['$a', '-']}, i: {$ifNull: ['$a', 'none']}, k: {$cond: ['$n', 'yes', 'no']}}}, {$sort: {_id: 1}}]"
          + " => [{_id: 1, c: 'x-', i: 'x', k: 'yes'}, {_id: 2, c: null, i: 'none', k: 'no'}]",
      "dates: parts and text in UTC => [{_id: 1, d: {$date: '2024-05-06T07:08:09.120Z'}}]"
          + " => [{$project: {y: {$year: '$d'}, m: {$month: '$d'}, day: {$dayOfMonth: '$d'}, s: {$dateToString: {format: '%Y/%m/%d %H:%M:%S.%L', date: '$d'}}}}]"
          + " => [{_id: 1, y: 2024, m: 5, day: 6, s: '2024/05/06 07:08:09.120'}]",
      "dates: hour, minute, second, millisecond, day of week and of year in UTC"
          + " => [{_id: 1, d: {$date: '2024-05-05T07:08:09.120Z'}}, {_id: 2, d: {$date: '1969-12-31T23:59:59.999Z'}}, {_id: 3}]"
          + " => [{$project: {h: {$hour: '$d'}, mi: {$minute: '$d'}, s: {$second: '$d'}, ms: {$millisecond: '$d'},"
          + " w: {$dayOfWeek: '$d'}, y: {$dayOfYear: '$d'}}}, {$sort: {_id: 1}}]"
          + " => [{_id: 1, h: 7, mi: 8, s: 9, ms: 120, w: 1, y: 126}, {_id: 2, h: 23, mi: 59, s: 59, ms: 999, w: 4, y: 365},"
          + " {_id: 3, h: null, mi: null, s: null, ms: null, w: null, y: null}]",
      "abs, mod with the dividend's sign, arrayElemAt from either end => [{_id: 1, a: [5, 6, 7], x: -7, y: 3}, {_id: 2, x: 7.5}]"
          + " => [{$project: {abs: {$abs: '$x'}, mod: {$mod: ['$x', '$y']}, first: {$arrayElemAt: ['$a', 0]},"
          + " last: {$arrayElemAt: ['$a', -1]}, out: {$arrayElemAt: ['$a', 9]}}}, {$sort: {_id: 1}}]"
          + " => [{_id: 1, abs: 7, mod: -1, first: 5, last: 7}, {_id: 2, abs: 7.5, mod: null, first: null, last: null, out: null}]",
      "facet: several pipelines over the same documents, in their order => [{_id: 1, k: 'a', v: 1}, {_id: 2, k: 'b', v: 5}, {_id: 3, k: 'a', v: 3}]"
          + " => [{$match: {v: {$gte: 1}}}, {$facet: {n: [{$count: 'c'}], top: [{$sort: {v: -1}}, {$limit: 2}, {$project: {_id: 1}}],"
          + " byK: [{$group: {_id: '$k', s: {$sum: '$v'}}}, {$sort: {_id: 1}}]}}]"
          + " => [{n: [{c: 3}], top: [{_id: 2}, {_id: 3}], byK: [{_id: 'a', s: 4}, {_id: 'b', s: 5}]}]",
      "facet of no documents is one document of empty arrays => [{_id: 1, v: 0}]"
          + " => [{$match: {v: 9}}, {$facet: {n: [{$count: 'c'}], all: [{$project: {v: 1}}]}}, {$project: {n: 1, all: 1, e: {$size: '$all'}}}]"
          + " => [{n: [], all: [], e: 0}]",
      "unset and inclusion through an array of documents => [{_id: 1, a: [{b: 1, c: 2}, {b: 3}, 7], z: 1}]"
          + " => [{$unset: 'a.b'}, {$project: {'a.c': 1}}] => [{_id: 1, a: [{c: 2}, {}]}]",
      "arithmetic: divide is a double, null gives null => [{_id: 1, a: 6, b: 4}, {_id: 2, a: 1}]"
          + " => [{$project: {d: {$divide: ['$a', '$b']}, m: {$multiply: ['$a', 2]}, s: {$subtract: ['$a', '$b']}}}, {$sort: {_id: 1}}]"
          + " => [{_id: 1, d: 1.5, m: 12, s: 2}, {_id: 2, d: null, m: 2, s: null}]",
      "match with $expr on the table and after a stage => [{_id: 1, a: 5, b: 3}, {_id: 2, a: 1, b: 3}]"
          + " => [{$match: {$expr: {$gt: ['$a', '$b']}}}, {$set: {c: 1}}, {$match: {$expr: {$eq: ['$c', 1]}, a: {$gte: 5}}}]"
          + " => [{_id: 1, a: 5, b: 3, c: 1}]",
  })
  void pipelinesGiveMongoDbsDocuments(String name, String documents, String pipeline, String expected) throws SQLException {
    String table = "agg" + TABLES.incrementAndGet();
    DocumentRows.load(url, table, documents);
    List<String> want = new ArrayList<>();
    BsonArray.parse(expected).forEach(d -> want.add(BsonJson.valueToRelaxedJson(d)));
    boolean ordered = pipeline.contains("$sort");
    for (boolean jsonpath : new boolean[] {true, false}) {
      String sql = sql(pipeline, jsonpath).replace("{table}", table);
      List<String> found = DocumentRows.query(url, sql);
      String problem = new ExtendedJsonComparison(Set.of()).compare(want, found, ordered);
      assertNull(problem, () -> (jsonpath ? "jsonpath" : "without jsonpath") + ": " + problem + "\nfound " + found
          + "\n" + sql);
    }
  }

  private static String sql(String pipeline, boolean jsonpath) {
    MongoStatement st = MongoStatement.translate("aggregate", new BsonDocument("pipeline", BsonArray.parse(pipeline)),
        new Parameters(List.of()), new TranslationTarget(PathCatalog.NONE, jsonpath, Map.of()));
    String sql = IdLiteral.resolve(st.statement().sql(), IdType.INTEGER);
    if (!jsonpath) {
      assertFalse(sql.contains("jsonb_path") || sql.contains("@?"), sql);
    }
    return sql;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "leading match and sort are the table's WHERE and ORDER BY, the limit beside them"
          + " => [{$match: {a: 5}}, {$sort: {b: -1}}, {$limit: 3}, {$project: {b: 1}}]"
          + " => FROM {table} WHERE (data @?? 'lax $.\"a\" ? (@.type() != \"array\" && (@ == 5))'",
      "a limit right after a sort on the table is its LIMIT => [{$sort: {b: -1}}, {$limit: 3}] => DESC) AS n FROM {table} ORDER BY ",
      "a match after a group reads the group's documents => [{$group: {_id: '$k'}}, {$match: {_id: 'x'}}] => WHERE p2.doc @?? ",
      "no order without a sort => [{$group: {_id: '$k'}}] => ) AS p1",
  })
  void theSqlHasItsShape(String name, String pipeline, String part) {
    String sql = sql(pipeline, true);
    assertTrue(sql.contains(part), sql);
    if (name.startsWith("a limit")) {
      assertTrue(sql.contains(" LIMIT 3) AS p1"), sql);
    }
    if (name.startsWith("no order")) {
      assertFalse(sql.endsWith(".n"), sql);
    }
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "[{$match: {a: 1}}, {$bucket: {groupBy: '$a'}}] => stage 2 ($bucket): stage $bucket is not supported; supported: $addFields,",
      "[{$group: {_id: null, s: {$stdDevPop: '$a'}}}] => stage 1 ($group): accumulator $stdDevPop is not supported; supported: $addToSet,",
      "[{$project: {s: {$regexMatch: {input: '$a'}}}}] => stage 1 ($project): expression operator $regexMatch is not supported",
      "[{$match: {a: {$mod: [2, 0]}}}] => stage 1 ($match): operator $mod is not supported",
      "[{$lookup: {from: 'b', pipeline: [], as: 'b'}}] => stage 1 ($lookup): $lookup with 'pipeline' is not supported",
      "[{$lookup: {from: 'b', localField: 'a', as: 'b'}}] => stage 1 ($lookup): $lookup needs 'foreignField' as a non-empty string",
      "[{$lookup: {from: 'b', localField: '$a', foreignField: 'a', as: 'b'}}] => stage 1 ($lookup): $lookup's localField is a field name without '$'",
      "[{$facet: {a: [{$facet: {b: []}}]}}] => stage 1 ($facet): $facet output 'a': a $facet cannot hold a $facet",
      "[{$facet: {a: {$count: 'n'}}}] => stage 1 ($facet): $facet output 'a' takes a list of stages",
      "[{$facet: {a: [{$bucket: {groupBy: '$a'}}]}}] => stage 1 ($facet): stage 1 ($bucket): stage $bucket is not supported",
      "[{$project: {a: 1, b: 0}}] => stage 1 ($project): $project either keeps and computes fields or leaves fields out",
      "[{$limit: 0}] => stage 1 ($limit): $limit takes a whole number above 0 or a parameter, got 0",
      "[{$unwind: 'a'}] => stage 1 ($unwind): $unwind's path must be a field path starting with '$', got 'a'",
      "[{$group: {n: {$sum: 1}}}] => stage 1 ($group): $group needs an '_id'",
      "[{$project: {a: '$$NOW'}}] => stage 1 ($project): variable $$NOW is not supported",
      "{$match: {}} => 'pipeline' must be a list of stages, got DOCUMENT",
  })
  void unsupportedStagesAndOperatorsAreRefusedNamingThem(String pipeline, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MongoStatement.translate(
        "aggregate", BsonDocument.parse("{pipeline: " + pipeline + "}"), new Parameters(List.of())));
    assertTrue(e.getMessage().startsWith(message), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void parametersStandWhereValuesStand() throws SQLException {
    MongoStatement st = MongoStatement.translate("aggregate", BsonDocument.parse("{pipeline: [{$match: {k: ':k'}},"
        + " {$project: {x: {$add: ['$v', ':add']}}}, {$sort: {x: 1}}, {$limit: ':n'}]}"),
        new Parameters(List.of("k", "add", "n")));
    assertTrue(st.used().cardinality() == 3, st.used().toString());
    String table = "agg" + TABLES.incrementAndGet();
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE " + table + " (_id integer PRIMARY KEY, data jsonb NOT NULL)");
      s.execute("INSERT INTO " + table + " VALUES (1, '{\"_id\": 1, \"k\": \"a\", \"v\": 1}'),"
          + " (2, '{\"_id\": 2, \"k\": \"a\", \"v\": 5}'), (3, '{\"_id\": 3, \"k\": \"b\", \"v\": 0}')");
      try (PreparedStatement ps = c.prepareStatement(IdLiteral.resolve(st.statement().sql(), IdType.INTEGER)
          .replace("{table}", table))) {
        Object[] drawn = {"a", 10, 1};
        for (int i = 0; i < st.values().size(); i++) {
          ps.setObject(i + 1, st.values().get(i).of(drawn));
        }
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          String problem = new ExtendedJsonComparison(Set.of()).compare(List.of("{\"_id\": 1, \"x\": 11}"),
              List.of(rs.getString(1)), true);
          assertNull(problem, problem);
          assertFalse(rs.next());
        }
      }
    }
  }
}
