package stress.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static stress.deploy.HelmRenderings.SUFFIX;
import static stress.deploy.HelmRenderings.after;
import static stress.deploy.HelmRenderings.container;
import static stress.deploy.HelmRenderings.containers;
import static stress.deploy.HelmRenderings.documents;
import static stress.deploy.HelmRenderings.of;
import static stress.deploy.HelmRenderings.only;
import static stress.deploy.HelmRenderings.render;
import static stress.deploy.HelmRenderings.strings;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import stress.deploy.HelmRenderings.Case;

/**
 * The Helm chart in deploy/helm/stress rendered ({@link HelmRenderings}) and read back as YAML for the facts the chart
 * exists for: N pods of one Indexed Job, on distinct nodes, the connection from a Secret only, a merge of the same
 * run, every container locked down, and the platform's and lifetime values reaching the pods.
 */
class HelmChartPodsTest {
  static Stream<Case> cases() {
    return HelmRenderings.cases();
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

  private static JsonNode volume(JsonNode doc, String name) {
    for (JsonNode v : doc.at("/spec/template/spec/volumes")) {
      if (name.equals(v.path("name").asText())) {
        return v;
      }
    }
    return fail("no volume " + name + " in " + doc.at("/metadata/name"));
  }
}
