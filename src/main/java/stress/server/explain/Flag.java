package stress.server.explain;

/**
 * A plan mode that does worse than another mode of the same statement, with what to do about it.
 *
 * @param mode    the mode that does worse
 * @param finding what happens, e.g. {@code broadcast to 2 of 2 datanodes where plain reaches one}
 * @param advice  what to change
 */
public record Flag(PlanMode mode, String finding, String advice) {
  /** {@code <mode>: <finding>; <advice>}. */
  public String line() {
    return mode.label() + ": " + finding + "; " + advice;
  }
}
