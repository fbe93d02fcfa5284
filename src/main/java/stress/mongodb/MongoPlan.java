package stress.mongodb;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The plan a MongoDB server chooses for one operation, from its {@code explain} command, in one line: the winning
 * plan's stages (IXSCAN with its index, or COLLSCAN), the keys and documents examined against those returned, and on a
 * sharded cluster the shards it reaches. FerretDB 1.24 shows its PostgreSQL plan and what it says it pushed down
 * instead; FerretDB 2 shows DocumentDB's PostgreSQL plan, read by {@link DocumentDbPlan}. Explain applies no write;
 * reads are explained with their execution statistics, writes with the plan only.
 */
public final class MongoPlan {
  private MongoPlan() {}

  /** The explain command of one execution of the operation ({@code null} for inserts, which have no plan). */
  static BsonDocument command(NativeOperation op, String collection, Object[] drawn) {
    BsonDocument s = op.bound(drawn);
    BsonDocument filter = s.containsKey("filter") ? s.getDocument("filter") : new BsonDocument();
    BsonDocument inner;
    switch (op.spec().kind()) {
      case "find" -> {
        inner = new BsonDocument("find", new BsonString(collection)).append("filter", filter);
        for (String key : List.of("sort", "projection", "skip", "limit")) {
          if (s.containsKey(key)) {
            inner.append(key, s.get(key));
          }
        }
      }
      case "countDocuments" -> {
        BsonArray pipeline = new BsonArray(List.of(new BsonDocument("$match", filter)));
        for (String key : List.of("skip", "limit")) {
          if (s.containsKey(key)) {
            pipeline.add(new BsonDocument("$" + key, s.get(key)));
          }
        }
        pipeline.add(BsonDocument.parse("{$group: {_id: 1, n: {$sum: 1}}}"));
        inner = new BsonDocument("aggregate", new BsonString(collection)).append("pipeline", pipeline)
            .append("cursor", new BsonDocument());
      }
      case "aggregate" -> inner = new BsonDocument("aggregate", new BsonString(collection))
          .append("pipeline", s.getArray("pipeline")).append("cursor", new BsonDocument());
      case "updateOne", "updateMany", "replaceOne" -> {
        BsonDocument update = new BsonDocument("q", filter)
            .append("u", s.containsKey("update") ? s.get("update") : s.get("replacement"))
            .append("upsert", s.getBoolean("upsert", BsonBoolean.FALSE))
            .append("multi", BsonBoolean.valueOf(op.spec().kind().equals("updateMany")));
        inner = new BsonDocument("update", new BsonString(collection)).append("updates", new BsonArray(List.of(update)));
      }
      case "findOneAndReplace" -> inner = new BsonDocument("findAndModify", new BsonString(collection))
          .append("query", filter).append("update", s.getDocument("replacement"));
      case "deleteOne", "deleteMany" -> inner = new BsonDocument("delete", new BsonString(collection))
          .append("deletes", new BsonArray(List.of(new BsonDocument("q", filter).append("limit",
              new BsonInt32(op.spec().kind().equals("deleteOne") ? 1 : 0)))));
      default -> {
        return null;
      }
    }
    return new BsonDocument("explain", inner).append("verbosity",
        new BsonString(op.reads() ? "executionStats" : "queryPlanner"));
  }

  /** Explains one execution on the server: its plan in one line. */
  public static String explain(MongoTarget target, String namespace, NativeOperation op, Object[] drawn) {
    int dot = namespace.indexOf('.');
    BsonDocument command = command(op, namespace.substring(dot + 1), drawn);
    if (command == null) {
      return "no plan: an insert reads nothing";
    }
    return describe(target.command(namespace.substring(0, dot), command));
  }

