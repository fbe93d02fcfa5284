package stress.mongolog;

import java.util.List;
import org.bson.BsonDocument;

/**
 * One statement of a log entry in the form of a workload file's MongoDB-style operation.
 *
 * @param ns    its namespace
 * @param kind  {@code find}, {@code countDocuments}, {@code aggregate}, {@code updateOne}, ... (MongoStatement.KINDS)
 * @param spec  the operation's keys with the shape's parameter tokens
 * @param slots the values of this entry that became parameters
 * @param note  what differs from what MongoDB ran (e.g. a findAndModify run without returning the document), or "" when nothing does
 */
record Logged(String ns, String kind, BsonDocument spec, List<Slot> slots, String note) {
  /** The same for every statement of one shape. */
  String shapeKey() {
    return ns + "\u0000" + kind + "\u0000" + spec.toJson() + "\u0000" + note;
  }
}
