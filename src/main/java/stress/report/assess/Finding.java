package stress.report.assess;

/**
 * One fact of an assessment that bears on a verdict: what it is, which collection it is about (null: the
 * application), how it weighs, and the section that holds its evidence.
 *
 * @param ns      the collection ({@code db.collection}), or null for the application as a whole
 * @param weight  a blocker, a change to make, or a note (a fact the reader must know, which changes no verdict)
 * @param section the step whose section holds the evidence (the report links to it)
 * @param text    the fact in one sentence, with its figures; for a change, the change itself
 * @param share   the share of the logged operations it concerns (0 to 1), or null when it is not about operations
 */
public record Finding(String ns, Weight weight, String section, String text, Double share) {
  /** How a finding weighs on the verdict. */
  public enum Weight {
    /** The collection (or the application) cannot run on the target as it is. */
    BLOCKER,
    /** It runs once this is done (an index built, an option given, a layout chosen). */
    CHANGE,
    /** Evidence is missing (a step skipped, a check not made, no capacity vouched for): the verdict says so. */
    UNDETERMINED,
    /** A fact beside the verdict. */
    NOTE
  }
}
