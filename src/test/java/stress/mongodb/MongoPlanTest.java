package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import stress.workload.MongoSpec;

/**
 * MongoDB's plan of an operation in one line, from explain answers as MongoDB 7 (classic and slot-based plans, a
 * sharded cluster) and FerretDB give them; the explain command each kind sends, drawn values in place.
 */
class MongoPlanTest {
  @Test
  void anIndexScanWithItsFiguresAndACollectionScan() {
    BsonDocument ixscan = BsonDocument.parse("{explainVersion: '1', queryPlanner: {namespace: 'shop.orders',"
        + " winningPlan: {stage: 'LIMIT', inputStage: {stage: 'FETCH', inputStage: {stage: 'IXSCAN',"
        + " keyPattern: {status: 1, createdAt: -1}, indexName: 'status_1_createdAt_-1'}}}, rejectedPlans: []},"
        + " executionStats: {executionSuccess: true, nReturned: 10, totalKeysExamined: 10, totalDocsExamined: 10}}");
    assertEquals("LIMIT > FETCH > IXSCAN (index status_1_createdAt_-1); 10 keys and 10 documents examined, 10 returned",
        MongoPlan.describe(ixscan));
    BsonDocument sbe = BsonDocument.parse("{queryPlanner: {winningPlan: {queryPlan: {stage: 'COLLSCAN'},"
        + " slotBasedPlan: {slots: '...'}}}, executionStats: {nReturned: 2, totalKeysExamined: 0,"
        + " totalDocsExamined: 500}}");
    assertEquals("COLLSCAN; 0 keys and 500 documents examined, 2 returned", MongoPlan.describe(sbe));
  }

  @Test
  void aShardedClusterNamesTheShardsReached() {
    BsonDocument sharded = BsonDocument.parse("{queryPlanner: {mongosPlannerVersion: 1, winningPlan: {stage:"
        + " 'SHARD_MERGE', shards: [{shardName: 's0', winningPlan: {stage: 'FETCH', inputStage: {stage: 'IXSCAN',"
        + " indexName: 'customerId_1'}}}, {shardName: 's1', winningPlan: {stage: 'FETCH', inputStage: {stage:"
        + " 'IXSCAN', indexName: 'customerId_1'}}}]}}, executionStats: {nReturned: 4, totalKeysExamined: 4,"
        + " totalDocsExamined: 4}}");
    assertEquals("FETCH > IXSCAN (index customerId_1); 4 keys and 4 documents examined, 4 returned; 2 shards: s0, s1",
        MongoPlan.describe(sharded));
  }

  @Test
  void ferretDbShowsItsPostgresPlanAndWhatItPushedDown() {
    BsonDocument ferret = BsonDocument.parse("{queryPlanner: {Plan: {'Node Type': 'Seq Scan', 'Relation Name':"
        + " 'orders_325e96ec'}}, filterPushdown: true, sortPushdown: false, limitPushdown: false, ok: 1.0}");
    assertEquals("PostgreSQL Seq Scan on orders_325e96ec; pushed down: filter yes, sort no, limit no",
        MongoPlan.describe(ferret));
  }

  @Test
  void eachKindExplainsItsOwnCommandWithTheDrawnValues() {
    NativeOperation find = new NativeOperation("f", new MongoSpec("find", BsonDocument.parse(
        "{filter: {s: ':s'}, sort: {d: -1}, limit: 5}"), List.of("s")));
    assertEquals(BsonDocument.parse("{explain: {find: 'orders', filter: {s: 'paid'}, sort: {d: -1}, limit: 5},"
        + " verbosity: 'executionStats'}"), MongoPlan.command(find, "orders", new Object[] {"paid"}));
    NativeOperation update = new NativeOperation("u", new MongoSpec("updateOne", BsonDocument.parse(
        "{filter: {_id: ':id'}, update: {$set: {s: 'x'}}}"), List.of("id")));
    assertEquals(BsonDocument.parse("{explain: {update: 'orders', updates: [{q: {_id: 7}, u: {$set: {s: 'x'}},"
        + " upsert: false, multi: false}]}, verbosity: 'queryPlanner'}"),
        MongoPlan.command(update, "orders", new Object[] {7}));
    NativeOperation count = new NativeOperation("c", new MongoSpec("countDocuments", BsonDocument.parse(
        "{filter: {s: 'a'}}"), List.of()));
    assertEquals(BsonDocument.parse("{explain: {aggregate: 'orders', pipeline: [{$match: {s: 'a'}}, {$group: {_id: 1,"
        + " n: {$sum: 1}}}], cursor: {}}, verbosity: 'executionStats'}"),
        MongoPlan.command(count, "orders", new Object[0]));
    assertNull(MongoPlan.command(new NativeOperation("i", new MongoSpec("insertOne", BsonDocument.parse(
        "{document: {a: 1}}"), List.of())), "orders", new Object[0]));
  }
}
