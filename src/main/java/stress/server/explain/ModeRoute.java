package stress.server.explain;

import java.util.List;
import java.util.Objects;

/**
 * One statement explained in one plan mode.
 *
 * @param mode    the plan mode
 * @param plan    the plan as the server printed it, one line per row; empty when the server refused
 * @param verdict where the statement goes
 * @param note    how it was explained when that matters (ANALYZE rolled back, ANALYZE skipped and why), or null
 */
public record ModeRoute(PlanMode mode, List<String> plan, Verdict verdict, String note) {
  public ModeRoute {
    Objects.requireNonNull(mode, "mode");
    plan = List.copyOf(plan);
    Objects.requireNonNull(verdict, "verdict");
  }
}
