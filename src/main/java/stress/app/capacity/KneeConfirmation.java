package stress.app.capacity;

import java.util.List;
import stress.app.capacity.CapacitySearch.Step;

/**
 * The confirmation that ends a round of a {@link CapacitySearch}: the knee held once, and the bisection chose it for
 * holding, so a rate that holds half the time is found as often as one that always holds. A round's capacity is the
 * highest rate that held {@value CapacitySearch#CONFIRMING_OFFERS} offers running, within the resolution, or none.
 */
final class KneeConfirmation {
  /** Offers {@code rate} as offer {@code confirming} of those confirming it; {@code brokeFirst} as in {@link Step}. */
  interface Offers {
    Step offer(double rate, List<String> brokeFirst, int confirming) throws Exception;
  }

  private KneeConfirmation() {
  }

  /**
   * Offers the knee until it has held {@value CapacitySearch#CONFIRMING_OFFERS} times running. A break steps down,
   * each step about twice the last (5%, then 10.25% and 21.6% more with a resolution of 5%) until a rate is
   * confirmed, at most {@value CapacitySearch#CANDIDATES} rates; then the gap between the confirmed rate and the lowest
   * unsteady one above it is halved, each middle confirmed the same way, until it is within the resolution.
   */
  static CapacityRound confirmed(Offers offers, int round, double resolution, double knee, Step broke)
      throws Exception {
    Step failed = confirm(offers, knee, 1); // the search's own offer of the knee held once
    if (failed == null) {
      return new CapacityRound(round, knee, broke, false, false, knee, CapacitySearch.CONFIRMING_OFFERS);
    }
    double high = knee;
    double low = Double.NaN;
    double down = 1 + resolution;
    for (int candidate = 2; candidate <= CapacitySearch.CANDIDATES && !Double.isFinite(low); candidate++) {
      double rate = high / down;
      Step unsteady = confirm(offers, rate, 0);
      if (unsteady == null) {
        low = rate;
      } else {
        high = rate;
        failed = unsteady;
      }
      down *= down;
    }
    if (!Double.isFinite(low)) {
      return new CapacityRound(round, Double.NaN, failed, false, false, knee, 0);
    }
    while (high / low - 1 > resolution) {
      double mid = (low + high) / 2;
      Step unsteady = confirm(offers, mid, 0);
      if (unsteady == null) {
        low = mid;
      } else {
        high = mid;
        failed = unsteady;
      }
    }
    return new CapacityRound(round, low, failed, false, false, knee, CapacitySearch.CONFIRMING_OFFERS);
  }

  /**
   * Offers {@code rate} until it has held {@value CapacitySearch#CONFIRMING_OFFERS} times running, counting
   * {@code held} offers already made; returns the offer that broke, or null when confirmed. A break that measured its
   * warm-up's backlog is offered again ({@link Step#unsettled}): its start broke, not the rate.
   */
  private static Step confirm(Offers offers, double rate, int held) throws Exception {
    for (int running = held; running < CapacitySearch.CONFIRMING_OFFERS; running++) {
      Step step = offers.offer(rate, List.of(), running + 1);
      for (int again = 0; again < CapacitySearch.UNSETTLED_REOFFERS && !step.held() && step.unsettled(); again++) {
        step = offers.offer(rate, step.broken(), running + 1);
      }
      if (!step.held()) {
        return step;
      }
    }
    return null;
  }

  /**
   * On which offer each rate that confirmed a round's knee broke, in the order tried, e.g. {@code on the offers that
   * confirm a rate, 5690 ops/s broke on its 2nd, 5420 on its 1st, 4050 on its 1st}: only what happened.
   */
  static String brokeOn(List<Step> steps, int round) {
    java.util.Map<Double, Integer> broke = new java.util.LinkedHashMap<>();
    for (Step s : steps) {
      if (s.round() == round && s.check() == 0 && s.confirming() > 0 && !s.held()) {
        broke.putIfAbsent(s.offered(), s.confirming());
      }
    }
    StringBuilder out = new StringBuilder("on the offers that confirm a rate");
    boolean first = true;
    for (java.util.Map.Entry<Double, Integer> e : broke.entrySet()) {
      out.append(", ").append(CapacityText.rate(e.getKey())).append(first ? " ops/s" : "")
          .append(" broke on its ").append(ordinal(e.getValue()));
      first = false;
    }
    return first ? "no offer that confirms a rate held" : out.toString();
  }

  private static String ordinal(int n) {
    return n == 1 ? "1st" : n == 2 ? "2nd" : n == 3 ? "3rd" : n + "th";
  }
}
