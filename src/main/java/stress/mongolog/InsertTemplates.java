package stress.mongolog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import stress.dump.BsonDocumentReader;
import stress.dump.document.DumpDocument;
import stress.dump.document.ReadItem;
import stress.dump.ReadPolicy;

/**
 * The document a derived insert writes: a log holds no inserted documents, so the collection's first document in
 * the mongodump output the user names ({@code --dump DIR}, as {@code stress import} reads it: {@code DB/COLL.bson} or
 * {@code .bson.gz}) stands for them, written again under a new key each time. New keys are integers above the table's
 * largest ({@code new_key}), so a collection whose {@code _id} is another type (an ObjectId) gets no template.
 */
final class InsertTemplates {
  /** A template, or why there is none. */
  record Template(BsonDocument document, Path source, String refusal) {}

  private final Path dump;
  private final Map<String, Template> found = new HashMap<>();

  /** @param dump the mongodump output directory, or null when none was given */
  InsertTemplates(Path dump) {
    this.dump = dump;
  }

  Template of(String ns) {
    return found.computeIfAbsent(ns, this::find);
  }

  private Template find(String ns) {
    if (dump == null) {
      return new Template(null, null, ns + " (no --dump DIR to take a document from)");
    }
    int dot = ns.indexOf('.');
    Path dir = dump.resolve(ns.substring(0, dot));
    String collection = ns.substring(dot + 1);
    Path file = Files.exists(dir.resolve(collection + ".bson")) ? dir.resolve(collection + ".bson")
        : dir.resolve(collection + ".bson.gz");
    if (!Files.exists(file)) {
      return new Template(null, null, ns + " (no " + collection + ".bson in " + dir + ")");
    }
    BsonDocument first;
    try (BsonDocumentReader in = BsonDocumentReader.open(file, ReadPolicy.ABORT)) {
      ReadItem item = in.next();
      if (item == null) {
        return new Template(null, file, ns + " (" + file + " holds no document)");
      }
      first = new RawBsonDocument(((DumpDocument) item).bytes()).decode(new BsonDocumentCodec());
    } catch (IOException e) { // DumpFormatException names the file and the byte offset
      return new Template(null, file, ns + " (its first document cannot be read: " + e.getMessage() + ")");
    }
    BsonValue id = first.get("_id");
    if (id == null || !(id.isInt32() || id.isInt64() || id.isObjectId())) {
      return new Template(null, file, ns + " (its _id is " + (id == null ? "missing" : typeOf(id))
          + "; new keys are whole numbers or ObjectIds)");
    }
    return new Template(first, file, null);
  }

  private static String typeOf(BsonValue v) {
    return v.getBsonType().name().toLowerCase(java.util.Locale.ROOT).replace("_", " ");
  }
}
