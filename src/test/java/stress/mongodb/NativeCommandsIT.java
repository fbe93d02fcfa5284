package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.workload.MongoSpec;

/**
 * What the driver sends for each kind of operation is the workload's own, with the drawn values in place, compared as
 * Extended JSON from the driver's command listener: no server's leniency can hide a change made on the way. Runs on
 * the MongoDB-compatible server of {@code STRESS_MONGODB_URL} (CI starts FerretDB); skipped without one.
 */
class NativeCommandsIT {
  private static String url;

  @BeforeAll
  static void server() {
    url = System.getenv("STRESS_MONGODB_URL");
    Assumptions.assumeTrue(url != null && !url.isBlank(),
        "MongoDB-target tests SKIPPED: STRESS_MONGODB_URL is not set (.ci/ferretdb.sh starts FerretDB)");
  }

  /** The commands the driver started, by name. */
  private static final class Sent implements CommandListener {
    final List<BsonDocument> commands = new ArrayList<>();

    @Override
    public void commandStarted(CommandStartedEvent event) {
      commands.add(event.getCommand().clone());
    }

    BsonDocument last(String name) {
      for (int i = commands.size() - 1; i >= 0; i--) {
        if (commands.get(i).getFirstKey().equals(name)) {
          return commands.get(i);
        }
      }
      throw new AssertionError("no " + name + " command among " + commands);
    }
  }

  private static NativeOperation op(String kind, String spec, String... parameters) {
    return new NativeOperation(kind, new MongoSpec(kind, BsonDocument.parse(spec), List.of(parameters)));
  }

  @Test
  void eachKindSendsTheWorkloadsOwnCommandWithTheDrawnValues() {
    Sent sent = new Sent();
    try (MongoTarget target = MongoTarget.connect("STRESS_MONGODB_URL", url, sent)) {
      var c = target.collection("stress_check.commands");
      c.drop();
      op("insertMany", "{documents: [{_id: 1, s: ':s', n: 5}, {_id: 2, s: 'b', n: 7}]}", "s")
          .run(c, new Object[] {"a"}, 0);
      assertEquals(BsonArray.parse("[{_id: 1, s: 'a', n: 5}, {_id: 2, s: 'b', n: 7}]"),
          sent.last("insert").getArray("documents"));

      NativeOperation find = op("find", "{filter: {s: ':s', n: {$gte: ':low'}}, sort: {n: -1},"
          + " projection: {s: 1}, skip: 0, limit: 10}", "s", "low");
      NativeOperation.Answer found = find.run(c, new Object[] {"a", 3L}, 5000);
      BsonDocument command = sent.last("find");
      assertEquals(BsonDocument.parse("{s: 'a', n: {$gte: 3}}"), command.getDocument("filter"));
      assertEquals(BsonDocument.parse("{n: -1}"), command.getDocument("sort"));
      assertEquals(BsonDocument.parse("{s: 1}"), command.getDocument("projection"));
      assertEquals(10, command.getNumber("limit").intValue());
      assertEquals(5000, command.getNumber("maxTimeMS").longValue());
      assertEquals(List.of(BsonDocument.parse("{_id: 1, s: 'a'}")), found.documents());

      NativeOperation.Answer counted = op("countDocuments", "{filter: {n: {$gt: ':n'}}}", "n")
          .run(c, new Object[] {4}, 0);
      assertEquals(2L, counted.count());
      assertEquals(BsonDocument.parse("{$match: {n: {$gt: 4}}}"),
          sent.last("aggregate").getArray("pipeline").get(0).asDocument());

      op("aggregate", "{pipeline: [{$match: {s: ':s'}}, {$group: {_id: '$s', total: {$sum: '$n'}}}]}", "s")
          .run(c, new Object[] {"b"}, 0);
      assertEquals(BsonArray.parse("[{$match: {s: 'b'}}, {$group: {_id: '$s', total: {$sum: '$n'}}}]"),
          sent.last("aggregate").getArray("pipeline"));

      op("updateOne", "{filter: {_id: ':id'}, update: {$set: {s: ':s'}, $inc: {n: 1}}, upsert: true}", "id", "s")
          .run(c, new Object[] {2, "c"}, 0);
      BsonDocument update = sent.last("update").getArray("updates").get(0).asDocument();
      assertEquals(BsonDocument.parse("{_id: 2}"), update.getDocument("q"));
      assertEquals(BsonDocument.parse("{$set: {s: 'c'}, $inc: {n: 1}}"), update.getDocument("u"));
      assertEquals(true, update.getBoolean("upsert").getValue());

      op("deleteMany", "{filter: {n: {$lt: ':n'}}}", "n").run(c, new Object[] {6}, 0);
      assertEquals(BsonDocument.parse("{n: {$lt: 6}}"),
          sent.last("delete").getArray("deletes").get(0).asDocument().getDocument("q"));
      assertEquals(1L, c.countDocuments());
      c.drop();
    }
  }

