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
}
