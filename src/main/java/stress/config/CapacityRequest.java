package stress.config;

import java.time.Duration;
import java.util.List;

/**
 * What {@code run --slo} asks: the highest offered rate at which every objective holds.
 *
 * @param objectives what each step must hold ({@code --slo})
 * @param resolution how close the highest held and the lowest broken rate end, e.g. 0.05 ({@code --slo-resolution})
 * @param loggedRate the application's logged rate when {@code --rate log} gave the start, else NaN: the capacity is
 *                   then also said as a multiple of it
 * @param checked    whether the capacity found is checked by plain runs at it before it is vouched for (not with
 *                   {@code --no-slo-check}, a quick look whose answer is said to be unchecked)
 * @param checkDuration how long each run of the check measures ({@code --slo-check-duration})
 * @param window        the window each objective is also read over in a run of the check ({@code --slo-window})
 * @param searchTimeLimit the time the search's rounds may take from their first step (its check not included): no
 *                        step starts that is expected to end after it, and the rounds not ended by then give no answer;
 *                        null for none (the command line's searches, which end by their steps)
 * @param loggedPeak the application's logged peak (its busiest second's statements) when {@code --rate log} runs all
 *                   of its operations, else NaN: the capacity is then also said as a multiple of it
 */
public record CapacityRequest(List<LatencyObjective> objectives, double resolution, double loggedRate,
                              boolean checked, Duration checkDuration, Duration window, Duration searchTimeLimit,
                              double loggedPeak) {
  /** A check run's length and window where none is given. */
  public static final Duration CHECK_DURATION = Duration.ofSeconds(30);
  public static final Duration WINDOW = Duration.ofSeconds(5);

  public CapacityRequest {
    objectives = List.copyOf(objectives);
  }

  /** A request with no logged peak. */
  public CapacityRequest(List<LatencyObjective> objectives, double resolution, double loggedRate, boolean checked,
                         Duration checkDuration, Duration window, Duration searchTimeLimit) {
    this(objectives, resolution, loggedRate, checked, checkDuration, window, searchTimeLimit, Double.NaN);
  }

  /** A request with no time limit. */
  public CapacityRequest(List<LatencyObjective> objectives, double resolution, double loggedRate, boolean checked,
                         Duration checkDuration, Duration window) {
    this(objectives, resolution, loggedRate, checked, checkDuration, window, null);
  }

  /** This request with another logged rate. */
  public CapacityRequest withLoggedRate(double rate) {
    return new CapacityRequest(objectives, resolution, rate, checked, checkDuration, window, searchTimeLimit,
        loggedPeak);
  }

  /** This request with another logged peak (NaN: none known). */
  public CapacityRequest withLoggedPeak(double peak) {
    return new CapacityRequest(objectives, resolution, loggedRate, checked, checkDuration, window, searchTimeLimit,
        peak);
  }

  /** A request whose answer is checked, or not, by runs of the default length and window. */
  public CapacityRequest(List<LatencyObjective> objectives, double resolution, double loggedRate, boolean checked) {
    this(objectives, resolution, loggedRate, checked, CHECK_DURATION, WINDOW);
  }

  /** A request whose answer is checked. */
  public CapacityRequest(List<LatencyObjective> objectives, double resolution, double loggedRate) {
    this(objectives, resolution, loggedRate, true);
  }
}
