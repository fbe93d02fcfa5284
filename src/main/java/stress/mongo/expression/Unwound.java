package stress.mongo.expression;

import java.util.List;

/**
 * The documents of an {@code $unwind} (without {@code preserveNullAndEmptyArrays}) are the documents read
 * ({@code base}) with the value at {@code path} replaced by {@code value} (an element, or the value itself where it
 * was not an array): a field path under {@code path} is read from {@code value}, one beside it from {@code base},
 * so the new document, a copy of the whole document per element, is only built where a stage reads it whole.
 *
 * @param index the field {@code includeArrayIndex} writes, null for none
 */
public record Unwound(List<String> path, String index, String value, String base) {
  String read(String doc, List<String> keys) {
    if (keys.size() >= path.size() && keys.subList(0, path.size()).equals(path)) {
      return keys.size() == path.size() ? value : AggregateExpression.fieldPath(value, keys.subList(path.size(), keys.size()));
    }
    boolean prefix = path.subList(0, Math.min(keys.size(), path.size())).equals(keys);
    return prefix || keys.get(0).equals(index) ? AggregateExpression.fieldPath(doc, keys) : AggregateExpression.fieldPath(base, keys);
  }
}
