package stress.dump;

import java.io.ByteArrayOutputStream;
import org.bson.BsonDocument;
import org.bson.ByteBuf;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import stress.dump.document.DumpDocument;

/** Test helpers to build BSON bytes with org.bson. */
final class Bson {
  private Bson() {}

  static byte[] bytes(BsonDocument document) {
    ByteBuf buffer = new RawBsonDocument(document, new BsonDocumentCodec()).getByteBuffer();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  static byte[] bytes(String json) {
    return bytes(BsonDocument.parse(json));
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }

  /** Replaces the first occurrence of {@code from} by {@code to} (same length). */
  static byte[] patch(byte[] bytes, byte[] from, byte[] to) {
    byte[] copy = bytes.clone();
    outer:
    for (int i = 0; i + from.length <= copy.length; i++) {
      for (int j = 0; j < from.length; j++) {
        if (copy[i + j] != from[j]) {
          continue outer;
        }
      }
      System.arraycopy(to, 0, copy, i, to.length);
      return copy;
    }
    throw new IllegalArgumentException("pattern not found");
  }

  static DumpDocument document(byte[] bytes) {
    return new DumpDocument("test", 0, 0, bytes);
  }

  static DumpDocument document(BsonDocument document) {
    return document(bytes(document));
  }

  static DumpDocument document(String json) {
    return document(bytes(json));
  }
}
