package stress.mongo.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import stress.mongo.routing.KeyTargeting.Reach;

/** Where an operation goes under a candidate key {@code k.id}, form by form, as MongoDB targets it. */
class KeyTargetingTest {
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "find           | {filter: {'k.id': 7}}                                           | ONE     | 1",
      "find           | {filter: {'k.id': ':p'}}                                        | ONE     | 1",
      "find           | {filter: {'k.id': {$eq: 7}, x: {$gt: 1}}}                       | ONE     | 1",
      "find           | {filter: {'k.id': {$in: [7]}}}                                  | ONE     | 1",
      "find           | {filter: {'k.id': {$in: [7, 7]}}}                               | ONE     | 1",
      "find           | {filter: {'k.id': {$in: [7, 8, ':p']}}}                         | SEVERAL | 3",
      "find           | {filter: {'k.id': {$in: [7, 8]}, $and: [{'k.id': 7}]}}          | ONE     | 1",
      "find           | {filter: {$and: [{x: 1}, {$and: [{'k.id': null}]}]}}            | ONE     | 1",
      "find           | {filter: {'k.id': {$gt: 7}}}                                    | ALL     | 0",
      "find           | {filter: {$or: [{'k.id': 7}, {'k.id': 8}]}}                     | ALL     | 0",
      "find           | {filter: {$nor: [{'k.id': 7}]}}                                 | ALL     | 0",
      "find           | {filter: {'k.id': {$ne: 7}}}                                    | ALL     | 0",
      "find           | {filter: {'k.id': {$not: {$eq: 7}}}}                            | ALL     | 0",
      "find           | {filter: {'k.id': [7]}}                                         | ALL     | 0",
      "find           | {filter: {'k.id': {$regex: '^7'}}}                              | ALL     | 0",
      "find           | {filter: {'k.id': {$in: [7, {$regex: '^7'}]}}}                  | ALL     | 0",
      "find           | {filter: {k: {id: 7}}}                                          | ALL     | 0",
      "find           | {filter: {k: {$elemMatch: {id: 7}}}}                            | ALL     | 0",
      "find           | {filter: {$expr: {$eq: ['$k.id', 7]}}}                          | ALL     | 0",
      "find           | {}                                                              | ALL     | 0",
      "countDocuments | {filter: {'k.id': 7}}                                           | ONE     | 1",
      "aggregate      | {pipeline: [{$match: {'k.id': 7}}, {$group: {_id: '$x'}}]}      | ONE     | 1",
      "aggregate      | {pipeline: [{$match: {'k.id': {$in: [1, 2]}}}]}                 | SEVERAL | 2",
      "aggregate      | {pipeline: [{$sort: {x: 1}}, {$match: {'k.id': 7}}]}            | ALL     | 0",
      "aggregate      | {pipeline: [{$match: {'k.id': 7}}, {$lookup: {from: 'o', localField: 'k.id', foreignField: 'k.id', as: 's'}}]} | ONE | 1",
      "aggregate      | {pipeline: [{$match: {'k.id': 7}}, {$lookup: {from: 'o', localField: 'a', foreignField: 'k.id', as: 's'}}]} | SEVERAL | 1",
      "aggregate      | {pipeline: [{$match: {'k.id': 7}}, {$lookup: {from: 'o', localField: 'k.id', foreignField: 'b', as: 's'}}]} | ALL | 1",
      "aggregate      | {pipeline: [{$match: {'k.id': 7}}, {$facet: {f: [{$unionWith: 'o'}]}}]}      | ALL     | 1",
      "aggregate      | {pipeline: [{$match: {'k.id': 7}}, {$lookup: {from: 'o', as: 's', pipeline: [{$graphLookup: {}}]}}]} | ALL | 1",
      "updateOne      | {filter: {'k.id': 7}, update: {$inc: {n: 1}}}                   | ONE     | 1",
      "deleteMany     | {filter: {_id: 7}}                                              | ALL     | 0",
      "insertOne      | {document: {'k': {id: 7}}}                                      | INSERT  | 1"})
  void reach(String kind, String spec, Reach reach, int values) {
    KeyTargeting.Target t = KeyTargeting.of(kind, BsonDocument.parse(spec), "k.id");
    assertEquals(reach, t.reach(), spec);
    assertEquals(values, t.values(), spec);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "{$set: {'k.id': 8}}              | true",
      "{$set: {k: {id: 8}}}             | true",
      "{$set: {'k.id.x': 8}}            | true",
      "{$unset: {'k.id': ''}}           | true",
      "{$rename: {old: 'k.id'}}         | true",
      "{$rename: {'k.id': 'other'}}     | true",
      "{$inc: {'k.idx': 1, n: 1}}       | false",
      "{$set: {ka: 1}}                  | false",
      "{$setOnInsert: {'k.id': 8}}      | false",
      "{replaced: true}                 | true"})
  void anUpdateChangesTheKeyWhenItWritesThePathOrAPathAboveOrBelow(String update, boolean changes) {
    BsonDocument spec = BsonDocument.parse("{filter: {}, update: " + update + "}");
    assertEquals(changes, KeyTargeting.of("updateMany", spec, "k.id").changesKey(), update);
  }

  @Test
  void aJoinThatReadsMoreShardsThanTheFilterPinsIsSaid() {
    BsonDocument spec = BsonDocument.parse("{pipeline: [{$match: {_id: 3}}, {$lookup: {from: 'orders', localField:"
        + " 'customer.customerId', foreignField: 'customer.customerId', as: 'same'}}]}");
    KeyTargeting.Target byId = KeyTargeting.of("aggregate", spec, "_id");
    assertEquals(Reach.ALL, byId.reach());
    assertEquals(true, byId.joins());
    KeyTargeting.Target byCustomer = KeyTargeting.of("aggregate", spec, "customer.customerId");
    assertEquals(Reach.ALL, byCustomer.reach(), "the $match pins _id, not the key");
    assertEquals(false, byCustomer.joins(), "the join is on the key");
  }

  /**
   * A replacement changes the key unless it writes at the path what the filter pins there (the same value or
   * parameter), or the key is _id, which MongoDB never lets a replacement change.
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "replaceOne        | {filter: {'k.id': ':k'}, replacement: {k: {id: ':k'}, n: 1}}          | k.id | false",
      "replaceOne        | {filter: {'k.id': {$eq: 7}}, replacement: {k: {id: 7}}}              | k.id | false",
      "replaceOne        | {filter: {'k.id': ':k'}, replacement: {k: {id: ':other'}}}           | k.id | true",
      "replaceOne        | {filter: {_id: ':id'}, replacement: {n: 1}}                          | k.id | true",
      "replaceOne        | {filter: {'k.id': {$in: [1, 2]}}, replacement: {k: {id: 1}}}         | k.id | true",
      "findOneAndReplace | {filter: {_id: ':id'}, replacement: {_id: ':id', n: 1}}              | _id  | false",
      "replaceOne        | {filter: {email: ':e'}, replacement: {n: 1}}                         | _id  | false",
      "updateOne         | {filter: {'k.id': 3}, update: {k: {id: 3}, n: 2}}                    | k.id | false",
      "updateOne         | {filter: {'k.id': 3}, update: {k: {id: 4}}}                          | k.id | true"})
  void aReplacementKeepsTheKeyWhenItWritesThePinnedValue(String kind, String spec, String path, boolean changes) {
    assertEquals(changes, KeyTargeting.of(kind, BsonDocument.parse(spec), path).changesKey(), spec);
  }

  @Test
  void aPipelineUpdateMayChangeTheKey() {
    BsonDocument spec = BsonDocument.parse("{filter: {}, update: [{$set: {n: 1}}]}");
    assertEquals(true, KeyTargeting.of("updateOne", spec, "k.id").changesKey());
  }

  @Test
  void thePinnedPathsAreThoseOfEqualitiesAndInsWhereARouteIsWritten() {
    BsonDocument spec = BsonDocument.parse("{filter: {a: 1, b: {$gt: 2}, c: {$in: [1, 2]}, $and: [{d: ':p'}],"
        + " $or: [{e: 1}], f: {$ne: 1}, g: [1, 2]}}");
    assertEquals(List.of("a", "c", "d"), List.copyOf(KeyTargeting.pinnedPaths("find", spec)));
    assertEquals(Set.of("s"), KeyTargeting.pinnedPaths("aggregate",
        BsonDocument.parse("{pipeline: [{$match: {s: 'x'}}, {$match: {t: 1}}]}")));
    assertEquals(Set.of(), KeyTargeting.pinnedPaths("insertOne", BsonDocument.parse("{document: {a: 1}}")));
  }
}
