package stress.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Operations with weights, keyed by name: {@code find_first=80,find_update=20}; a lone name has weight 1.
 * Choosing is one random int and a scan of a tiny array: no allocation on the hot path.
 */
public final class OperationMix {
  private final List<String> names;
  private final int[] cumulative;

  private OperationMix(Map<String, Integer> weights) {
    this.names = List.copyOf(weights.keySet());
    this.cumulative = new int[names.size()];
    int sum = 0;
    int i = 0;
    for (int w : weights.values()) {
      sum = Math.addExact(sum, w);
      cumulative[i++] = sum;
    }
  }

  /** A mix of these names and weights (each at least 1), in the map's order. */
  public static OperationMix of(Map<String, Integer> weights) {
    if (weights.isEmpty() || weights.values().stream().anyMatch(w -> w < 1)) {
      throw new UsageException("a mix needs operations with weights of at least 1, got " + weights);
    }
    return new OperationMix(new LinkedHashMap<>(weights));
  }

  /** Parses --op; every problem in the text is reported in one message. */
  public static OperationMix parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new UsageException("--op must name at least one operation");
    }
    Map<String, Integer> weights = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (String part : spec.split(",")) {
      String item = part.trim();
      int eq = item.indexOf('=');
      String name = (eq < 0 ? item : item.substring(0, eq)).trim();
      if (name.isEmpty()) {
        problems.add("empty operation name in '" + spec + "'");
        continue;
      }
      int weight = 1;
      if (eq >= 0) {
        String w = item.substring(eq + 1).trim();
        try {
          weight = Integer.parseInt(w);
        } catch (NumberFormatException e) {
          problems.add("weight of " + name + " must be a whole number, got '" + w + "'");
          continue;
        }
        if (weight <= 0) {
          problems.add("weight of " + name + " must be at least 1, got " + weight);
          continue;
        }
      }
      if (weights.putIfAbsent(name, weight) != null) {
        problems.add("operation " + name + " is named twice");
      }
    }
    if (!problems.isEmpty()) {
      throw new UsageException("--op " + String.join("; ", problems));
    }
    return new OperationMix(weights);
  }

  /** Operation names in the order given. */
  public List<String> names() {
    return names;
  }

  /** Weight of the operation at an index. */
  public int weight(int index) {
    return cumulative[index] - (index == 0 ? 0 : cumulative[index - 1]);
  }

  /** Index (into {@link #names()}) of the next operation to run. */
  public int next(SplittableRandom random) {
    if (cumulative.length == 1) {
      return 0;
    }
    int r = random.nextInt(cumulative[cumulative.length - 1]);
    for (int i = 0; i < cumulative.length; i++) {
      if (r < cumulative[i]) {
        return i;
      }
    }
    throw new AssertionError("unreachable: r < total");
  }

  /** The mix as the user would write it, e.g. find_first=80,find_update=20. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < names.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(names.get(i));
      if (names.size() > 1) {
        sb.append('=').append(weight(i));
      }
    }
    return sb.toString();
  }
}
