package stress.dump.generate;

import java.nio.ByteBuffer;
import org.bson.RawBsonDocument;
import stress.dump.bson.BsonJson;

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

  /** A copy of the BSON encoding, length prefix included, for code that works on raw bytes. */
  public byte[] bsonBytes() {
    ByteBuffer buffer = document.getByteBuffer().asNIO();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  /** Size of the BSON encoding in bytes. */
  public int bsonSize() {
    return document.getByteBuffer().remaining();
  }
}
