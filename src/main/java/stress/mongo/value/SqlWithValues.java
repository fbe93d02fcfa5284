package stress.mongo.value;

import java.util.List;
import stress.ops.file.PlaceholderValue;

/**
 * SQL text with {@code ?} placeholders, and how each placeholder's value is made per execution, in order.
 *
 * @param sql    the text; {@code {table}} stands for the collection's table
 * @param values one per {@code ?}, in the order they appear
 */
public record SqlWithValues(String sql, List<PlaceholderValue> values) {
  public SqlWithValues {
    values = List.copyOf(values);
  }
}