  /** The find family's built-ins: MongoDB's own calls with the keys and limits the PostgreSQL side draws. */
  @Test
  void theBuiltInsSendTheKeysAndLimitsTheTableSideDraws() throws Exception {
    Sent sent = new Sent();
    try (MongoTarget target = MongoTarget.connect("STRESS_MONGODB_URL", url, sent)) {
      var c = target.collection("stress_check.builtins");
      c.drop();
      for (int id = 1; id <= 5; id++) {
        c.insertOne(new BsonDocument("_id", new org.bson.BsonInt32(id)).append("n", new org.bson.BsonInt32(id * 10)));
      }
      NativeRun run = new NativeRun(target, java.util.Map.of("t", "stress_check.builtins"), java.util.Set.of(), 0);
      var context = new stress.ops.OperationContext(new stress.table.DocumentTable(null, "t",
          stress.table.IdType.INTEGER), new stress.model.OperationSettings(3, 2, 2, 100));
      var keys = new stress.keys.KeyChooser(new stress.keys.DenseIntegerKeys(1, 5, true),
          new stress.keys.UniformDistribution(5));
      var session = new stress.ops.OperationSession(stress.model.StatementMode.PREPARED, true, keys,
          new java.util.SplittableRandom(7), 100);
      var twin = new stress.ops.OperationSession(stress.model.StatementMode.PREPARED, true, keys,
          new java.util.SplittableRandom(7), 100); // draws what the table's side draws

      assertEquals(1, run.operation(new stress.ops.builtin.FindFirst(), null).bind(context).execute(session));
      assertEquals(new BsonDocument("_id", NativeValues.of(twin.nextKey())), sent.last("find").getDocument("filter"));

      long rows = run.operation(new stress.ops.builtin.Find(), null).bind(context).execute(session);
      BsonDocument range = sent.last("find");
      Object from = twin.nextKey();
      assertEquals(BsonDocument.parse("{_id: {$gt: " + from + "}}"), range.getDocument("filter"));
      assertEquals(BsonDocument.parse("{_id: 1}"), range.getDocument("sort"));
      assertEquals(twin.nextInt(2, 2), range.getNumber("limit").intValue());
      assertEquals(Math.min(2, 5 - ((Number) from).intValue()), rows);

      run.operation(new stress.ops.builtin.FindIn(), null).bind(context).execute(session);
      assertEquals(BsonDocument.parse("{_id: {$in: [" + twin.nextKey() + ", " + twin.nextKey() + ", "
          + twin.nextKey() + "]}}"), sent.last("find").getDocument("filter"));

      assertEquals(2, run.operation(new stress.ops.builtin.FindUpdate(), null).bind(context).execute(session));
      Object updated = twin.nextKey();
      BsonDocument replace = sent.last("update").getArray("updates").get(0).asDocument();
      assertEquals(BsonDocument.parse("{_id: " + updated + "}"), replace.getDocument("q"));
      assertEquals(BsonDocument.parse("{_id: " + updated + ", n: " + ((Number) updated).intValue() * 10 + "}"),
          replace.getDocument("u"));
      c.drop();
    }
  }
}
