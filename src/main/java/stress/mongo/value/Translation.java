package stress.mongo.value;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import stress.ops.file.PlaceholderValue;

/**
 * The state of translating one operation: the placeholders in the order their {@code ?} are written (every
 * translator appends text and placeholders in the same order), the parameters used, and fresh aliases.
 */
public final class Translation {
  public final Parameters parameters;
  public final TranslationTarget target;
  /** Paths that a typed condition of the filter's top-level AND restricts to one kind, which a sort may then use. */
  public final java.util.Map<String, String> restricted = new java.util.HashMap<>();
  /** The paths whose facts the translation asked for (to read them for the table). */
  public final java.util.Set<String> asked = new java.util.TreeSet<>();
  /** True for an aggregation pipeline. */
  public boolean pipeline;
  /** The collections {@code $lookup} stages read. */
  public final java.util.Set<String> collections = new java.util.TreeSet<>();
  /** What the operation's writes may put into documents. */
  public final WrittenPaths writes = new WrittenPaths();
  public final List<PlaceholderValue> values = new ArrayList<>();
  /** Typed or containment equalities of the filter's top-level AND, path to kind: a sort after them may use a compound index. */
  public final java.util.Map<String, String> equalities = new java.util.LinkedHashMap<>();
  /**
   * Paths of the filter's top-level AND compared on a hand-written btree's expression, path to that expression and its
   * type: a sort on the path uses the same expression, so one index serves both.
   */
  public final java.util.Map<String, String[]> handWrittenFilter = new java.util.HashMap<>();
  private final java.util.Set<String> notes = new java.util.LinkedHashSet<>();
  private final java.util.Set<stress.ops.file.TableForms.IndexAdvice> advice = new java.util.LinkedHashSet<>();
  public final BitSet used = new BitSet();
  private int aliases;

  public Translation(Parameters parameters, TranslationTarget target) {
    this.parameters = parameters;
    this.target = target;
  }

  /**
   * True while text is written out of order (an aggregation wraps each stage's SELECT in the next one): placeholders
   * are then numbered marks, which {@link #unmark} turns into {@code ?} with the values in the text's order.
   */
  public boolean marking;
  private static final char MARK = '\u0002';

  /** Adds a placeholder whose value is made from one parameter, and returns its {@code ?}. */
  public String placeholder(int parameter, java.util.function.Function<Object, Object> make) {
    used.set(parameter);
    values.add(drawn -> make.apply(drawn[parameter]));
    return mark();
  }

  /** Adds a placeholder with its own way to make the value. */
  public String placeholder(PlaceholderValue value, BitSet parametersUsed) {
    used.or(parametersUsed);
    values.add(value);
    return mark();
  }

  private String mark() {
    return marking ? MARK + Integer.toString(values.size() - 1) + MARK : "?";
  }

  /** The text with each mark a {@code ?}, and the values reordered as their marks occur in it. */
  public String unmark(String sql) {
    List<PlaceholderValue> ordered = new ArrayList<>();
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (c == MARK) {
        int end = sql.indexOf(MARK, i + 1);
        ordered.add(values.get(Integer.parseInt(sql.substring(i + 1, end))));
        out.append('?');
        i = end + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    if (ordered.size() != values.size()) {
      throw new IllegalStateException("placeholders written " + ordered.size() + ", values " + values.size());
    }
    values.clear();
    values.addAll(ordered);
    marking = false;
    return out.toString();
  }

  /** Notes a choice of form for a path, and the index that serves it (null: none); nothing without facts. */
  public void chose(String note, stress.ops.file.TableForms.IndexAdvice served) {
    if (target.paths() == PathCatalog.NONE) {
      return;
    }
    notes.add(note);
    if (served != null) {
      advice.add(served);
    }
  }

  /** The choices made. */
  public stress.ops.file.TableForms forms() {
    return new stress.ops.file.TableForms(List.copyOf(notes), List.copyOf(advice), pipeline);
  }

  /** A new alias for a set-returning function in a subquery. */
  public String alias() {
    return "q" + (++aliases);
  }
}
