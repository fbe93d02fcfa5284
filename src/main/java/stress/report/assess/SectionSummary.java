package stress.report.assess;

import java.util.List;

/** A section's lines in the one-screen summary of an assessment: its findings in a few lines, figures first. */
public interface SectionSummary {
  /** At most a handful of lines, each under 120 characters, no indentation (the summary indents them). */
  List<String> summaryLines();
}
