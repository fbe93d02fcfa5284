package stress.report.assess;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import stress.report.Escaping;

/**
 * {@code report.html} of an assessment: the verdicts first (the application, then each collection), each finding a
 * link to the section that holds its evidence; then each collection's part of every section; then the application's
 * sections and the steps with the command that reproduces each. Read from {@code assessment.json} alone; one page, no
 * script.
 */
public final class AssessmentHtml {
  public static final String FILE_NAME = "report.html";

  private AssessmentHtml() {}

  public static String page(JsonNode assessment, List<Verdict> verdicts) {
    StringBuilder h = new StringBuilder(16_384);
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Assessment</title>\n<style>")
        .append("body{font-family:system-ui,sans-serif;margin:1.5em;max-width:1400px}table{border-collapse:collapse;")
        .append("margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .5em;vertical-align:top;text-align:left}")
        .append("th{background:#f3f3f3}.blocked{background:#fbd5d5}.ready-with-changes{background:#fdf0c8}")
        .append(".ready{background:#d8f3dc}code{font-size:90%}.incomplete{color:#a00;font-weight:bold}")
        .append("</style></head><body>\n<h1>Is the application ready?</h1>\n");
    if (!assessment.path("complete").asBoolean()) {
      h.append("<p class=\"incomplete\">Incomplete: some steps did not finish (see <a href=\"#steps\">Steps</a>); a"
          + " re-run with the same --out resumes from the first of them.</p>\n");
    }
    verdictTable(h, verdicts);
    for (Verdict v : verdicts) {
      if (v.ns() != null) {
        collection(h, assessment, v);
      }
    }
    h.append("<section id=\"application\"><h2>The application</h2>\n");
    for (Map.Entry<String, Class<? extends SectionSummary>> e : AssessSections.TYPES.entrySet()) {
      SectionSummary s = AssessmentReport.section(assessment, e.getKey(), e.getValue());
      h.append("<div id=\"s-").append(e.getKey()).append("\"><h3>").append(Escaping.html(e.getKey())).append("</h3>\n");
      if (s == null) {
        h.append("<p>Not determined: the step did not finish.</p>");
      } else {
        h.append("<ul>");
        s.summaryLines().forEach(l -> h.append("<li>").append(Escaping.html(l)).append("</li>"));
        h.append("</ul>\n<details><summary>every figure</summary>");
        value(h, assessment.path("sections").path(e.getKey()));
        h.append("</details>");
      }
      h.append("</div>\n");
    }
    h.append("</section>\n");
    steps(h, assessment);
    h.append("</body></html>\n");
    return h.toString();
  }

