package stress.mongo;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import stress.ops.PlaceholderValue;

/**
 * The state of translating one operation: the placeholders in the order their {@code ?} are written (every
 * translator appends text and placeholders in the same order), the parameters used, and fresh aliases.
 */
final class Translation {
  final Parameters parameters;
  final List<PlaceholderValue> values = new ArrayList<>();
  final BitSet used = new BitSet();
  private int aliases;

  Translation(Parameters parameters) {
    this.parameters = parameters;
  }

  /** Adds a placeholder whose value is made from one parameter, and returns its {@code ?}. */
  String placeholder(int parameter, java.util.function.Function<Object, Object> make) {
    used.set(parameter);
    values.add(drawn -> make.apply(drawn[parameter]));
    return "?";
  }

  /** Adds a placeholder with its own way to make the value. */
  String placeholder(PlaceholderValue value, BitSet parametersUsed) {
    used.or(parametersUsed);
    values.add(value);
    return "?";
  }

  /** A new alias for a set-returning function in a subquery. */
  String alias() {
    return "q" + (++aliases);
  }
}
