package stress.mongo.update;

import org.bson.BsonValue;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.MongoPath;

/**
 * One field of one update operator: {@code {$inc: {n: 2}}} is ("$inc", n, 2); a {@code $rename}'s value is its
 * target.
 */
record UpdateChange(String op, MongoPath path, BsonValue value) {

  /** The last key of the path, as MongoDB names the field in its messages. */
  String field() {
    return path.keys().get(path.keys().size() - 1);
  }

  /** The path as {@code '{a,b}'}. */
  String sqlPath() {
    return JsonPathText.sql(path.textArray());
  }
}
