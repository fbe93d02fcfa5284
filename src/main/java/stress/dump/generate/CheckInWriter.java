package stress.dump.generate;

import org.bson.BsonWriter;
import stress.model.Shape;

/**
 * Writes the {@link Shape#SMALL} document: a check-in record. Field names are one letter because the seed's
 * small data set averages 43 bytes of BSON, which leaves no room for longer ones:
 * {@code {_id, u: user id, l: geohash of the place, t: unix seconds}}.
 */
final class CheckInWriter {
  private static final int USERS = 5_000_000;
  /** 2015-01-01T00:00:00Z; check-ins spread over the following ten years. */
  private static final int FIRST_SECOND = 1_420_070_400;
  private static final int SPAN_SECONDS = 10 * 365 * 24 * 3600;

  private CheckInWriter() {}

  static void write(BsonWriter writer, long id, DocumentRandom random) {
    DocumentGenerator.writeId(writer, id);
    writer.writeInt32("u", random.between(1, USERS));
    writer.writeString("l", geohash(random, random.between(5, 9)));
    writer.writeInt32("t", FIRST_SECOND + random.nextInt(SPAN_SECONDS));
  }

  private static String geohash(DocumentRandom random, int length) {
    StringBuilder hash = new StringBuilder(length).append(random.pick(Vocabulary.GEOHASH_PREFIXES));
    while (hash.length() < length) {
      hash.append(Vocabulary.GEOHASH_ALPHABET[random.nextInt(Vocabulary.GEOHASH_ALPHABET.length)]);
    }
    return hash.toString();
  }
}
