package stress.app.against;

import com.mongodb.MongoException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import stress.app.index.SuggestedIndexes;
import stress.mongodb.MongoTarget;
import stress.ops.file.TableForms;
import stress.ops.file.WorkloadOperation;
import stress.table.DocumentTable;

/**
 * Whether both sides of {@code run --against} hold the indexes an operation's filter and sort paths are served by: a
 * path indexed on one side and not on the other makes the ratio measure a missing index, not the server. Read from
 * what each side declares (PostgreSQL's indexes on the table, MongoDB's {@code listIndexes}), per index the operation
 * is served by as {@code stress explain} names it; said with the command that builds the missing one. The comparison
 * goes on.
 */
public final class IndexParity {
  private IndexParity() {}

  /**
   * One line per operation and index served on one side only; empty when every one is alike on both.
   *
   * @param operations the operations of a workload file (as written for any table: they are written for this one)
   * @param build      the command that builds a suggested index on the table, for the lines
   */
  public static List<String> lines(Connection c, DocumentTable table, MongoTarget mongo, String namespace,
                            List<WorkloadOperation> operations, String build) throws SQLException {
    List<BsonDocument> mongoKeys = new ArrayList<>();
    try {
      for (BsonDocument index : mongo.collection(namespace).listIndexes(BsonDocument.class)) {
        mongoKeys.add(index.getDocument("key", new BsonDocument()));
      }
    } catch (MongoException e) {
      return List.of("index parity not read: listIndexes on " + namespace + " failed: " + MongoTarget.refusal(e));
    }
    List<String> lines = new ArrayList<>();
    for (WorkloadOperation op : operations) {
      WorkloadOperation written = op.forTable(c, table);
      if (written.forms() == null) {
        continue;
      }
      Set<String> missingOnPostgres = new LinkedHashSet<>(SuggestedIndexes.missing(c, table, written));
      for (TableForms.IndexAdvice advice : written.forms().advice()) {
        if (advice.paths().isEmpty()) {
          continue; // GIN on the whole document: MongoDB has no counterpart to compare with
        }
        boolean postgres = !missingOnPostgres.contains(advice.describe());
        String onMongo = served(mongoKeys, advice.paths());
        if (postgres && onMongo == null) {
          lines.add(op.name() + ": " + advice.describe() + " is indexed on PostgreSQL, not on MongoDB: the ratio"
              + " measures the missing index; build it there with db." + namespace.substring(namespace.indexOf('.') + 1)
              + ".createIndex(" + keys(advice.paths()).toJson() + ")");
        } else if (!postgres && onMongo != null) {
          lines.add(op.name() + ": " + advice.describe() + " is indexed on MongoDB (" + onMongo + "), not on"
              + " PostgreSQL: the ratio measures the missing index; build it there with " + build);
        }
      }
    }
    return lines;
  }

  /** The key pattern of a MongoDB index that starts with {@code paths} in order, as JSON, or null when none does. */
  private static String served(List<BsonDocument> indexes, List<String> paths) {
    for (BsonDocument key : indexes) {
      List<String> fields = new ArrayList<>(key.keySet());
      if (fields.size() >= paths.size() && fields.subList(0, paths.size()).equals(paths)) {
        return key.toJson();
      }
    }
    return null;
  }

  private static BsonDocument keys(List<String> paths) {
    BsonDocument keys = new BsonDocument();
    paths.forEach(p -> keys.append(p, new BsonInt32(1)));
    return keys;
  }
}
