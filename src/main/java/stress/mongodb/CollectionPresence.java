package stress.mongodb;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * Whether a MongoDB collection is there to be compared: a namespace that names no collection (a wrong case, a wrong
 * database) or an empty one answers every read with nothing, which a comparison would measure as fast. Said before
 * anything runs, with the names that exist and differ only in case.
 */
public final class CollectionPresence {
  private CollectionPresence() {}

  /**
   * Why {@code namespace} ({@code db.collection}) cannot be compared on {@code target}, as one line, or null when it
   * exists and holds documents.
   */
  public static String problem(MongoTarget target, String namespace) {
    int dot = namespace.indexOf('.');
    String database = namespace.substring(0, dot);
    String name = namespace.substring(dot + 1);
    if (!target.collections(database).contains(name)) {
      return "collection " + namespace + " does not exist on " + target.describe() + " (" + near(target, namespace)
          + ")";
    }
    if (target.collection(namespace).find().limit(1).first() == null) {
      String near = near(target, namespace);
      return "collection " + namespace + " on " + target.describe() + " is empty: every read would answer nothing ("
          + (near.startsWith("no ") ? "load it with 'stress import DUMP --to URL'" : near) + ")";
    }
    return null;
  }

  /**
   * The namespaces that differ from {@code namespace} only in case, else the collections of its name (whatever the
   * case) in other databases, as a phrase.
   */
  private static String near(MongoTarget target, String namespace) {
    String name = namespace.substring(namespace.indexOf('.') + 1);
    List<String> sameName = nearNames(target, name);
    sameName.remove(namespace);
    List<String> caseOnly = sameName.stream().filter(n -> n.equalsIgnoreCase(namespace)).toList();
    if (!caseOnly.isEmpty()) {
      return "names that differ only in case: " + String.join(", ", caseOnly) + "; MongoDB's names are"
          + " case-sensitive";
    }
    return sameName.isEmpty() ? "no collection of that name in any database, whatever the case"
        : "of that name, whatever the case, in other databases: " + String.join(", ", sameName);
  }

  /** The namespaces of the server whose collection is {@code name} but for case, in any database, sorted. */
  private static List<String> nearNames(MongoTarget target, String name) {
    List<String> near = new ArrayList<>();
    BsonDocument answer = target.command("admin", new BsonDocument("listDatabases", new BsonInt32(1))
        .append("nameOnly", BsonBoolean.TRUE));
    for (BsonValue db : answer.getArray("databases", new org.bson.BsonArray())) {
      String database = db.asDocument().getString("name").getValue();
      for (String collection : target.collections(database)) {
        if (collection.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
          near.add(database + "." + collection);
        }
      }
    }
    near.sort(null);
    return near;
  }
}
