package stress.app.assess;

import java.time.Duration;

/**
 * One step of an assessment: it runs once, and the section it returns (a record Jackson writes) is saved in the
 * assessment's folder as soon as it returns, so that a re-run resumes after it and the report reads it.
 */
public interface AssessStep {
  /** The section's key in {@code assessment.json}, e.g. {@code inventory}. */
  String name();

  /** What the step finds out, for the plan and the progress lines, e.g. "inventory of the dump and the log". */
  String title();

  /** Why the step does not apply to this assessment (no dump, no MongoDB server, not a cluster...), or null. */
  String skipReason(AssessContext context);

  /** The time the step is expected to take, for the plan and the budget. */
  Duration estimate(AssessContext context);

  /**
   * The shortest time it can still say something in, when the budget is short: the slow steps (capacity, answer checks)
   * shrink to it; a step whose estimate is its minimum runs whole or not at all.
   */
  default Duration minimum(AssessContext context) {
    return estimate(context);
  }

  /**
   * Runs the step within {@code allowance} (its estimate, or less when the budget is short) and returns its section.
   * The evidence it writes goes under {@link AssessContext#stepDir(String)}.
   */
  Object run(AssessContext context, Duration allowance) throws Exception;

  /** The command (or commands) that reproduces this part alone, as a user types it. */
  String reproduce(AssessContext context);
}
