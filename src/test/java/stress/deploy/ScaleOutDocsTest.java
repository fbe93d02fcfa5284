package stress.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.marcnuri.helm.Helm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/scale-out.md as a user follows it: its {@code orders.yaml} renders with the chart under the release name its
 * commands use, and the Job, pod and claim names those commands name are the ones the chart makes.
 */
class ScaleOutDocsTest {
  private static final Path DOC = Path.of("docs/scale-out.md");
  private static final Path CHART = Path.of("deploy/helm/stress");

  @Test
  void theDocumentedValuesRenderAndTheCommandsNameWhatTheChartMakes(@TempDir Path dir) throws IOException {
    String doc = Files.readString(DOC);
    Matcher block = Pattern.compile("```yaml\n# orders\\.yaml\n(.*?)```", Pattern.DOTALL).matcher(doc);
    assertTrue(block.find(), "docs/scale-out.md shows orders.yaml");
    Matcher install = Pattern.compile("helm install (\\S+) deploy/helm/stress -n (\\S+) -f orders\\.yaml").matcher(doc);
    assertTrue(install.find(), "docs/scale-out.md installs orders.yaml");
    Path values = Files.writeString(dir.resolve("orders.yaml"), block.group(1));
    String rendered;
    try {
      rendered = new Helm(CHART).template().withName(install.group(1)).withNamespace(install.group(2))
          .withValuesFile(values).call();
    } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
      Assumptions.abort("helm-java's native library did not load here (" + e + ")");
      return;
    }
    List<String> names = new ArrayList<>();
    try (MappingIterator<JsonNode> docs = new YAMLMapper().readerFor(JsonNode.class).readValues(rendered)) {
      while (docs.hasNext()) {
        JsonNode d = docs.next();
        if (d != null && d.has("kind")) {
          names.add(d.path("kind").asText() + "/" + d.at("/metadata/name").asText());
        }
      }
    }
    Matcher merge = Pattern.compile("job-name=(\\S+) --timeout").matcher(doc);
    assertTrue(merge.find(), "the page waits for the merge pod");
    assertTrue(names.contains("Job/" + merge.group(1)), merge.group(1) + " in " + names);
    assertTrue(doc.contains("logs job/" + merge.group(1) + " -c merge"), "the page reads the merge's log");
    Matcher claim = Pattern.compile("delete pvc (\\S+)").matcher(doc);
    assertTrue(claim.find(), "the page deletes the kept claim");
    assertTrue(names.contains("PersistentVolumeClaim/" + claim.group(1)), claim.group(1) + " in " + names);
    assertEquals(1, names.stream().filter(n -> n.endsWith("-load")).count(), names.toString());
  }
}
