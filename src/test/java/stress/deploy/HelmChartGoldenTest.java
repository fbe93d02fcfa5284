package stress.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static stress.deploy.HelmRenderings.CHART;
import static stress.deploy.HelmRenderings.NAMESPACE;
import static stress.deploy.HelmRenderings.RESOURCES;
import static stress.deploy.HelmRenderings.SUFFIX;
import static stress.deploy.HelmRenderings.after;
import static stress.deploy.HelmRenderings.assumeHelm;
import static stress.deploy.HelmRenderings.container;
import static stress.deploy.HelmRenderings.documents;
import static stress.deploy.HelmRenderings.of;
import static stress.deploy.HelmRenderings.only;
import static stress.deploy.HelmRenderings.render;
import static stress.deploy.HelmRenderings.strings;

import com.fasterxml.jackson.databind.JsonNode;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.InstallCommand;
import com.marcnuri.helm.LintResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import stress.deploy.HelmRenderings.Case;

/**
 * The Helm chart in deploy/helm/stress as Helm sees it ({@link HelmRenderings}): its default values and a realistic
 * values file rendered and compared with the golden files in src/test/resources/deploy/golden, {@code helm lint
 * --strict}, the notes {@code helm install} prints, the values it refuses, and a new run at every install. What the
 * rendered pods are is in {@link HelmChartPodsTest}.
 *
 * <p>After a deliberate change of the chart: {@code mvn test -Dtest=HelmChartGoldenTest -Dstress.golden.update=true}
 * writes the goldens again; review them with {@code git diff} before committing. Where the native library cannot be
 * loaded (another system than Linux x86_64 without network) the test is skipped with the reason.
 */
class HelmChartGoldenTest {
  private static final boolean UPDATE = Boolean.getBoolean("stress.golden.update");

