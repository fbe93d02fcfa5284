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
  final TranslationTarget target;
  /** Paths that a typed condition of the filter's top-level AND restricts to one kind, which a sort may then use. */
  final java.util.Map<String, String> restricted = new java.util.HashMap<>();
  /** The paths whose facts the translation asked for (to read them for the table). */
  final java.util.Set<String> asked = new java.util.TreeSet<>();
  /** What the operation's writes may put into documents. */
  final WrittenPaths writes = new WrittenPaths();
  final List<PlaceholderValue> values = new ArrayList<>();
  /** Typed or containment equalities of the filter's top-level AND, path to kind: a sort after them may use a compound index. */
  final java.util.Map<String, String> equalities = new java.util.LinkedHashMap<>();
  private final java.util.Set<String> notes = new java.util.LinkedHashSet<>();
  private final java.util.Set<stress.ops.TableForms.IndexAdvice> advice = new java.util.LinkedHashSet<>();
  final BitSet used = new BitSet();
  private int aliases;

  Translation(Parameters parameters, TranslationTarget target) {
    this.parameters = parameters;
    this.target = target;
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

  /** Notes a choice of form for a path, and the index that serves it (null: none); nothing without facts. */
  void chose(String note, stress.ops.TableForms.IndexAdvice served) {
    if (target.paths() == PathCatalog.NONE) {
      return;
    }
    notes.add(note);
    if (served != null) {
      advice.add(served);
    }
  }

  /** The choices made. */
  stress.ops.TableForms forms() {
    return new stress.ops.TableForms(List.copyOf(notes), List.copyOf(advice));
  }

  /** A new alias for a set-returning function in a subquery. */
  String alias() {
    return "q" + (++aliases);
  }
}
