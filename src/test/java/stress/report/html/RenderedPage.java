package stress.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The DOM of a report after its scripts ran, as Chromium dumped it, and what the page script recorded on
 * {@code <body>}: charts expected and rendered, errors caught.
 *
 * @param dom the serialised DOM
 */
public record RenderedPage(String dom) {
  private static final Pattern BODY = Pattern.compile("<body([^>]*)>");
  private static final Pattern SECTION = Pattern.compile("<section id=\"([^\"]*)\"");
  private static final Pattern HEADLINE = Pattern.compile("<p class=\"headline\">(.*?)</p>", Pattern.DOTALL);
  private static final Pattern ERRORS = Pattern.compile("<ul id=\"page-errors\">(.*?)</ul>", Pattern.DOTALL);

  /** A {@code data-*} attribute of {@code <body>}, e.g. {@code charts-rendered}. */
  public Optional<String> bodyData(String name) {
    Matcher body = BODY.matcher(dom);
    if (!body.find()) {
      return Optional.empty();
    }
    Matcher attribute = Pattern.compile("\\sdata-" + Pattern.quote(name) + "=\"([^\"]*)\"").matcher(body.group(1));
    return attribute.find() ? Optional.of(attribute.group(1)) : Optional.empty();
  }

  /** The errors the page caught, as the list's HTML (empty when none). */
  public String errors() {
    Matcher m = ERRORS.matcher(dom);
    return m.find() ? m.group(1) : "(no error list in the page)";
  }

  /** The id of the page's first {@code <section>}, empty when it has none. */
  public Optional<String> firstSectionId() {
    Matcher m = SECTION.matcher(dom);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  /** The text of each headline sentence, in page order, with its entities unescaped. */
  public List<String> headlines() {
    List<String> out = new ArrayList<>();
    Matcher m = HEADLINE.matcher(dom);
    while (m.find()) {
      out.add(m.group(1).replaceAll("<[^>]*>", "").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
          .replace("&#39;", "'").replace("&amp;", "&"));
    }
    return out;
  }

  /** How many canvases the page has. */
  public int canvases() {
    int n = 0;
    for (int i = dom.indexOf("<canvas"); i >= 0; i = dom.indexOf("<canvas", i + 1)) {
      n++;
    }
    return n;
  }

  /** The id of the first chart canvas in the section {@code sectionId}, when there is one. */
  public Optional<String> canvasIn(String sectionId) {
    int section = dom.indexOf("<section id=\"" + sectionId + "\"");
    Matcher canvas = Pattern.compile("<canvas id=\"([^\"]+)\"").matcher(dom);
    return section >= 0 && canvas.find(section) ? Optional.of(canvas.group(1)) : Optional.empty();
  }

  /** The {@code data-} attribute {@code name} of the canvas {@code id}, when it has one. */
  public Optional<String> canvasData(String id, String name) {
    Matcher m = Pattern.compile("<canvas[^>]*\\bid=\"" + Pattern.quote(id) + "\"[^>]*>").matcher(dom);
    if (!m.find()) {
      return Optional.empty();
    }
    Matcher value = Pattern.compile("\\bdata-" + Pattern.quote(name) + "=\"([^\"]*)\"").matcher(m.group());
    return value.find() ? Optional.of(value.group(1)) : Optional.empty();
  }

  /** A one-line description for assertion messages. */
  public String describe() {
    return "charts expected " + bodyData("charts-expected").orElse("?") + ", rendered "
        + bodyData("charts-rendered").orElse("?") + ", errors: " + errors();
  }
}
