package stress.mongo.value;

import java.util.List;
import java.util.regex.Pattern;
import org.bson.BsonValue;

/**
 * The parameters an operation declares, as MongoDB-style values refer to them: a string {@code ":name"} stands for
 * the value of parameter {@code name}, drawn once per execution.
 *
 * @param names the declared names, in the order of the operation's generators
 * @param dates   the indexes of parameters that draw dates (compared as dates, written {@code {"$date": ...}})
 * @param sampled the indexes of parameters that draw a collection's own values ({@code sample}), of any kind
 * @param kinds   per parameter, {@code number} or {@code string} when every drawn value is one, else null
 */
public record Parameters(List<String> names, java.util.BitSet dates, java.util.BitSet sampled, List<String> kinds) {
  private static final Pattern REFERENCE = Pattern.compile(":([A-Za-z_][A-Za-z0-9_]*)");

  public Parameters {
    names = List.copyOf(names);
    dates = (java.util.BitSet) dates.clone();
    sampled = (java.util.BitSet) sampled.clone();
    kinds = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(kinds));
  }

  /** Parameters of no known kinds beyond dates. */
  public Parameters(List<String> names, java.util.BitSet dates, java.util.BitSet sampled) {
    this(names, dates, sampled, java.util.Collections.nCopies(names.size(), null));
  }

  /** What every value of the parameter is ({@code number}, {@code string}), null when not known to be one kind. */
  public String kind(int index) {
    return index < kinds.size() ? kinds.get(index) : null;
  }

  /** Parameters none of which draws sampled values. */
  public Parameters(List<String> names, java.util.BitSet dates) {
    this(names, dates, new java.util.BitSet(), java.util.Collections.nCopies(names.size(), null));
  }

  /** Parameters none of which draws dates. */
  public Parameters(List<String> names) {
    this(names, new java.util.BitSet(), new java.util.BitSet());
  }

  /** True for a string that refers to a parameter by its {@code :name}. */
  static boolean isReference(BsonValue value) {
    return value.isString() && REFERENCE.matcher(value.asString().getValue()).matches();
  }

  /** True when the parameter draws sampled values, which may be documents or arrays. */
  public boolean isSampled(int index) {
    return sampled.get(index);
  }

  public boolean isDate(int index) {
    return dates.get(index);
  }

  /**
   * The index of the parameter a value refers to, or -1 when it is a plain value. A reference to a name that is
   * not declared is refused: a literal string that looks like one would almost always be a typo.
   */
  public int indexOf(BsonValue value) {
    if (!value.isString()) {
      return -1;
    }
    var m = REFERENCE.matcher(value.asString().getValue());
    if (!m.matches()) {
      return -1;
    }
    int index = names.indexOf(m.group(1));
    if (index < 0) {
      throw new IllegalArgumentException("parameter :" + m.group(1) + " is not declared under 'params'");
    }
    return index;
  }

  public String name(int index) {
    return names.get(index);
  }
}
