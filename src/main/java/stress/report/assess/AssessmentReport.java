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

  /** Writes {@code summary.txt} into {@code dir} and prints it on {@code out}. */
  public static void write(ObjectNode assessment, Path dir, PrintStream out) {
    List<String> lines = summary(assessment);
    try {
      Files.write(dir.resolve("summary.txt"), lines);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + dir.resolve("summary.txt") + ": " + JsonReport.reason(e), e);
    }
    lines.forEach(out::println);
  }

  /** The summary: each section's lines under its name, and the steps that did not finish. */
  static List<String> summary(JsonNode assessment) {
    List<String> lines = new ArrayList<>();
    lines.add("assessment" + (assessment.path("complete").asBoolean() ? "" : " (incomplete: some steps did not"
        + " finish, see below)") + ":");
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
