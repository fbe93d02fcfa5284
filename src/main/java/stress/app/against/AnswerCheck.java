package stress.app.against;

import stress.model.UsageException;

/**
 * How {@code run --against} checks answers before it measures: each operation's draws on every target, and whether
 * operations whose answers differ are measured anyway (marked wherever their figures are shown) or left out.
 *
 * @param draws            draws of each operation's values, at least 1 (more are drawn while every answer is empty)
 * @param measureDifferent true to measure operations whose answers differ, marked "answers differ"
 */
public record AnswerCheck(int draws, boolean measureDifferent) {
  /** The default: a handful of draws, and an operation whose answers differ is left out. */
  public static final AnswerCheck DEFAULT = new AnswerCheck(5, false);

  public AnswerCheck {
    if (draws < 1) {
      throw new UsageException("--check-draws must be at least 1 (each operation's answers are compared on every"
          + " target before it is measured), got " + draws);
    }
  }
}
