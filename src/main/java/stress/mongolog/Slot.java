package stress.mongolog;

import org.bson.BsonValue;

/**
 * One value of a logged statement that became a parameter.
 *
 * @param name     the parameter's name, from its path and operator ({@code createdAt_gte})
 * @param path     the document path it is compared with, or null where the collection's values of a path are not
 *                 what it takes (inside {@code $elemMatch}, an update's value)
 * @param operator {@code eq}, {@code gt}, ... or the update operator ({@code set}, {@code inc})
 * @param list     true for the list of {@code $in}, {@code $nin} or {@code $all}: one shape whatever its length
 * @param value    the value this entry logged (for a list, the array)
 */
record Slot(String name, String path, String operator, boolean list, BsonValue value) {
  /** The token that stands for the slot in a shape's statement. */
  String token() {
    return ":" + name + (list ? "[]" : "");
  }
}
