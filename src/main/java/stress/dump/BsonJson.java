package stress.dump;

import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/** Turns one BSON document into the JSON text stored in a jsonb column. */
public final class BsonJson {
  private static final JsonWriterSettings RELAXED = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

  private BsonJson() {}

  /** MongoDB relaxed Extended JSON v2 of the document. */
  public static String toRelaxedJson(RawBsonDocument document) {
    return document.toJson(RELAXED);
  }
}