  private static void verdictTable(StringBuilder h, List<Verdict> verdicts) {
    h.append("<section id=\"verdicts\"><h2>Verdicts</h2>\n<table><tr><th>collection</th><th>verdict</th>")
        .append("<th>blockers</th><th>changes</th><th>not determined</th></tr>\n");
    for (Verdict v : verdicts) {
      String cls = v.outcome().text().replace(' ', '-');
      h.append("<tr class=\"").append(cls).append("\"><td>").append(v.ns() == null ? "<b>the application</b>"
          : "<a href=\"#" + anchor(v.ns()) + "\">" + Escaping.html(v.ns()) + "</a>").append("</td><td>")
          .append(Escaping.html(v.outcome().text())).append("</td>");
      for (Finding.Weight w : List.of(Finding.Weight.BLOCKER, Finding.Weight.CHANGE, Finding.Weight.UNDETERMINED)) {
        h.append("<td>");
        for (Finding f : v.of(w)) {
          h.append("<div><a href=\"#").append(evidence(f)).append("\">").append(Escaping.html(f.text())).append("</a>")
              .append(f.share() == null ? "" : String.format(Locale.ROOT, " (%.1f%% of the logged operations)",
                  100 * f.share())).append("</div>");
        }
        h.append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table></section>\n");
  }

  /** A collection's part of each section: the rows of the section's lists that name it. */
  private static void collection(StringBuilder h, JsonNode assessment, Verdict v) {
    h.append("<section id=\"").append(anchor(v.ns())).append("\"><h2>").append(Escaping.html(v.ns())).append(": ")
        .append(Escaping.html(v.outcome().text())).append("</h2>\n");
    for (String section : AssessSections.TYPES.keySet()) {
      h.append("<div id=\"").append(anchor(v.ns())).append("-").append(section).append("\"><h3>")
          .append(Escaping.html(section)).append("</h3>\n");
      JsonNode node = assessment.path("sections").path(section);
      List<JsonNode> rows = new ArrayList<>();
      collect(node, v.ns(), rows);
      if (node.isMissingNode() || node.isNull()) {
        h.append("<p>Not determined: the step did not finish.</p>");
      } else if (rows.isEmpty()) {
        h.append("<p>Nothing about this collection (see <a href=\"#s-").append(section)
            .append("\">the application's</a>).</p>");
      } else {
        table(h, rows);
      }
      h.append("</div>\n");
    }
    h.append("</section>\n");
  }

  /** The objects anywhere in {@code node} whose {@code ns} is {@code ns}. */
  private static void collect(JsonNode node, String ns, List<JsonNode> rows) {
    if (node.isObject()) {
      if (ns.equals(node.path("ns").asText(null))) {
        rows.add(node);
        return;
      }
      node.forEach(child -> collect(child, ns, rows));
    } else if (node.isArray()) {
      node.forEach(child -> collect(child, ns, rows));
    }
  }

  private static void table(StringBuilder h, List<JsonNode> rows) {
    Set<String> columns = new LinkedHashSet<>();
    rows.forEach(r -> r.fieldNames().forEachRemaining(columns::add));
    columns.remove("ns");
    h.append("<table><tr>");
    columns.forEach(c -> h.append("<th>").append(Escaping.html(c)).append("</th>"));
    h.append("</tr>\n");
    for (JsonNode r : rows) {
      h.append("<tr>");
      for (String c : columns) {
        h.append("<td>");
        value(h, r.path(c));
        h.append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  /** A value: text as is, a list of objects as a table, anything else as compact JSON. */
  private static void value(StringBuilder h, JsonNode v) {
    if (v.isMissingNode() || v.isNull()) {
      h.append("");
    } else if (v.isValueNode()) {
      h.append(Escaping.html(v.asText()));
    } else if (v.isArray() && v.size() > 0 && v.get(0).isObject()) {
      List<JsonNode> rows = new ArrayList<>();
      v.forEach(rows::add);
      table(h, rows);
    } else if (v.isObject() && v.size() > 0) {
      h.append("<table>");
      Iterator<Map.Entry<String, JsonNode>> fields = v.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> f = fields.next();
        h.append("<tr><th>").append(Escaping.html(f.getKey())).append("</th><td>");
        value(h, f.getValue());
        h.append("</td></tr>");
      }
      h.append("</table>");
    } else {
      h.append("<code>").append(Escaping.html(v.toString())).append("</code>");
    }
  }

  private static void steps(StringBuilder h, JsonNode assessment) {
    h.append("<section id=\"steps\"><h2>Steps</h2>\n<table><tr><th>step</th><th>status</th><th>seconds</th>")
        .append("<th>the command that reproduces it alone</th></tr>\n");
    for (JsonNode s : assessment.path("plan")) {
      h.append("<tr id=\"step-").append(Escaping.html(s.path("step").asText())).append("\"><td>")
          .append(Escaping.html(s.path("step").asText())).append("</td><td>").append(Escaping.html(s.path("status").asText()))
          .append(s.path("reason").isTextual() ? ": " + Escaping.html(s.path("reason").asText()) : "").append("</td><td>")
          .append(s.path("seconds").isNumber() ? s.path("seconds").asText() : "").append("</td><td><code>")
          .append(Escaping.html(s.path("reproduce").asText(""))).append("</code></td></tr>\n");
    }
    h.append("</table></section>\n");
  }

  /** Where a finding's evidence is: the collection's part of its section, or the application's section. */
  static String evidence(Finding f) {
    return f.ns() == null ? "s-" + f.section() : anchor(f.ns()) + "-" + f.section();
  }

  /** An id for a namespace: its characters kept where safe in an id, each other one as its code. */
  static String anchor(String ns) {
    StringBuilder a = new StringBuilder("c-");
    for (char c : ns.toCharArray()) {
      if (Character.isLetterOrDigit(c) && c < 128 || c == '-' || c == '_') {
        a.append(c);
      } else {
        a.append('.').append(Integer.toHexString(c)).append('.');
      }
    }
    return a.toString();
  }
}
