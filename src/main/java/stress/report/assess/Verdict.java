package stress.report.assess;

import java.util.List;

/**
 * The verdict on one collection (or the application, {@code ns} null): ready, ready with changes, or blocked, with
 * the findings it rests on (the blockers, the changes, what is not determined).
 */
public record Verdict(String ns, Outcome outcome, List<Finding> findings) {
  /** The three verdicts. */
  public enum Outcome {
    READY("ready"), READY_WITH_CHANGES("ready with changes"), BLOCKED("blocked");

    private final String text;

    Outcome(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** The findings of one weight. */
  public List<Finding> of(Finding.Weight weight) {
    return findings.stream().filter(f -> f.weight() == weight).toList();
  }
}
