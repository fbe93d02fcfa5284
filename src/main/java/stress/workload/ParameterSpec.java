package stress.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import stress.ops.OperationSession;
import stress.ops.file.NewKeyParameter;
import stress.ops.file.ParameterGenerator;
import stress.ops.file.SampledValues;

/**
 * One parameter's generator as declared in a workload file:
 * {@code key} (an existing key: --distribution, --instance, as the built-ins),
 * {@code {int: [MIN, MAX]}}, {@code {long: [MIN, MAX]}}, {@code {double: [MIN, MAX]}} (uniform, bounds
 * included; the double's upper bound excluded), {@code {date: [FROM, TO]}} (ISO-8601 instants, uniform to the
 * millisecond, both included; an OffsetDateTime in UTC, a timestamptz to SQL and a date to MongoDB-style filters), {@code {choice: [A, B, ...]}} (uniform, values of one type)
 * or {@code {sample: PATH, cap: N}} (the distinct values of a document path, read before measuring).
 *
 * @param generator makes the values
 * @param isKey     true for {@code key}
 * @param kind      what every drawn value is, {@code number} or {@code string} (or {@code date}), null when not one kind
 * @param bound     the Java class of every drawn value, which decides the SQL type pgjdbc binds it as, or null when
 *                  it depends on the table ({@code key}, {@code new_key}) or is JSON (a MongoDB-style sample)
 */
record ParameterSpec(ParameterGenerator generator, boolean isKey, boolean isDate, String kind, Class<?> bound) {
  ParameterSpec(ParameterGenerator generator, boolean isKey) {
    this(generator, isKey, false, null, null);
  }

  private static final String KINDS = "key, new_key, {sample: PATH, cap: N}, {int: [MIN, MAX]}, {long: [MIN, MAX]}, {double: [MIN, MAX]},"
      + " {date: [FROM, TO]}, {choice: [A, B, ...]}, {choice: [A, B, ...], weights: [WA, WB, ...]}";

  static ParameterSpec parse(String name, YamlNode node, String file) {
    return parse(name, node, file, false);
  }

