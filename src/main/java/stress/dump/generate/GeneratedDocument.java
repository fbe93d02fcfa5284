package stress.dump.generate;

import org.bson.RawBsonDocument;
import stress.dump.BsonJson;

/**
 * One generated document and its key.
 *
 * @param id       the document's key, also its {@code _id} field
 * @param document the document as BSON
 */
public record GeneratedDocument(long id, RawBsonDocument document) {

  /** The document as relaxed Extended JSON, the text stored in a jsonb column; computed on each call. */
  public String json() {
    return BsonJson.toRelaxedJson(document);
  }

  /** Size of the BSON encoding in bytes. */
  public int bsonSize() {
    return document.getByteBuffer().remaining();
  }
}
