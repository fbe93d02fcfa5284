package stress.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.InstallCommand;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Helm chart in deploy/helm/stress, rendered by Helm's own code (helm-java runs {@code helm template} in this
 * JVM through a native library) with its default values and with a realistic values file, compared with the golden
 * files in src/test/resources/deploy/golden, and read back as YAML for the facts the chart exists for: N pods of
 * one Indexed Job, on distinct nodes, the connection from a Secret only, and a merge of the same run.
 *
 * <p>After a deliberate change of the chart: {@code mvn test -Dtest=HelmChartGoldenTest -Dstress.golden.update=true}
 * writes the goldens again; review them with {@code git diff} before committing. Where the native library cannot be
 * loaded (another system than Linux x86_64 without network) the test is skipped with the reason.
 */
class HelmChartGoldenTest {
  private static final Path CHART = Path.of("deploy/helm/stress");
  private static final Path RESOURCES = Path.of("src/test/resources/deploy");
  private static final boolean UPDATE = Boolean.getBoolean("stress.golden.update");
  private static final String NAMESPACE = "load";
  private static final YAMLMapper YAML = new YAMLMapper();
  private static String helmProblem;

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

  @BeforeAll
  static void loadHelm() {
    try {
      Helm.version().call();
    } catch (Throwable e) { // UnsatisfiedLinkError, NoClassDefFoundError, or helm-java's own IllegalStateException
      helmProblem = e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  private static void assumeHelm() {
    Assumptions.assumeTrue(helmProblem == null, () -> "helm-java's native library did not load here, so the chart is"
        + " not rendered (" + helmProblem + ")");
  }

  /** The per-install part of the run id in the golden renderings, which would be random otherwise. */
  private static final String SUFFIX = "t3st1";

  private static String render(Case c) {
    return render(c, t -> t.set("runIdSuffix", SUFFIX));
  }

  private static String render(Case c, UnaryOperator<TemplateCommand> more) {
    assumeHelm();
    TemplateCommand template = new Helm(CHART).template().withName(c.release()).withNamespace(NAMESPACE);
    if (c.valuesFile() != null) {
      template = template.withValuesFile(RESOURCES.resolve(c.valuesFile()));
    }
    return more.apply(template).call().replace("\r\n", "\n");
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

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theLoadIsOneIndexedJobOfNPods(Case c) throws IOException {
    JsonNode job = only(documents(render(c)), "Job", "load");
    JsonNode spec = job.path("spec");
    assertEquals("Indexed", spec.path("completionMode").asText(), "pods need JOB_COMPLETION_INDEX for their instance number");
    assertEquals(c.instances(), spec.path("completions").asInt());
    assertEquals(c.instances(), spec.path("parallelism").asInt(), "every instance must run at the same time");
    assertTrue(spec.path("backoffLimit").asInt(99) <= 3, "backoffLimit: " + spec.path("backoffLimit"));
    assertEquals("Never", spec.path("template").path("spec").path("restartPolicy").asText());

    List<String> args = strings(container(job, "stress").path("args"));
    assertEquals("run", args.get(0), "the first argument is the command: " + args);
    assertEquals(c.runId(), after(args, "--run-id"));
    assertEquals(String.valueOf(c.instances()), after(args, "--instances"));
    assertNotNull(after(args, "--barrier-timeout"));
    assertFalse(args.contains("--instance"), "the instance number comes from JOB_COMPLETION_INDEX, not from the spec");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theLoadPodsAreKeptOnDistinctNodes(Case c) throws IOException {
    JsonNode job = only(documents(render(c)), "Job", "load");
    JsonNode antiAffinity = job.at("/spec/template/spec/affinity/podAntiAffinity");
    JsonNode term;
    if (c.antiAffinity().equals("hard")) {
      assertTrue(antiAffinity.path("preferredDuringSchedulingIgnoredDuringExecution").isMissingNode());
      term = antiAffinity.path("requiredDuringSchedulingIgnoredDuringExecution").path(0);
    } else {
      assertTrue(antiAffinity.path("requiredDuringSchedulingIgnoredDuringExecution").isMissingNode());
      term = antiAffinity.path("preferredDuringSchedulingIgnoredDuringExecution").path(0).path("podAffinityTerm");
    }
    assertEquals("kubernetes.io/hostname", term.path("topologyKey").asText(), "anti-affinity: " + antiAffinity);
    // the rule must select exactly the load pods of this release, which carry these labels
    JsonNode podLabels = job.at("/spec/template/metadata/labels");
    term.path("labelSelector").path("matchLabels").fields().forEachRemaining(e ->
        assertEquals(e.getValue().asText(), podLabels.path(e.getKey()).asText(), "selector " + e.getKey()));
    assertEquals("load", term.path("labelSelector").path("matchLabels").path("app.kubernetes.io/component").asText());
  }

  /** The password is in the Secret and nowhere else: not in an argument, not as a plain environment value. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theConnectionComesFromTheSecretOnly(Case c) throws IOException {
    for (JsonNode doc : documents(render(c))) {
      for (JsonNode container : containers(doc)) {
        String name = doc.path("metadata").path("name").asText() + "/" + container.path("name").asText();
        List<String> words = new ArrayList<>(strings(container.path("args")));
        words.addAll(strings(container.path("command")));
        for (String word : words) {
          assertFalse(word.toLowerCase(Locale.ROOT).contains("password"), name + " has an argument with a password: " + word);
        }
        for (JsonNode env : container.path("env")) {
          String variable = env.path("name").asText();
          if (variable.startsWith("PG")) {
            assertTrue(env.path("value").isMissingNode(), name + ": " + variable + " is written in the spec");
            JsonNode ref = env.path("valueFrom").path("secretKeyRef");
            assertEquals(c.secret(), ref.path("name").asText(), name + ": " + variable + " is not from the Secret: " + env);
          }
        }
      }
    }
    JsonNode stress = container(only(documents(render(c)), "Job", "load"), "stress");
    List<String> fromSecret = new ArrayList<>();
    stress.path("env").forEach(e -> fromSecret.add(e.path("name").asText()));
    assertTrue(fromSecret.containsAll(List.of("PGHOST", "PGDATABASE", "PGUSER", "PGPASSWORD")), fromSecret.toString());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theMergeWaitsForTheSameRun(Case c) throws IOException {
    List<JsonNode> docs = documents(render(c));
    List<String> load = strings(container(only(docs, "Job", "load"), "stress").path("args"));
    JsonNode merge = only(docs, "Job", "merge");
    List<String> args = strings(container(merge, "merge").path("args"));
    assertEquals("merge", args.get(0));
    assertEquals(after(load, "--run-id"), after(args, "--run"), "merge and load must name the same run");
    assertNotNull(after(args, "--wait"));
    assertEquals("/results/merged.json", after(args, "--json"));
    assertEquals("/results/report", after(args, "--out"));

    JsonNode results = volume(merge, "results");
    List<JsonNode> claims = of(docs, "PersistentVolumeClaim");
    if (c.persistence()) {
      assertEquals(1, claims.size());
      assertEquals(claims.get(0).at("/metadata/name").asText(), results.at("/persistentVolumeClaim/claimName").asText());
      assertEquals("keep", claims.get(0).at("/metadata/annotations/helm.sh~1resource-policy").asText());
    } else {
      assertTrue(claims.isEmpty());
      assertTrue(results.has("emptyDir"), "results: " + results);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void everyContainerIsLockedDown(Case c) throws IOException {
    for (JsonNode doc : of(documents(render(c)), "Job")) {
      JsonNode pod = doc.at("/spec/template/spec");
      assertTrue(pod.at("/securityContext/runAsNonRoot").asBoolean(), doc.at("/metadata/name") + ": runAsNonRoot");
      assertFalse(pod.path("automountServiceAccountToken").asBoolean(true), "the pods need no API token");
      for (JsonNode container : containers(doc)) {
        String name = doc.at("/metadata/name").asText() + "/" + container.path("name").asText();
        JsonNode security = container.path("securityContext");
        assertFalse(security.path("allowPrivilegeEscalation").asBoolean(true), name + ": allowPrivilegeEscalation");
        assertTrue(security.path("readOnlyRootFilesystem").asBoolean(), name + ": readOnlyRootFilesystem");
        assertEquals("[\"ALL\"]", security.at("/capabilities/drop").toString(), name + ": capabilities");
        assertTrue(container.path("ports").isMissingNode(), name + " publishes a port");
        if (container.path("command").isMissingNode()) { // the tool itself: the JVM and stress write under /tmp
          List<String> mounts = new ArrayList<>();
          container.path("volumeMounts").forEach(m -> mounts.add(m.path("mountPath").asText()));
          assertTrue(mounts.contains("/tmp"), name + " has no writable /tmp: " + mounts);
        }
      }
    }
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

  /** The values that leave a choice to the platform or bound the Jobs reach the pods. */
  @Test
  void platformAndLifetimeValuesReachThePods(@TempDir Path dir) throws IOException {
    Case defaults = cases().findFirst().orElseThrow();
    List<JsonNode> plain = documents(render(defaults));
    JsonNode plainLoad = only(plain, "Job", "load");
    assertEquals("Always", container(plainLoad, "stress").path("imagePullPolicy").asText(),
        "the default tag is the chart's appVersion, a snapshot: pulled at every start");
    assertEquals(75, plainLoad.at("/spec/template/spec/terminationGracePeriodSeconds").asInt());
    assertEquals(65532, plainLoad.at("/spec/template/spec/securityContext/runAsUser").asInt());
    assertTrue(plainLoad.at("/spec/ttlSecondsAfterFinished").isMissingNode());
    JsonNode password = envNamed(container(plainLoad, "stress"), "PGPASSWORD");
    assertTrue(password.at("/valueFrom/secretKeyRef/optional").asBoolean(), "PGPASSWORD is optional: " + password);
    List<String> loadArgs = strings(container(plainLoad, "stress").path("args"));
    assertEquals("5s", after(loadArgs, "--heartbeat"));

    Path values = Files.writeString(dir.resolve("platform.yaml"), String.join("\n",
        "image: {repository: registry.example.com/stress, tag: '0.2.0'}",
        "platformAssignsUser: true",
        "serviceAccountName: load-runner",
        "ttlSecondsAfterFinished: 3600",
        "load: {activeDeadlineSeconds: 1800}",
        "merge: {activeDeadlineSeconds: 2400}",
        "terminationGracePeriodSeconds: 90", ""));
    List<JsonNode> docs = documents(render(defaults, t -> t.set("runIdSuffix", SUFFIX).withValuesFile(values)));
    for (JsonNode job : of(docs, "Job")) {
      String name = job.at("/metadata/name").asText();
      JsonNode pod = job.at("/spec/template/spec");
      assertEquals("load-runner", pod.path("serviceAccountName").asText(), name);
      assertEquals(3600, job.at("/spec/ttlSecondsAfterFinished").asInt(), name);
      assertEquals(90, pod.path("terminationGracePeriodSeconds").asInt(), name);
      assertTrue(pod.at("/securityContext/runAsUser").isMissingNode(), name + ": the platform assigns the user");
      assertTrue(pod.at("/securityContext/fsGroup").isMissingNode(), name);
      assertTrue(pod.at("/securityContext/runAsNonRoot").asBoolean(), name);
      for (JsonNode container : containers(job)) {
        assertEquals("IfNotPresent", container.path("imagePullPolicy").asText(), name + ": a release tag");
      }
    }
    assertEquals(1800, only(docs, "Job", "load").at("/spec/activeDeadlineSeconds").asInt());
    assertEquals(2400, only(docs, "Job", "merge").at("/spec/activeDeadlineSeconds").asInt());
  }

  /** A values file that names PGPASSWORD as a required key gets it once, not also as the optional default. */
  @Test
  void aRequiredPasswordKeyIsNotAlsoOptional() throws IOException {
    Case fourNodes = cases().skip(1).findFirst().orElseThrow();
    JsonNode stress = container(only(documents(render(fourNodes)), "Job", "load"), "stress");
    List<JsonNode> passwords = new ArrayList<>();
    stress.path("env").forEach(e -> {
      if (e.path("name").asText().equals("PGPASSWORD")) {
        passwords.add(e);
      }
    });
    assertEquals(1, passwords.size(), passwords.toString());
    assertEquals("password", passwords.get(0).at("/valueFrom/secretKeyRef/key").asText());
    assertFalse(passwords.get(0).at("/valueFrom/secretKeyRef/optional").asBoolean(false));
  }

  private static JsonNode envNamed(JsonNode container, String name) {
    for (JsonNode e : container.path("env")) {
      if (name.equals(e.path("name").asText())) {
        return e;
      }
    }
    return fail("no " + name + " in " + container.path("env"));
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

  private static List<JsonNode> documents(String yaml) throws IOException {
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

  private static List<JsonNode> of(List<JsonNode> docs, String kind) {
    return docs.stream().filter(d -> kind.equals(d.path("kind").asText())).toList();
  }

  private static JsonNode only(List<JsonNode> docs, String kind, String component) {
    List<JsonNode> found = of(docs, kind).stream()
        .filter(d -> component.equals(d.at("/metadata/labels/app.kubernetes.io~1component").asText())).toList();
    assertEquals(1, found.size(), "one " + kind + " of component " + component);
    return found.get(0);
  }

  private static List<JsonNode> containers(JsonNode doc) {
    List<JsonNode> out = new ArrayList<>();
    doc.at("/spec/template/spec/initContainers").forEach(out::add);
    doc.at("/spec/template/spec/containers").forEach(out::add);
    return out;
  }

  private static JsonNode container(JsonNode doc, String name) {
    return containers(doc).stream().filter(c -> name.equals(c.path("name").asText())).findFirst()
        .orElseThrow(() -> new AssertionError("no container " + name + " in " + doc.at("/metadata/name")));
  }

  private static JsonNode volume(JsonNode doc, String name) {
    for (JsonNode v : doc.at("/spec/template/spec/volumes")) {
      if (name.equals(v.path("name").asText())) {
        return v;
      }
    }
    return fail("no volume " + name + " in " + doc.at("/metadata/name"));
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static String after(List<String> args, String option) {
    int at = args.indexOf(option);
    assertTrue(at >= 0 && at + 1 < args.size(), option + " missing in " + args);
    return args.get(at + 1);
  }
}
