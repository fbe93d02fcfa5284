package stress.mongo.value;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A dotted MongoDB field path ({@code address.city}, {@code Details.Product.Id}), written as a lax jsonpath (which,
 * as MongoDB does, steps into every element of an array on the way) and as a {@code text[]} for {@code #>}.
 *
 * @param keys the field names, in order
 */
public record MongoPath(List<String> keys) {
  private static final Pattern POSITION = Pattern.compile("\\d+");

  /** Reads a dotted path; positions ({@code a.0.b}) and operator-like names are refused. */
  public static MongoPath parse(String dotted) {
    if (dotted.isEmpty()) {
      throw new IllegalArgumentException("an empty field name");
    }
    List<String> keys = List.of(dotted.split("\\.", -1));
    for (String key : keys) {
      if (key.isEmpty()) {
        throw new IllegalArgumentException("field path '" + dotted + "' has an empty part");
      }
      if (key.startsWith("$")) {
        throw new IllegalArgumentException("field path '" + dotted + "': '" + key + "' is not a field name"
            + " (an operator in the place of a field?)");
      }
      if (POSITION.matcher(key).matches()) {
        throw new IllegalArgumentException("field path '" + dotted + "': array positions such as '." + key
            + "' are not supported; use $elemMatch or a path without the position");
      }
    }
    return new MongoPath(keys);
  }

  /** The top-level {@code _id}, which has its own column. */
  public boolean isId() {
    return keys.size() == 1 && "_id".equals(keys.get(0));
  }

  /** {@code lax $."a"."b"}: every value at the path, arrays on the way stepped through. */
  public String jsonPath() {
    StringBuilder b = new StringBuilder("lax $");
    for (String key : keys) {
      b.append('.').append(JsonPathText.string(key));
    }
    return b.toString();
  }

  /** The path as a text[] literal's content for {@code #>} and {@code #-}: {@code {"a","b"}}. */
  public String textArray() {
    StringBuilder b = new StringBuilder("{");
    for (int i = 0; i < keys.size(); i++) {
      b.append(i == 0 ? "" : ",").append('"')
          .append(keys.get(i).replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
    }
    return b.append('}').toString();
  }

  @Override
  public String toString() {
    return String.join(".", keys);
  }
}
