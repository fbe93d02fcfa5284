package stress.live;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads samples out of a Prometheus text-format page, and fetches such pages, for the tests. */
public final class PrometheusText {
  private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)$");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private PrometheusText() {}

  /** GET the page; throws on anything but 200. */
  public static String get(URI url) throws IOException, InterruptedException {
    HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException(url + " answered " + response.statusCode());
    }
    return response.body();
  }

  /** The sum of the samples named {@code name} whose labels include all of {@code labels}. */
  public static double sum(String page, String name, Map<String, String> labels) {
    double sum = 0;
    for (String line : page.split("\n")) {
      Map<String, String> sampleLabels = new LinkedHashMap<>();
      Double value = parse(line, name, sampleLabels);
      if (value != null && sampleLabels.entrySet().containsAll(labels.entrySet())) {
        sum += value;
      }
    }
    return sum;
  }

  /** True when the page has a sample named {@code name} (with any labels). */
  public static boolean has(String page, String name) {
    return page.lines().anyMatch(line -> parse(line, name, new LinkedHashMap<>()) != null);
  }

  private static Double parse(String line, String name, Map<String, String> labels) {
    Matcher m = SAMPLE.matcher(line);
    if (line.startsWith("#") || !m.matches() || !m.group(1).equals(name)) {
      return null;
    }
    if (m.group(3) != null) {
      Matcher l = LABEL.matcher(m.group(3));
      while (l.find()) {
        labels.put(l.group(1), l.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
      }
    }
    return Double.parseDouble(m.group(4));
  }
}
