package stress.ops.file;

/**
 * A new key drawn for a table whose documents have ObjectId {@code _id}s ({@code new_key}): a fresh ObjectId, unique
 * by how ObjectIds are made (a timestamp, a random value of the process, a counter). The table keeps it as its hex
 * text in the key column and as {@code {"$oid": ...}} in the document, as the importer writes one; MongoDB is sent
 * the ObjectId itself.
 *
 * @param hex the ObjectId's 24 hex digits
 */
public record ObjectIdText(String hex) {
  /** A new one. */
  public static ObjectIdText next() {
    return new ObjectIdText(new org.bson.types.ObjectId().toHexString());
  }

  /** As the document holds it: {@code {"$oid": "..."}}. */
  public String json() {
    return "{\"$oid\": \"" + hex + "\"}";
  }
}
