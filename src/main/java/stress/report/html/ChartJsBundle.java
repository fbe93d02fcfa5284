package stress.report.html;

import java.util.Locale;

/** The Chart.js UMD bundle from its webjar on the classpath, to be inlined in the page. */
final class ChartJsBundle {
  static final String VERSION = "4.4.1";
  static final String RESOURCE = "META-INF/resources/webjars/chart.js/" + VERSION + "/dist/chart.umd.js";

  private ChartJsBundle() {}

  /** The script text; refused if it holds a sequence that would end or alter an inline script element. */
  static String script() {
    return Holder.SCRIPT;
  }

  private static final class Holder {
    static final String SCRIPT = load();
  }

  private static String load() {
    String text = ClasspathText.read(RESOURCE);
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.contains("</script") || lower.contains("<!--")) {
      throw new IllegalStateException("the Chart.js bundle " + RESOURCE + " contains </script or <!--;"
          + " it cannot be inlined in report.html as it is");
    }
    return text;
  }
}
