package stress.runner;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;

/**
 * The order in which the combinations of a run of several rounds run ({@code --rounds N}): round r runs every
 * combination once, so the rounds are interleaved and a drift of the machine reaches every combination alike. Round 1
 * keeps the given order; with two combinations the order then alternates (A B, B A, A B ...); with more, each later
 * round is a shuffle from the run's seed whose first combination is not the previous round's first, so none always
 * runs first or always after the same one.
 */
public final class RoundSchedule {
  private RoundSchedule() {}

  /** The order of each round: a list of indexes into the combinations, one list per round. */
  public static List<List<Integer>> orders(int combinations, int rounds, long seed) {
    if (combinations < 1 || rounds < 1) {
      throw new IllegalArgumentException("a schedule needs a combination and a round, got " + combinations + " and "
          + rounds);
    }
    List<Integer> first = new ArrayList<>();
    for (int i = 0; i < combinations; i++) {
      first.add(i);
    }
    List<List<Integer>> orders = new ArrayList<>();
    orders.add(List.copyOf(first));
    Random random = new Random(seed);
    for (int r = 1; r < rounds; r++) {
      List<Integer> previous = orders.get(r - 1);
      List<Integer> order = new ArrayList<>(previous);
      if (combinations == 2) {
        Collections.reverse(order);
      } else if (combinations > 2) {
        Collections.shuffle(order, random);
        if (order.get(0).equals(previous.get(0))) {
          Collections.rotate(order, -1);
        }
      }
      orders.add(List.copyOf(order));
    }
    return orders;
  }

  /**
   * Every combination in every round, in the order of {@link #orders}; with one round the combinations as given.
   *
   * @param inRound the combination as run in round r (1-based)
   */
  public static <T> List<T> interleave(List<T> combinations, int rounds, long seed, BiFunction<T, Integer, T> inRound) {
    if (rounds == 1) {
      return List.copyOf(combinations);
    }
    List<T> all = new ArrayList<>();
    List<List<Integer>> orders = orders(combinations.size(), rounds, seed);
    for (int r = 0; r < rounds; r++) {
      for (int i : orders.get(r)) {
        all.add(inRound.apply(combinations.get(i), r + 1));
      }
    }
    return all;
  }
}
