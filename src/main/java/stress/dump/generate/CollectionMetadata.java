package stress.dump.generate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The {@code .metadata.json} text (also the {@code metadata} string of an archive's prelude entry) in the
 * style of mongodump 100.x: canonical Extended JSON, the {@code _id} index only, the collection's UUID as
 * 32 hex digits, {@code collectionName} and {@code type}, in that order and without spaces, e.g.
 * {@code {"indexes":[{"v":{"$numberInt":"2"},"key":{"_id":{"$numberInt":"1"}},"name":"_id_"}],
 * "uuid":"f597e003bbf64bf09dd19466552c227f","collectionName":"Orders","type":"collection"}}.
 */
final class CollectionMetadata {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private CollectionMetadata() {}

  static String json(String database, String collection, long seed) {
    ObjectNode root = MAPPER.createObjectNode();
    ObjectNode index = root.putArray("indexes").addObject();
    index.putObject("v").put("$numberInt", "2");
    index.putObject("key").putObject("_id").put("$numberInt", "1");
    index.put("name", "_id_");
    root.put("uuid", uuid(database, collection, seed));
    root.put("collectionName", collection);
    root.put("type", "collection");
    try {
      return MAPPER.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write collection metadata", e);
    }
  }

  /**
   * A UUID derived from the namespace and seed rather than random, so that the same command writes
   * the same bytes (the shipped samples can be regenerated and compared).
   */
  static String uuid(String database, String collection, long seed) {
    UUID uuid = UUID.nameUUIDFromBytes((seed + "/" + database + "." + collection).getBytes(StandardCharsets.UTF_8));
    return uuid.toString().replace("-", "");
  }
}