  /** An explain result in one line. */
  static String describe(BsonDocument explain) {
    BsonDocument planner = find(explain, "queryPlanner");
    if (DocumentDbPlan.is(explain, planner)) { // FerretDB 2: DocumentDB's plan, without pushdown flags
      return DocumentDbPlan.describe(planner.getDocument("Plan"), explain.getDocument("command", new BsonDocument()));
    }
    if (planner != null && planner.containsKey("Plan")) { // FerretDB 1: its PostgreSQL plan and what it pushed down
      BsonDocument plan = planner.getDocument("Plan");
      String node = plan.getString("Node Type", new BsonString("?")).getValue();
      String relation = plan.containsKey("Relation Name") ? " on " + plan.getString("Relation Name").getValue() : "";
      String index = plan.containsKey("Index Name") ? " (" + plan.getString("Index Name").getValue() + ")" : "";
      return "PostgreSQL " + node + relation + index + "; pushed down: filter " + yes(explain, "filterPushdown")
          + ", sort " + yes(explain, "sortPushdown") + ", limit " + yes(explain, "limitPushdown");
    }
    if (planner == null || !planner.containsKey("winningPlan")) {
      return "no plan in the server's answer";
    }
    BsonDocument winning = planner.getDocument("winningPlan");
    List<String> stages = new ArrayList<>();
    Set<String> indexes = new LinkedHashSet<>();
    Set<String> shards = new LinkedHashSet<>();
    walk(winning, stages, indexes, shards);
    StringBuilder line = new StringBuilder(String.join(" > ", stages));
    if (!indexes.isEmpty()) {
      line.append(" (index ").append(String.join(", ", indexes)).append(')');
    }
    BsonDocument stats = find(explain, "executionStats");
    if (stats != null && stats.containsKey("nReturned")) {
      line.append("; ").append(number(stats, "totalKeysExamined")).append(" keys and ")
          .append(number(stats, "totalDocsExamined")).append(" documents examined, ")
          .append(number(stats, "nReturned")).append(" returned");
    }
    if (!shards.isEmpty()) {
      line.append("; ").append(shards.size()).append(shards.size() == 1 ? " shard: " : " shards: ")
          .append(String.join(", ", shards));
    }
    return line.toString();
  }

  /** Stages top-down (the first input of each), index names, and shard names of a winning plan. */
  private static void walk(BsonDocument stage, List<String> stages, Set<String> indexes, Set<String> shards) {
    if (stage.containsKey("shards")) {
      for (BsonValue shard : stage.getArray("shards")) {
        BsonDocument s = shard.asDocument();
        shards.add(s.getString("shardName", new BsonString("?")).getValue());
        if (s.containsKey("winningPlan") && stages.size() < 8) {
          List<String> inner = new ArrayList<>();
          walk(s.getDocument("winningPlan"), inner, indexes, new LinkedHashSet<>());
          if (stages.isEmpty() || !stages.contains(String.join(" > ", inner))) {
            stages.add(String.join(" > ", inner));
          }
        }
      }
      return;
    }
    if (stage.containsKey("stage")) {
      stages.add(stage.getString("stage").getValue());
    }
    if (stage.containsKey("indexName")) {
      indexes.add(stage.getString("indexName").getValue());
    }
    if (stage.containsKey("queryPlan") && stage.get("queryPlan").isDocument()) {
      walk(stage.getDocument("queryPlan"), stages, indexes, shards);
    } else if (stage.containsKey("inputStage")) {
      walk(stage.getDocument("inputStage"), stages, indexes, shards);
    } else if (stage.containsKey("inputStages") && !stage.getArray("inputStages").isEmpty()) {
      walk(stage.getArray("inputStages").get(0).asDocument(), stages, indexes, shards);
    }
  }

  /** The first document under this key, depth-first (an aggregate nests it under its $cursor stage). */
  private static BsonDocument find(BsonValue value, String key) {
    if (value.isDocument()) {
      BsonDocument d = value.asDocument();
      if (d.containsKey(key) && d.get(key).isDocument()) {
        return d.getDocument(key);
      }
      for (BsonValue v : d.values()) {
        BsonDocument found = find(v, key);
        if (found != null) {
          return found;
        }
      }
    } else if (value.isArray()) {
      for (BsonValue v : value.asArray()) {
        BsonDocument found = find(v, key);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  private static String number(BsonDocument d, String key) {
    return d.containsKey(key) && d.get(key).isNumber() ? Long.toString(d.get(key).asNumber().longValue()) : "?";
  }

  private static String yes(BsonDocument d, String key) {
    return d.containsKey(key) && d.get(key).isBoolean() && d.getBoolean(key).getValue() ? "yes" : "no";
  }
}