  static Stream<Case> cases() {
    return HelmRenderings.cases();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theRenderingIsTheGoldenOne(Case c) throws IOException {
    String actual = render(c);
    Path golden = RESOURCES.resolve("golden").resolve(c.golden() + ".yaml");
    if (UPDATE) {
      Files.createDirectories(golden.getParent());
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
      return;
    }
    assertTrue(Files.exists(golden), golden + " does not exist: write it with -Dstress.golden.update=true");
    String expected = Files.readString(golden, StandardCharsets.UTF_8).replace("\r\n", "\n");
    if (!expected.equals(actual)) {
      fail(c.golden() + ": the chart renders differently from " + golden + "\n" + firstDifference(expected, actual)
          + "\nIf the change is meant: mvn test -Dtest=HelmChartGoldenTest -Dstress.golden.update=true, then git diff "
          + golden.getParent());
    }
  }

  @Test
  void theChartPassesHelmLint() {
    assumeHelm();
    LintResult result = new Helm(CHART).lint().strict().call();
    assertFalse(result.isFailed(), "helm lint --strict: " + result.getMessages());
  }

  /** NOTES.txt, which helm install prints: how to follow the run and where its results are. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theNotesSayWhereTheResultsAre(Case c) throws IOException {
    List<JsonNode> docs = documents(render(c));
    InstallCommand install = new Helm(CHART).install().withName(c.release()).withNamespace(NAMESPACE)
        .dryRun().clientOnly();
    if (c.valuesFile() != null) {
      install = install.withValuesFile(RESOURCES.resolve(c.valuesFile()));
    }
    String notes = install.set("runIdSuffix", SUFFIX).call().getOutput();
    if (Boolean.getBoolean("stress.golden.print")) {
      System.out.println(notes);
    }
    String mergeJob = only(docs, "Job", "merge").at("/metadata/name").asText();
    String merge = "job/" + mergeJob;
    assertTrue(notes.contains("Run " + c.runId() + ": " + c.instances() + " instance(s)"), notes);
    assertTrue(notes.contains("logs " + merge + " -c merge"), notes);
    if (c.persistence()) { // with a hold, the Job completes only when the hold ends: wait for the held pod instead
      assertTrue(notes.contains("wait --for=condition=Ready pod -l job-name=" + mergeJob), notes);
      assertFalse(notes.contains("wait --for=condition=complete"), notes);
    } else {
      assertTrue(notes.contains("wait --for=condition=complete " + merge), notes);
    }
    if (c.persistence()) {
      assertTrue(notes.contains("PersistentVolumeClaim " + of(docs, "PersistentVolumeClaim").get(0).at("/metadata/name").asText()),
          notes);
      assertTrue(notes.contains(" cp "), notes);
    } else {
      assertTrue(notes.contains("/results is an emptyDir"), notes);
    }
  }

  /** Mistakes the chart refuses before anything is created, each naming the value. */
  @Test
  void badValuesAreRefusedWithTheirName(@TempDir Path dir) throws IOException {
    Case defaults = cases().findFirst().orElseThrow();
    Map<String, String> refusals = Map.ofEntries(
        Map.entry("antiAffinity: sometimes", "antiAffinity must be hard, soft or none"),
        Map.entry("instances: 0", "instances must be a whole number of 1 or more"),
        Map.entry("instances: 2.5", "instances must be a whole number of 1 or more"),
        Map.entry("args: [--threads, 8, --run-id, x]", "--run-id is set by the chart"),
        Map.entry("args: [--threads, 8, --run-id=x]", "--run-id=x is set by the chart"),
        Map.entry("args: [--instance=1/3]", "--instance=1/3 is set by the chart"),
        Map.entry("args: [--instances=3]", "--instances=3 is set by the chart"),
        Map.entry("args: [--barrier-timeout=1m]", "--barrier-timeout=1m is set by the chart"),
        Map.entry("args: [--heartbeat, 1s]", "--heartbeat is set by the chart"),
        Map.entry("args: [--url, 'jdbc:postgresql://db/bench?password=secret']", "no password on the command line"),
        Map.entry("connection: {secretName: ''}", "connection.secretName is empty"),
        Map.entry("runId: 'orders peak'", "the run id \"orders peak-r1-"),
        Map.entry("runId: " + "x".repeat(95), "is refused by stress: 1 to 100 letters"),
        Map.entry("image: {repository: ''}", "image.repository is empty"),
        Map.entry("image: {pullPolicy: Sometimes}", "image.pullPolicy must be Always, IfNotPresent, Never or empty"),
        Map.entry("terminationGracePeriodSeconds: 30", "terminationGracePeriodSeconds must be 65 or more, not 30"));
    int n = 0;
    for (Map.Entry<String, String> refusal : refusals.entrySet()) {
      Path values = Files.writeString(dir.resolve("values-" + n++ + ".yaml"), refusal.getKey() + "\n");
      Exception e = assertThrows(Exception.class, () -> render(defaults, t -> t.withValuesFile(values)), refusal.getKey());
      assertTrue(String.valueOf(e.getMessage()).contains(refusal.getValue()), refusal.getKey() + ": " + e.getMessage());
    }
  }

  /** Each rendering is a new run: the made part of the run id differs between renderings and not within one. */
  @Test
  void everyInstallIsANewRun() throws IOException {
    Case defaults = cases().findFirst().orElseThrow();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      List<JsonNode> docs = documents(render(defaults, t -> t));
      String load = after(strings(container(only(docs, "Job", "load"), "stress").path("args")), "--run-id");
      String merge = after(strings(container(only(docs, "Job", "merge"), "merge").path("args")), "--run");
      assertEquals(load, merge, "one rendering, one run");
      assertTrue(load.matches("stress-demo-r1-[a-z0-9]{5}"), load);
      ids.add(load);
    }
    assertFalse(ids.get(0).equals(ids.get(1)), "two renderings (two installs) are two runs: " + ids);
  }

  private static String firstDifference(String expected, String actual) {
    String[] e = expected.split("\n", -1);
    String[] a = actual.split("\n", -1);
    int line = 0;
    while (line < e.length && line < a.length && e[line].equals(a[line])) {
      line++;
    }
    StringBuilder out = new StringBuilder("first difference at line " + (line + 1) + " (golden " + e.length
        + " lines, rendered " + a.length + "):\n");
    for (int i = Math.max(0, line - 3); i < line; i++) {
      out.append("    ").append(e[i]).append('\n');
    }
    for (int i = line; i < Math.min(e.length, line + 3); i++) {
      out.append("  - ").append(e[i]).append('\n');
    }
    for (int i = line; i < Math.min(a.length, line + 3); i++) {
      out.append("  + ").append(a[i]).append('\n');
    }
    return out.toString();
  }
}
