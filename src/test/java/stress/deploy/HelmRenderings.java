package stress.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The chart in deploy/helm/stress rendered by Helm's own code (helm-java runs {@code helm template} in this JVM through
 * a native library), the two cases the tests render, and the rendering read back as YAML documents, for
 * {@link HelmChartGoldenTest} and {@link HelmChartPodsTest}. Where the native library cannot be loaded, a rendering
 * skips its test with the reason.
 */
final class HelmRenderings {
  static final Path CHART = Path.of("deploy/helm/stress");
  static final Path RESOURCES = Path.of("src/test/resources/deploy");
  static final String NAMESPACE = "load";
  /** The per-install part of the run id in the golden renderings, which would be random otherwise. */
  static final String SUFFIX = "t3st1";
  private static final YAMLMapper YAML = new YAMLMapper();
  /** Why helm-java's native library did not load, tried once for all the tests; null when it did. */
  private static final String HELM_PROBLEM = helmProblem();

  private HelmRenderings() {
  }

  /** A rendering: the release name and the values file (null: the chart's defaults), and what they should give. */
  record Case(String golden, String release, String valuesFile, int instances, String runId, String secret,
              String antiAffinity, boolean persistence) {
    @Override
    public String toString() {
      return golden;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("default", "stress-demo", null, 2, "stress-demo-r1-" + SUFFIX, "stress-db", "soft", false),
        new Case("four-nodes", "orders", "values-four-nodes.yaml", 4, "orders-peak-1-r1-" + SUFFIX, "orders-db", "hard",
            true));
  }

  private static String helmProblem() {
    try {
      Helm.version().call();
      return null;
    } catch (Throwable e) { // UnsatisfiedLinkError, NoClassDefFoundError, or helm-java's own IllegalStateException
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  static void assumeHelm() {
    Assumptions.assumeTrue(HELM_PROBLEM == null, () -> "helm-java's native library did not load here, so the chart is"
        + " not rendered (" + HELM_PROBLEM + ")");
  }

  static String render(Case c) {
    return render(c, t -> t.set("runIdSuffix", SUFFIX));
  }

  static String render(Case c, UnaryOperator<TemplateCommand> more) {
    assumeHelm();
    TemplateCommand template = new Helm(CHART).template().withName(c.release()).withNamespace(NAMESPACE);
    if (c.valuesFile() != null) {
      template = template.withValuesFile(RESOURCES.resolve(c.valuesFile()));
    }
    return more.apply(template).call().replace("\r\n", "\n");
  }

  static List<JsonNode> documents(String yaml) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(yaml)) {
      while (docs.hasNext()) {
        JsonNode doc = docs.next();
        if (doc != null && !doc.isNull() && !doc.isEmpty()) {
          out.add(doc);
        }
      }
    }
    return out;
  }

  static List<JsonNode> of(List<JsonNode> docs, String kind) {
    return docs.stream().filter(d -> kind.equals(d.path("kind").asText())).toList();
  }

  static JsonNode only(List<JsonNode> docs, String kind, String component) {
    List<JsonNode> found = of(docs, kind).stream()
        .filter(d -> component.equals(d.at("/metadata/labels/app.kubernetes.io~1component").asText())).toList();
    assertEquals(1, found.size(), "one " + kind + " of component " + component);
    return found.get(0);
  }

  static List<JsonNode> containers(JsonNode doc) {
    List<JsonNode> out = new ArrayList<>();
    doc.at("/spec/template/spec/initContainers").forEach(out::add);
    doc.at("/spec/template/spec/containers").forEach(out::add);
    return out;
  }

  static JsonNode container(JsonNode doc, String name) {
    return containers(doc).stream().filter(c -> name.equals(c.path("name").asText())).findFirst()
        .orElseThrow(() -> new AssertionError("no container " + name + " in " + doc.at("/metadata/name")));
  }

  static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  static String after(List<String> args, String option) {
    int at = args.indexOf(option);
    assertTrue(at >= 0 && at + 1 < args.size(), option + " missing in " + args);
    return args.get(at + 1);
  }
}
