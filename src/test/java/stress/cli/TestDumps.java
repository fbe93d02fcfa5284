package stress.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.ByteBuf;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/** Small hand-made mongodump files (BSON written with org.bson) for cases the generator cannot make. */
final class TestDumps {
  private TestDumps() {}

  static byte[] bson(String json) {
    ByteBuf buffer = new RawBsonDocument(BsonDocument.parse(json), new BsonDocumentCodec()).getByteBuffer();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  /** Writes the documents back to back, as mongodump does, creating the directories; returns the file. */
  static Path write(Path file, List<String> documents) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String json : documents) {
      out.writeBytes(bson(json));
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    return Files.write(file, out.toByteArray());
  }
}
