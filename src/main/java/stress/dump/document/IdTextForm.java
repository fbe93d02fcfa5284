package stress.dump.document;

/**
 * How {@code _id} values become text for a {@code text} {@code _id} column. Both forms are
 * deterministic, so the same document always gets the same key.
 */
public enum IdTextForm {
  /**
   * Strings as they are, ObjectIds as their 24 lowercase hex digits; any other value as in
   * {@link #EXTENDED_JSON}. Chosen when all {@code _id}s are strings, or all are ObjectIds.
   */
  PLAIN,
  /**
   * Every value as its relaxed Extended JSON v2 text, exactly as it appears inside the document's JSON
   * ({@code "abc"} with its quotes, {@code 1.5}, {@code {"$oid": "5f..."}}). Chosen when kinds are mixed
   * or not scalar: unlike {@link #PLAIN}, a string can never collide with an ObjectId or a number.
   */
  EXTENDED_JSON
}