  /** @param jsonSamples true for a MongoDB-style operation: sampled values are read as JSON values */
  static ParameterSpec parse(String name, YamlNode node, String file, boolean jsonSamples) {
    if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw new WorkloadFileException(node.line(), "parameter '" + name + "': a name is letters, digits and _");
    }
    if ("key".equals(node.text())) {
      return new ParameterSpec(new stress.ops.file.ExistingKeyParameter(), true);
    }
    if ("new_key".equals(node.text())) {
      return new ParameterSpec(new NewKeyParameter(), false);
    }
    if (node.isMap() && node.map().containsKey("sample")) {
      return sample(name, node, file, jsonSamples);
    }
    if (node.isMap() && node.map().containsKey("choice") && node.map().containsKey("weights")) {
      String where = "parameter '" + name + "' (choice)";
      WorkloadFile.checkKeys(node, java.util.Set.of("choice", "weights"), where);
      YamlNode values = node.map().get("choice");
      ParameterGenerator weighted = weightedChoice(where, values, node.map().get("weights"));
      return new ParameterSpec(weighted, false, false, choiceKind(values), choiceClass(values));
    }
    if (!node.isMap() || node.map().size() != 1) {
      throw new WorkloadFileException(node.line(), "parameter '" + name + "' must be one of " + KINDS);
    }
    Map.Entry<String, YamlNode> only = node.map().entrySet().iterator().next();
    YamlNode arg = only.getValue();
    String where = "parameter '" + name + "' (" + only.getKey() + ")";
    return switch (only.getKey()) {
      case "int" -> {
        long[] r = wholeRange(where, arg, Integer.MIN_VALUE, Integer.MAX_VALUE);
        int min = (int) r[0];
        int span = (int) (r[1] - r[0] + 1);
        yield new ParameterSpec(span <= 0
            ? s -> (int) (r[0] + s.random().nextLong(r[1] - r[0] + 1))
            : s -> min + s.random().nextInt(span), false, false, "number", Integer.class);
      }
      case "long" -> {
        long[] r = wholeRange(where, arg, Long.MIN_VALUE, Long.MAX_VALUE);
        long min = r[0];
        long width;
        try {
          width = Math.addExact(Math.subtractExact(r[1], r[0]), 1);
        } catch (ArithmeticException e) {
          throw new WorkloadFileException(arg.line(), where + ": MAX - MIN must be below " + Long.MAX_VALUE);
        }
        yield new ParameterSpec(s -> min + s.random().nextLong(width), false, false, "number", Long.class);
      }
      case "double" -> {
        List<YamlNode> b = pair(where, arg);
        if (!b.get(0).isNumber() || !b.get(1).isNumber()) {
          throw new WorkloadFileException(arg.line(), where + ": bounds must be numbers");
        }
        double min = Double.parseDouble(b.get(0).text());
        double max = Double.parseDouble(b.get(1).text());
        if (!(min < max) || Double.isInfinite(max - min)) {
          throw new WorkloadFileException(arg.line(), where + ": MIN must be below MAX, got " + min + ", " + max);
        }
        yield new ParameterSpec(s -> s.random().nextDouble(min, max), false, false, "number", Double.class);
      }
      case "choice" -> {
        ParameterGenerator choice = choice(where, arg);
        yield new ParameterSpec(choice, false, false, choiceKind(arg), choiceClass(arg));
      }
      case "date" -> new ParameterSpec(dates(where, arg), false, true, "date", java.time.OffsetDateTime.class);
      default -> throw new WorkloadFileException(node.line(), "parameter '" + name + "': unknown generator '"
          + only.getKey() + "'; known: " + KINDS);
    };
  }

  private static ParameterSpec sample(String name, YamlNode node, String file, boolean json) {
    String where = "parameter '" + name + "' (sample)";
    WorkloadFile.checkKeys(node, java.util.Set.of("sample", "cap"), where);
    YamlNode path = node.map().get("sample");
    if (path.scalar() == null || path.text() == null || !path.text().matches("[^.]+(\\.[^.]+)*")) {
      throw new WorkloadFileException(path.line(), where + ": needs a document path like address.city");
    }
    YamlNode cap = node.map().get("cap");
    if (cap == null) {
      throw new WorkloadFileException(node.line(), where + ": needs 'cap', the most distinct values read");
    }
    if (!cap.isWholeNumber() || Long.parseLong(cap.text()) < 1 || Long.parseLong(cap.text()) > 10_000_000) {
      throw new WorkloadFileException(cap.line(), where + ": cap must be a whole number from 1 to 10000000, got '"
          + cap.text() + "'");
    }
    return new ParameterSpec(new SampledValues(name, List.of(path.text().split("\\.")), Integer.parseInt(cap.text()),
        file + ":" + node.line(), json), false, false, null, json ? null : String.class);
  }

  private static ParameterGenerator dates(String where, YamlNode arg) {
    List<YamlNode> b = pair(where, arg);
    long[] ms = new long[2];
    for (int i = 0; i < 2; i++) {
      try {
        ms[i] = java.time.Instant.parse(b.get(i).text()).toEpochMilli();
      } catch (RuntimeException e) {
        throw new WorkloadFileException(b.get(i).line(), where + ": bounds must be ISO-8601 instants such as"
            + " 2024-01-31T00:00:00Z, got '" + b.get(i).text() + "'");
      }
    }
    if (ms[0] > ms[1]) {
      throw new WorkloadFileException(arg.line(), where + ": FROM must not be after TO");
    }
    long from = ms[0];
    long width = ms[1] - ms[0] + 1;
    return s -> java.time.OffsetDateTime.ofInstant(java.time.Instant.ofEpochMilli(from + s.random().nextLong(width)),
        java.time.ZoneOffset.UTC);
  }

  private static List<YamlNode> pair(String where, YamlNode arg) {
    if (!arg.isList() || arg.list().size() != 2) {
      throw new WorkloadFileException(arg.line(), where + ": needs [MIN, MAX]");
    }
    return arg.list();
  }

  private static long[] wholeRange(String where, YamlNode arg, long lowest, long highest) {
    List<YamlNode> b = pair(where, arg);
    long[] r = new long[2];
    for (int i = 0; i < 2; i++) {
      YamlNode v = b.get(i);
      long value;
      try {
        if (!v.isWholeNumber()) {
          throw new NumberFormatException();
        }
        value = Long.parseLong(v.text());
      } catch (NumberFormatException e) {
        throw new WorkloadFileException(v.line(), where + ": bounds must be whole numbers, got '" + v.text() + "'");
      }
      if (value < lowest || value > highest) {
        throw new WorkloadFileException(v.line(), where + ": " + value + " is out of range " + lowest + ".." + highest);
      }
      r[i] = value;
    }
    if (r[0] > r[1]) {
      throw new WorkloadFileException(arg.line(), where + ": MIN must not exceed MAX, got " + r[0] + ", " + r[1]);
    }
    return r;
  }

  /** {@code number} when a choice's values are numbers, {@code string} when text (choice checks they are one type). */
  private static String choiceKind(YamlNode arg) {
    var scalar = arg.list().get(0).scalar();
    return scalar == com.fasterxml.jackson.core.JsonToken.VALUE_NUMBER_INT
        || scalar == com.fasterxml.jackson.core.JsonToken.VALUE_NUMBER_FLOAT ? "number" : "string";
  }

  /** The class of a choice's values, as {@link #choice} makes them (it checks they are one type). */
  private static Class<?> choiceClass(YamlNode arg) {
    return switch (arg.list().get(0).scalar()) {
      case VALUE_NUMBER_INT -> Long.class;
      case VALUE_NUMBER_FLOAT -> Double.class;
      default -> String.class;
    };
  }

  /**
   * A choice whose value i is drawn with probability weights[i] / sum(weights), e.g. the values a log shows with how
   * often it shows each: a binary search over the running sums.
   */
  private static ParameterGenerator weightedChoice(String where, YamlNode valuesNode, YamlNode weightsNode) {
    Object[] values = choiceValues(where, valuesNode);
    if (!weightsNode.isList() || weightsNode.list().size() != values.length) {
      throw new WorkloadFileException(weightsNode.line(), where + ": 'weights' must be a list of " + values.length
          + " whole numbers, one per value");
    }
    long[] upTo = new long[values.length];
    long sum = 0;
    for (int i = 0; i < values.length; i++) {
      YamlNode w = weightsNode.list().get(i);
      if (!w.isWholeNumber() || Long.parseLong(w.text()) < 1) {
        throw new WorkloadFileException(w.line(), where + ": each weight must be a whole number of at least 1, got '"
            + w.text() + "'");
      }
      try {
        sum = Math.addExact(sum, Long.parseLong(w.text()));
      } catch (ArithmeticException e) {
        throw new WorkloadFileException(w.line(), where + ": the weights must add up to less than " + Long.MAX_VALUE);
      }
      upTo[i] = sum;
    }
    long total = sum;
    return s -> {
      int at = java.util.Arrays.binarySearch(upTo, s.random().nextLong(total) + 1);
      return values[at >= 0 ? at : -at - 1];
    };
  }

  private static ParameterGenerator choice(String where, YamlNode arg) {
    Object[] array = choiceValues(where, arg);
    if (array.length == 1) {
      Object one = array[0];
      return s -> one;
    }
    return s -> array[s.random().nextInt(array.length)];
  }

  private static Object[] choiceValues(String where, YamlNode arg) {
    if (!arg.isList() || arg.list().isEmpty()) {
      throw new WorkloadFileException(arg.line(), where + ": needs a non-empty list of values");
    }
    List<Object> values = new ArrayList<>();
    Class<?> type = null;
    for (YamlNode v : arg.list()) {
      if (v.scalar() == null || v.text() == null) {
        throw new WorkloadFileException(v.line(), where + ": each value must be a string or a number");
      }
      Object value = switch (v.scalar()) {
        case VALUE_NUMBER_INT -> Long.parseLong(v.text());
        case VALUE_NUMBER_FLOAT -> Double.parseDouble(v.text());
        default -> v.text();
      };
      if (type != null && type != value.getClass()) {
        throw new WorkloadFileException(v.line(), where + ": all values must be of one type (text, whole or decimal"
            + " numbers); quote numbers meant as text");
      }
      type = value.getClass();
      values.add(value);
    }
    return values.toArray();
  }
}
