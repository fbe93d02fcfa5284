package stress.report.html;

import static stress.report.Escaping.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import stress.report.InstanceRow;
import stress.report.JsonReport;
import stress.report.RunResult;

/**
 * Assembles the page: tables rendered here (escaped), charts drawn by the page script from the inline
 * JSON. The error-capturing script comes first so that a failure in any later script shows in the page.
 */
final class HtmlPage {
  private static final String RESOURCES = "stress/report/html/";
  /** Cells aligned right: numbers, ratios (x1.63), the winner mark and empty cells. */
  private static final Pattern NUMBER = Pattern.compile("-?[0-9][0-9.]*|x[0-9.]+|★|");

  private HtmlPage() {}

  static String render(List<NamedResult> runs, List<Section> sections) {
    StringBuilder out = new StringBuilder(400_000);
    String title = "stress report: " + String.join(" vs ", runs.stream().map(NamedResult::name).toList());
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>").append(html(title)).append("</title>\n")
        .append("<style>\n").append(ClasspathText.read(RESOURCES + "report.css")).append("</style>\n")
        .append("</head>\n<body>\n")
        .append("<ul id=\"page-errors\"></ul>\n")
        .append("<script>\n").append(ClasspathText.read(RESOURCES + "capture-errors.js")).append("</script>\n");
    header(out, title, runs, sections);
    for (Section section : sections) {
      section(out, section);
    }
    out.append("<script id=\"report-data\" type=\"application/json\">").append(data(sections)).append("</script>\n")
        .append("<script>\n").append(ChartJsBundle.script()).append("\n</script>\n")
        .append("<script>\n").append(ClasspathText.read(RESOURCES + "report.js")).append("</script>\n")
        .append("</body>\n</html>\n");
    return out.toString();
  }

  /** What the header says of an interrupted run: which instances, for a merged run of several. */
  static String interruption(RunResult result) {
    List<String> stopped = result.instances().stream().filter(InstanceRow::interrupted)
        .map(i -> Integer.toString(i.instance())).toList();
    return stopped.isEmpty() ? "interrupted: the last phase is partial"
        : "interrupted: instance" + (stopped.size() == 1 ? " " : "s ") + String.join(", ", stopped) + " of "
        + result.instances().size() + " stopped by a signal, the last phase is partial";
  }

  private static void header(StringBuilder out, String title, List<NamedResult> runs, List<Section> sections) {
    out.append("<header>\n<h1>").append(html(title)).append("</h1>\n<p class=\"runs\">");
    for (NamedResult run : runs) {
      out.append("<span><b>").append(html(run.name())).append("</b>: started ")
          .append(html(run.result().startTime().toString())).append(", stress ")
          .append(html(run.result().toolVersion())).append(", ")
          .append(run.result().phases().size()).append(run.result().phases().size() == 1 ? " phase" : " phases")
          .append(run.result().interrupted() ? " <b class=\"interrupted\">(" + html(interruption(run.result())) + ")</b>"
              : "")
          .append("</span> ");
    }
    if (runs.size() > 1) {
      out.append("<span>(dashed: ").append(html(runs.get(0).name())).append(", solid: ")
          .append(html(runs.get(runs.size() - 1).name())).append(")</span>");
    }
    out.append("</p>\n<nav>");
    for (Section section : sections) {
      out.append("<a href=\"#").append(html(section.id())).append("\">").append(html(section.title())).append("</a> ");
    }
    out.append("</nav>\n</header>\n");
  }

  private static void section(StringBuilder out, Section section) {
    out.append("<section id=\"").append(html(section.id())).append("\">\n");
    if (section.collapsed()) {
      out.append("<details>\n<summary><h2>").append(html(section.title())).append("</h2></summary>\n");
    } else {
      out.append("<h2>").append(html(section.title())).append("</h2>\n");
    }
    for (String headline : section.headlines()) {
      out.append("<p class=\"headline\">").append(html(headline)).append("</p>\n");
    }
    out.append("<p class=\"note\">").append(html(section.note())).append("</p>\n");
    for (ChartSpec chart : section.charts()) {
      out.append("<div class=\"chart\">\n<h3>").append(html(chart.title())).append("</h3>\n<div class=\"pair\">\n")
          .append("<div class=\"canvas-box\"><canvas id=\"").append(html(chart.id())).append("\"></canvas></div>\n")
          .append("<div class=\"numbers\">");
      table(out, chart.table());
      out.append("</div>\n</div>\n</div>\n");
    }
    for (DataTable table : section.tables()) {
      out.append("<div class=\"numbers wide\">");
      table(out, table);
      out.append("</div>\n");
    }
    out.append(section.collapsed() ? "</details>\n</section>\n" : "</section>\n");
  }

  private static void table(StringBuilder out, DataTable table) {
    boolean[] numeric = numericColumns(table);
    out.append("<table>\n<thead><tr>");
    for (int c = 0; c < table.headers().size(); c++) {
      out.append(numeric[c] ? "<th>" : "<th class=\"text\">").append(html(table.headers().get(c))).append("</th>");
    }
    out.append("</tr></thead>\n<tbody>\n");
    for (List<String> row : table.rows()) {
      out.append("<tr>");
      for (int c = 0; c < row.size(); c++) {
        out.append(numeric[c] ? "<td>" : "<td class=\"text\">").append(html(row.get(c))).append("</td>");
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table>\n");
  }

  /** A column is aligned right when every cell in it is a number (or empty). */
  private static boolean[] numericColumns(DataTable table) {
    boolean[] numeric = new boolean[table.headers().size()];
    for (int c = 0; c < numeric.length; c++) {
      final int column = c;
      numeric[c] = table.rows().stream().allMatch(row -> NUMBER.matcher(row.get(column)).matches());
    }
    return numeric;
  }

  private static String data(List<Section> sections) {
    List<ChartSpec> charts = sections.stream().flatMap(section -> section.charts().stream()).toList();
    try {
      return stress.report.Escaping.scriptJson(JsonReport.mapper().writeValueAsString(Map.of("charts", charts)));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("could not turn the report data into JSON: " + e.getMessage(), e);
    }
  }
}
