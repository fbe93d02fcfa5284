package stress.jmh;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.ObjectId;

/**
 * Long, deeply nested documents of CJK text (articles with paragraphs and threads of replies), for the
 * conversion benchmarks: the kind of real dump the shared corpus has none of, where every character of a string
 * is three UTF-8 bytes. About 10 to 30 KB of BSON per document, nested up to six levels; the text holds some
 * ASCII, full-width punctuation, quotes, tabs and new lines, which the conversion must escape.
 */
final class CjkDocuments {
  private static final String PUNCTUATION = "，。、！？「」『』（）：；";
  private static final String[] ASCII_BITS = {" ", " 2024 ", "\"", "\\", "\t", "\n", " MongoDB ", "-", "/"};

  private CjkDocuments() {}

  /**
   * Writes {@code COUNT} documents (seed 42, as the benchmark uses) to {@code FILE} as a .bson file, so another
   * program (bench/convert_vs_bsondump.sh runs bsondump) converts the same documents.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: CjkDocuments FILE COUNT");
      System.exit(2);
    }
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(Path.of(args[0])))) {
      for (byte[] document : generate(Integer.parseInt(args[1]), 42)) {
        out.write(document);
      }
    }
  }

  /** {@code count} documents as BSON bytes, the same for the same seed. */
  static byte[][] generate(int count, long seed) {
    Random random = new Random(seed);
    byte[][] out = new byte[count][];
    for (int i = 0; i < count; i++) {
      BsonDocument article = new BsonDocument("_id", new BsonObjectId(new ObjectId(new java.util.Date(1_600_000_000_000L
          + i * 1000L), i)))
          .append("title", new BsonString(text(random, 10, 40)))
          .append("author", person(random))
          .append("published", new BsonDateTime(1_600_000_000_000L + random.nextInt(1_000_000_000)))
          .append("tags", strings(random, 3 + random.nextInt(5), 2, 6))
          .append("paragraphs", strings(random, 5 + random.nextInt(10), 80, 300))
          .append("replies", replies(random, 2 + random.nextInt(4), 1));
      BasicOutputBuffer buffer = new BasicOutputBuffer();
      new BsonDocumentCodec().encode(new BsonBinaryWriter(buffer), article, EncoderContext.builder().build());
      out[i] = buffer.toByteArray();
    }
    return out;
  }

  private static BsonDocument person(Random random) {
    return new BsonDocument("name", new BsonString(text(random, 2, 4)))
        .append("city", new BsonString(text(random, 2, 5)))
        .append("followers", new BsonInt32(random.nextInt(100_000)));
  }

  /** Threads of replies, each reply possibly with its own, down to depth 3 (6 levels of nesting in all). */
  private static BsonArray replies(Random random, int count, int depth) {
    BsonArray replies = new BsonArray();
    for (int i = 0; i < count; i++) {
      BsonDocument reply = new BsonDocument("by", person(random))
          .append("text", new BsonString(text(random, 20, 200)))
          .append("likes", new BsonInt32(random.nextInt(500)));
      if (depth < 3) {
        reply.append("replies", replies(random, random.nextInt(3), depth + 1));
      }
      replies.add(reply);
    }
    return replies;
  }

  private static BsonArray strings(Random random, int count, int min, int max) {
    BsonArray strings = new BsonArray();
    for (int i = 0; i < count; i++) {
      strings.add(new BsonString(text(random, min, max)));
    }
    return strings;
  }

  /** CJK ideographs and kana with full-width punctuation, now and then a piece of ASCII or an escape. */
  private static String text(Random random, int min, int max) {
    int length = min + random.nextInt(max - min + 1);
    StringBuilder s = new StringBuilder(length + 16);
    while (s.length() < length) {
      int pick = random.nextInt(100);
      if (pick < 80) {
        s.append((char) (0x4E00 + random.nextInt(0x9FFF - 0x4E00)));
      } else if (pick < 90) {
        s.append((char) (0x3041 + random.nextInt(0x3096 - 0x3041)));
      } else if (pick < 97) {
        s.append(PUNCTUATION.charAt(random.nextInt(PUNCTUATION.length())));
      } else {
        s.append(ASCII_BITS[random.nextInt(ASCII_BITS.length)]);
      }
    }
    return s.toString();
  }
}
