package stress.workload;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * A YAML syntax error as one readable line, {@code LINE:COLUMN: not valid YAML: what}, for {@code --workload} and
 * {@code --config} files. The place is where to look: where an unclosed bracket or quote opened, else where the
 * parser stopped. The parser's own words ("expected &lt;block end&gt;, but found '&lt;block mapping start&gt;'") are
 * said plainly for the mistakes people make: a tab, an indentation that lines up with nothing, a ':' in an unquoted
 * value, an unclosed bracket or quote.
 */
public final class YamlSyntax {
  private YamlSyntax() {}

  /** {@code LINE:COLUMN: not valid YAML: ...} (1-based) for a syntax error of Jackson's YAML parser. */
  public static String describe(JsonProcessingException e) {
    if (e.getCause() instanceof MarkedYAMLException marked && marked.getProblemMark() != null) {
      return describe(marked);
    }
    JsonLocation at = e.getLocation();
    String where = at == null ? "" : at.getLineNr() + ":" + at.getColumnNr() + ": ";
    return where + "not valid YAML: " + e.getOriginalMessage().strip().replaceAll("\\s*\\n\\s*", " ");
  }

  private static String describe(MarkedYAMLException e) {
    String problem = e.getProblem() == null ? "" : e.getProblem().strip();
    String context = e.getContext() == null ? "" : e.getContext().strip();
    Mark at = e.getProblemMark();
    Mark opened = e.getContextMark();
    if (problem.contains("\\t(TAB)")) {
      return place(at) + "a tab indents this line; YAML indents with spaces only";
    }
    if (problem.startsWith("mapping values are not allowed")) {
      return place(at) + "a ':' where YAML takes none: is this line indented further than the key above it, or does"
          + " an unquoted value hold ': ' (then quote the value)?";
    }
    if (opened != null && context.startsWith("while scanning a quoted scalar") && problem.contains("end of stream")) {
      return place(opened) + "the quote here is never closed";
    }
    if (opened != null && context.startsWith("while parsing a flow")) {
      char open = context.endsWith("sequence") ? '[' : '{';
      char close = open == '[' ? ']' : '}';
      return place(opened) + "the '" + open + "' here is not closed: " + position(at) + " should go on with ',' or"
          + " end with '" + close + "'";
    }
    if (opened != null && context.startsWith("while parsing a block") && problem.startsWith("expected <block end>")) {
      boolean map = context.endsWith("mapping");
      return place(at) + "this line is indented to no level of the " + (map ? "map" : "list") + " that starts at "
          + position(opened) + (map ? ": indent it as a key of that map or of one around it" : "");
    }
    return place(at) + problem + (context.isEmpty() ? "" : " (" + context
        + (opened == null ? "" : " at " + position(opened)) + ")");
  }

  private static String place(Mark mark) {
    return (mark.getLine() + 1) + ":" + (mark.getColumn() + 1) + ": not valid YAML: ";
  }

  private static String position(Mark mark) {
    return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
  }
}
