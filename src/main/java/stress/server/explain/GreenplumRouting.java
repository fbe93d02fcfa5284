package stress.server.explain;

import java.sql.Connection;
import java.util.List;

/** Greenplum family: segments from the plan's Motions, the total from {@code gp_segment_configuration}. */
final class GreenplumRouting implements TargetRouting {
  private final int segments;

  GreenplumRouting(int segments) {
    this.segments = segments;
  }

  @Override
  public Verdict verdict(List<String> plan, Connection connection) {
    return GreenplumPlan.parse(plan).verdict(segments);
  }

  @Override
  public String broadcastAdvice(PlanMode mode) {
    if (mode == PlanMode.GENERIC) {
      return "a generic plan cannot use the key to choose a segment, so it goes to every segment; use --mode plain"
          + " or --query-mode simple, and keep plan_cache_mode at auto (or --set plan_cache_mode=force_custom_plan)"
          + " so prepared statements get custom plans";
    }
    return TargetRouting.super.broadcastAdvice(mode);
  }
}
