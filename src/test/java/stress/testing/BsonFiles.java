package stress.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.ByteBuf;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;
import org.bson.json.JsonReader;
import org.bson.codecs.BsonDocumentCodec;

/** Writes small .bson files from Extended JSON with org.bson, for cases the corpus does not have. */
public final class BsonFiles {
  private BsonFiles() {}

  public static byte[] bytes(String json) {
    ByteBuf buffer = new RawBsonDocument(BsonDocument.parse(json), new BsonDocumentCodec()).getByteBuffer();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  /**
   * BSON written from Extended JSON name by name, so that a name repeated in one object stays repeated, as MongoDB
   * can store it (a BsonDocument keeps one value per name).
   */
  public static byte[] bytesKeepingRepeats(String json) {
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      writer.pipe(new JsonReader(json));
    }
    return buffer.toByteArray();
  }

  /** Writes the documents back to back, as mongodump does, and returns the file. */
  public static Path write(Path file, List<String> documents) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String json : documents) {
      out.writeBytes(bytes(json));
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.write(file, out.toByteArray());
    return file;
  }

  /**
   * Copies a .bson file to {@code target} with a document {@code {"n": i}}, which has no {@code _id}, after every
   * {@code every}-th, so that an import rejects documents all along; returns the target.
   */
  public static Path withoutIdAfterEvery(Path source, int every, Path target) throws IOException {
    byte[] bytes = Files.readAllBytes(source);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int n = 0;
    while (in.hasRemaining()) {
      int length = in.getInt(in.position());
      out.write(bytes, in.position(), length);
      in.position(in.position() + length);
      if (++n % every == 0) {
        out.writeBytes(bytes("{\"n\": " + n + "}"));
      }
    }
    Files.createDirectories(target.toAbsolutePath().getParent());
    return Files.write(target, out.toByteArray());
  }
}
