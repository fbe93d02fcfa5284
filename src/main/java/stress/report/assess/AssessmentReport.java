package stress.report.assess;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import stress.report.JsonReport;

/**
 * The assessment's report from its file: the summary of one screen (printed, and kept as {@code summary.txt}) and
 * {@code report.html}, both read from the sections as {@code assessment.json} holds them.
 */
public final class AssessmentReport {
  private AssessmentReport() {}

  /** The summary's most findings of one kind under a verdict; the rest are counted, and all are in report.html. */
  static final int FINDINGS_SHOWN = 3;

  /**
   * Puts the verdicts into {@code assessment} (its {@code verdicts}), writes {@code summary.txt} and
   * {@code report.html} into {@code dir} and prints the summary on {@code out}.
   */
  public static void write(ObjectNode assessment, Path dir, PrintStream out) {
    List<Verdict> verdicts = VerdictRules.of(assessment);
    assessment.set("verdicts", JsonReport.mapper().valueToTree(verdicts));
    List<String> lines = summary(assessment, verdicts);
    try {
      Files.write(dir.resolve("summary.txt"), lines);
      Files.writeString(dir.resolve(AssessmentHtml.FILE_NAME), AssessmentHtml.page(assessment, verdicts));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the report into " + dir + ": " + JsonReport.reason(e), e);
    }
    lines.forEach(out::println);
    out.println("report: " + dir.resolve(AssessmentHtml.FILE_NAME) + " (every finding with its evidence), "
        + dir.resolve("assessment.json"));
  }

  /** The summary: the verdicts with their first findings, each section's lines, and the steps that did not finish. */
  static List<String> summary(JsonNode assessment, List<Verdict> verdicts) {
    List<String> lines = new ArrayList<>();
    lines.add("verdicts" + (assessment.path("complete").asBoolean() ? "" : " (incomplete: some steps did not"
        + " finish, see below)") + ":");
    for (Verdict v : verdicts) {
      lines.add(String.format(java.util.Locale.ROOT, "  %-30s %s", v.ns() == null ? "the application" : v.ns(),
          v.outcome().text()));
      for (Finding.Weight w : List.of(Finding.Weight.BLOCKER, Finding.Weight.CHANGE, Finding.Weight.UNDETERMINED)) {
        List<Finding> of = v.of(w);
        if (v.ns() == null && w != Finding.Weight.UNDETERMINED) {
          of = of.stream().filter(f -> f.ns() == null).toList();
        }
        String label = switch (w) {
          case BLOCKER -> "blocker";
          case CHANGE -> "change";
          default -> "not determined";
        };
        of.stream().limit(FINDINGS_SHOWN).forEach(f -> lines.add("    " + label + ": " + f.text()
            + (f.share() == null ? "" : String.format(java.util.Locale.ROOT, " (%.1f%% of the logged operations)",
            100 * f.share()))));
        if (of.size() > FINDINGS_SHOWN) {
          lines.add("    and " + (of.size() - FINDINGS_SHOWN) + " more (" + label + ") in report.html");
        }
      }
      if (v.ns() == null) {
        List<String> blocked = verdicts.stream().filter(c -> c.ns() != null
            && c.outcome() == Verdict.Outcome.BLOCKED).map(Verdict::ns).toList();
        if (!blocked.isEmpty()) {
          lines.add("    blocked by its collection" + (blocked.size() == 1 ? " " : "s ") + String.join(", ", blocked));
        }
      }
    }
    lines.add("assessment:");
    for (Map.Entry<String, Class<? extends SectionSummary>> e : AssessSections.TYPES.entrySet()) {
      SectionSummary section = section(assessment, e.getKey(), e.getValue());
      if (section != null) {
        lines.add("  " + e.getKey() + ":");
        section.summaryLines().forEach(l -> lines.add("    " + l));
      }
    }
    for (JsonNode step : assessment.path("plan")) {
      String status = step.path("status").asText();
      if (!status.equals("done")) {
        lines.add("  " + step.path("step").asText() + ": " + status + (step.path("reason").isTextual() ? ": "
            + step.path("reason").asText() : ""));
      }
    }
    return lines;
  }

  /** A section read as its record, or null when its step did not finish. */
  public static <T> T section(JsonNode assessment, String name, Class<T> type) {
    JsonNode node = assessment.path("sections").get(name);
    if (node == null || node.isNull()) {
      return null;
    }
    try {
      return JsonReport.mapper().treeToValue(node, type);
    } catch (IOException e) {
      throw new UncheckedIOException("assessment.json: section " + name + " cannot be read: " + e.getMessage(), e);
    }
  }
}
