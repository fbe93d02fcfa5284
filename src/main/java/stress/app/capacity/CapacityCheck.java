package stress.app.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The capacity a search found, checked as a sceptical engineer would before believing it: offered again as plain
 * open-loop runs of the search's step length, each beside a run at {@value #ABOVE} times it, interleaved. A capacity
 * that does not hold in every one of its runs is not vouched for: a search on a noisy host can find a rate that held a
 * few offers running by chance, and a rate at the knee holds in some runs and breaks in others (with most of 3 runs
 * as the rule, a capacity held in 2 of its own checks and then broke in 3 of 3 plain runs from outside).
 *
 * @param rate    the capacity checked, ops/s
 * @param above   the rate offered beside it, {@value #ABOVE} times it
 * @param atRate  the runs at the capacity, in order
 * @param atAbove the runs above it, in order
 */
public record CapacityCheck(double rate, double above, List<CapacitySearch.Step> atRate,
                            List<CapacitySearch.Step> atAbove) {
  /** The rate offered beside the capacity, as a multiple of it. */
  public static final double ABOVE = 1.2;

  public CapacityCheck {
    atRate = List.copyOf(atRate);
    atAbove = List.copyOf(atAbove);
  }

  /** How many runs check a search of {@code rounds} rounds: as many as its rounds, at least 3. */
  public static int runs(int rounds) {
    return Math.max(3, rounds);
  }

  /** This check with one more run. */
  CapacityCheck with(CapacitySearch.Step step) {
    List<CapacitySearch.Step> at = new ArrayList<>(atRate);
    List<CapacitySearch.Step> over = new ArrayList<>(atAbove);
    (step.offered() == rate ? at : over).add(step);
    return new CapacityCheck(rate, above, at, over);
  }

  /** Runs at the capacity that held. */
  public long held() {
    return atRate.stream().filter(CapacitySearch.Step::held).count();
  }

  /** Runs above the capacity that broke. */
  public long aboveBroke() {
    return atAbove.stream().filter(s -> !s.held()).count();
  }

  /** Whether the capacity held in every one of its runs. */
  public boolean holds() {
    return !atRate.isEmpty() && held() == atRate.size();
  }

  /**
   * E.g. {@code checked: 4000 ops/s held p99<=5ms in 3 of 3 plain runs (p99 2.1, 2.4, 3.0 ms); 1.2x (4800 ops/s) broke
   * in 2 of 3 (p99 7.7, 4.1, 9.3 ms)}.
   */
  String line(String objectives, String figure) {
    String text = "checked: " + CapacityText.rate(rate) + " ops/s held " + objectives + " in " + held() + " of "
        + atRate.size() + " plain runs (" + figures(atRate, figure) + "); " + CapacityText.ratio(ABOVE) + " ("
        + CapacityText.rate(above) + " ops/s) broke in " + aboveBroke() + " of " + atAbove.size() + " ("
        + figures(atAbove, figure) + ")";
    if (!holds()) {
      return text + ": no rate vouched for, the capacity the search found did not hold in every plain run at it (the"
          + " host's noise, or a server whose latency drifts); quiet or pin the host, lengthen the steps, add rounds";
    }
    return 2 * aboveBroke() > atAbove.size() ? text : text + ": the rate above held too, so the capacity may be higher"
        + " than found (a conservative answer)";
  }

  private static String figures(List<CapacitySearch.Step> steps, String figure) {
    return figure + " " + steps.stream().map(s -> CapacityText.ms(StepVerdict.figure(figure, s.measured())))
        .collect(Collectors.joining(", ")) + " ms";
  }
}
