package stress.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The container image as pom.xml defines it (profile {@code image}, Jib). The image cannot be built on a machine
 * without registry access (Jib pulls the base image), so this reads the definition and checks what would make a
 * built image wrong: an entrypoint class that does not exist, a root user, a published port, JVM flags that are not
 * the ones a run would choose for itself, or a plugin the default build would need.
 */
class ImageConfigurationTest {
  private static final String JIB = "jib-maven-plugin";
  private static Element project;
  private static Element profile;
  private static Element jib;

  @BeforeAll
  static void readPom() throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document pom = factory.newDocumentBuilder().parse(Path.of("pom.xml").toFile());
    project = pom.getDocumentElement();
    Element profiles = child(project, "profiles").orElseThrow(() -> new AssertionError("pom.xml has no <profiles>"));
    profile = children(profiles, "profile").stream()
        .filter(p -> "image".equals(text(p, "id")))
        .findFirst().orElseThrow(() -> new AssertionError("pom.xml has no profile 'image'"));
    jib = plugins(profile).stream()
        .filter(p -> JIB.equals(text(p, "artifactId")))
        .findFirst().orElseThrow(() -> new AssertionError("profile 'image' has no " + JIB));
  }

  @Test
  void theDefaultBuildNeverSeesTheImagePlugin() {
    for (Element plugin : plugins(project)) {
      assertFalse(JIB.equals(text(plugin, "artifactId")), "Jib is in the default build's plugins: move it to the profile");
    }
    assertTrue(child(profile, "activation").isEmpty(), "profile 'image' must only run when asked for (-Pimage)");
    // no execution bound to a phase: 'mvn -Pimage package' builds nothing, jib:buildTar or jib:build is asked for
    assertTrue(child(jib, "executions").isEmpty(), "Jib is bound to a phase; it should run only as jib:buildTar/jib:build");
  }

  @Test
  void thePluginVersionIsPinned() {
    String version = resolve(text(jib, "version"));
    assertTrue(version.matches("\\d+\\.\\d+\\.\\d+"), "Jib's version is not a release: " + version);
  }

  @Test
  void theBaseImageIsAJava17RuntimeNamedByAProperty() {
    String from = text(child(jib, "configuration", "from").orElseThrow(), "image");
    assertEquals("${image.base}", from, "the base image should come from the property image.base, so -Dimage.base=... overrides it");
    String base = resolve(from);
    assertFalse(base.isBlank(), "image.base is empty");
    // the project is compiled for 17 and the JVM flags below are Java 17's: a base of another major version is a choice
    // to make on the command line, not the default
    assertTrue(Pattern.compile("(?<!\\d)17(?!\\d)").matcher(base).find(),
        "the base image should be a Java 17 runtime: " + base);
  }

  @Test
  void theEntrypointIsTheToolsMainClass() throws Exception {
    Element container = child(jib, "configuration", "container").orElseThrow(() -> new AssertionError("no <container>"));
    String mainClass = text(container, "mainClass");
    assertEquals("stress.cli.Main", mainClass);
    String shaded = shadeMainClass();
    assertEquals(shaded, mainClass, "the image and target/stress.jar should start the same class");
    Class<?> main = Class.forName(mainClass);
    Method method = main.getMethod("main", String[].class);
    assertTrue(Modifier.isStatic(method.getModifiers()) && Modifier.isPublic(method.getModifiers()),
        mainClass + ".main is not public static");
    assertTrue(child(container, "entrypoint").isEmpty(), "an <entrypoint> would replace the main class and the JVM flags");
  }

  @Test
  void theContainerRunsAsANonRootUser() {
    Element container = child(jib, "configuration", "container").orElseThrow();
    String user = resolve(text(container, "user"));
    Matcher m = Pattern.compile("(\\d+)(?::(\\d+))?").matcher(user);
    assertTrue(m.matches(), "the user should be numeric (uid[:gid]) so Kubernetes can check runAsNonRoot: " + user);
    assertTrue(Integer.parseInt(m.group(1)) > 0, "the image runs as root: " + user);
    assertTrue(m.group(2) == null || Integer.parseInt(m.group(2)) > 0, "the image runs with group root: " + user);
  }

  @Test
  void theWorkingDirectoryIsWritableAndNoPortIsPublished() {
    Element container = child(jib, "configuration", "container").orElseThrow();
    assertEquals("/tmp", text(container, "workingDirectory"),
        "the chart mounts a writable emptyDir at /tmp under a read-only root file system");
    Optional<Element> ports = child(container, "ports");
    assertTrue(ports.isEmpty() || children(ports.get(), "port").isEmpty(),
        "the instances meet through the database: the image publishes no port");
  }

  /**
   * From the class path Main does not start a second JVM with the load generator's options, so the image must give
   * them: the same ones {@code JvmDefaults} chooses for Java 17, plus a heap sized from the container's memory limit.
   */
  @Test
  void theJvmFlagsAreTheRunDefaultsSizedForAContainer() throws Exception {
    Element container = child(jib, "configuration", "container").orElseThrow();
    List<String> flags = new ArrayList<>();
    for (Element flag : children(child(container, "jvmFlags").orElseThrow(() -> new AssertionError("no <jvmFlags>")),
        "jvmFlag")) {
      flags.add(flag.getTextContent().strip());
    }
    assertTrue(flags.stream().anyMatch(f -> f.matches("-XX:MaxRAMPercentage=\\d+(\\.\\d+)?")),
        "no -XX:MaxRAMPercentage: the heap would be a quarter of the container's memory " + flags);
    assertFalse(flags.stream().anyMatch(f -> f.startsWith("-Xmx")), "a fixed -Xmx ignores the pod's memory limit: " + flags);
    Class<?> defaults = Class.forName("stress.cli.JvmDefaults");
    Method options = defaults.getDeclaredMethod("options", int.class);
    options.setAccessible(true);
    @SuppressWarnings("unchecked")
    List<String> java17 = (List<String>) options.invoke(null, 17);
    assertTrue(flags.containsAll(java17), "the image's JVM flags " + flags + " should hold the run defaults for Java 17 " + java17);
  }

  @Test
  void theImageHasAName() {
    String to = text(child(jib, "configuration", "to").orElseThrow(), "image");
    assertEquals("${image}", to, "the target image should be the property 'image' (-Dimage=REGISTRY/REPO:TAG)");
    assertFalse(resolve(to).isBlank());
  }

  private static String shadeMainClass() {
    for (Element plugin : plugins(project)) {
      if ("maven-shade-plugin".equals(text(plugin, "artifactId"))) {
        Node mainClass = plugin.getElementsByTagName("mainClass").item(0);
        if (mainClass != null) {
          return mainClass.getTextContent().strip();
        }
      }
    }
    return fail("no main class in the shade plugin");
  }

  /** ${name}: the profile's property, else the project's. */
  private static String resolve(String value) {
    Matcher m = Pattern.compile("\\$\\{([^}]+)}").matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name = m.group(1);
      if (name.startsWith("project.")) { // the model's own elements: ${project.version} is <version>
        m.appendReplacement(out, Matcher.quoteReplacement(text(project, name.substring("project.".length()))));
        continue;
      }
      String v = property(profile, name).or(() -> property(project, name))
          .orElseThrow(() -> new AssertionError("property " + name + " is not defined in pom.xml"));
      m.appendReplacement(out, Matcher.quoteReplacement(resolve(v)));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static Optional<String> property(Element owner, String name) {
    return child(owner, "properties").flatMap(p -> child(p, name)).map(e -> e.getTextContent().strip());
  }

  private static List<Element> plugins(Element owner) {
    return child(owner, "build", "plugins").map(p -> children(p, "plugin")).orElse(List.of());
  }

  private static String text(Element parent, String name) {
    return child(parent, name).map(e -> e.getTextContent().strip())
        .orElseThrow(() -> new AssertionError("<" + parent.getTagName() + "> has no <" + name + ">"));
  }

  private static Optional<Element> child(Element parent, String... path) {
    Element at = parent;
    for (String name : path) {
      List<Element> found = children(at, name);
      if (found.isEmpty()) {
        return Optional.empty();
      }
      at = found.get(0);
    }
    assertNotNull(at);
    return Optional.of(at);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        out.add(e);
      }
    }
    return out;
  }
}
