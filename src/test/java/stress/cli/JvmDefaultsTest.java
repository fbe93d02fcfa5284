package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** When a run gets the load generator's JVM options, and when the user's own choice stands. */
class JvmDefaultsTest {
  private static final String JAVA = "/usr/lib/jvm/java-17/bin/java";
  private static final String JAR = "/opt/stress/stress.jar";
  private static final List<String> ARGS = List.of("--url", "jdbc:postgresql://db/bench", "run", "--op", "find",
      "--threads", "80");

  @Test
  void aPlainJavaJarRunIsStartedAgainWithTheDefaultsAndTheSameArguments() {
    List<String> expected = new ArrayList<>(List.of(JAVA));
    expected.addAll(List.of("-XX:+UseSerialGC", "-Xms64m", "-jar", JAR));
    expected.addAll(ARGS);
    assertEquals(Optional.of(expected), JvmDefaults.relaunch(17, List.of(), Map.of("PATH", "/usr/bin"), JAVA, JAR, () -> true,
        ARGS));
  }

  @Test
  void fromJava24OnARunGetsG1ThatGrowsTheHeapOnlyWhenCollectingTakesAThirdOfTheTime() {
    assertEquals(List.of("-XX:+UseSerialGC", "-Xms64m"), JvmDefaults.options(23));
    assertEquals(List.of("-XX:+UseG1GC", "-Xms64m", "-XX:GCTimeRatio=2", "--sun-misc-unsafe-memory-access=allow"),
        JvmDefaults.options(24));
    assertEquals(JvmDefaults.options(24), JvmDefaults.options(25));
    List<String> command = JvmDefaults.relaunch(25, List.of(), Map.of(), JAVA, JAR, () -> true, ARGS).orElseThrow();
    assertEquals(List.of(JAVA, "-XX:+UseG1GC", "-Xms64m", "-XX:GCTimeRatio=2", "--sun-misc-unsafe-memory-access=allow",
        "-jar", JAR), command.subList(0, 7));
  }

  @Test
  void anyJvmOptionOfTheUsersIsTheirChoice() {
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of("-Xmx2g"), Map.of(), JAVA, JAR, () -> true, ARGS));
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of("-XX:+UseG1GC"), Map.of(), JAVA, JAR, () -> true, ARGS));
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of("-Dx=y"), Map.of(), JAVA, JAR, () -> true, ARGS));
    for (String variable : JvmDefaults.OPTION_VARIABLES) {
      assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of(), Map.of(variable, "-Xmx1g"), JAVA, JAR, () -> true,
          ARGS), variable);
    }
    // a variable that is set but blank gives no option
    assertTrue(JvmDefaults.relaunch(17, List.of(), Map.of("JAVA_TOOL_OPTIONS", " "), JAVA, JAR, () -> true, ARGS).isPresent());
  }

  @Test
  void theSwitchTurnsItOff() {
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of(), Map.of(JvmDefaults.SWITCH, "off"), JAVA, JAR, () -> true,
        ARGS));
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of(), Map.of(JvmDefaults.SWITCH, " OFF "), JAVA, JAR,
        () -> true, ARGS));
  }

  @Test
  void onlyARunFromTheJarWithAKnownJavaIsStartedAgain() {
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of(), Map.of(), JAVA, JAR, () -> false, ARGS), "not a run");
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of(), Map.of(), null, JAR, () -> true, ARGS), "no java");
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of(), Map.of(), JAVA, null, () -> true, ARGS), "not a jar");
  }

  /** Parsing the command line costs a third of a second of CPU: a JVM that will not start another never does it. */
  @Test
  void theCommandLineIsParsedOnlyWhenEverythingElseWouldStartAnotherJvm() {
    BooleanSupplier mustNotBeAsked = () -> {
      throw new AssertionError("parsed the command line although no other JVM can be started");
    };
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of("-XX:+UseSerialGC"), Map.of(), JAVA, JAR,
        mustNotBeAsked, ARGS), "the child, or the user's own options");
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of(), Map.of(JvmDefaults.SWITCH, "off"), JAVA, JAR,
        mustNotBeAsked, ARGS));
    assertEquals(Optional.empty(), JvmDefaults.relaunch(17, List.of(), Map.of(), null, JAR, mustNotBeAsked, ARGS));
  }

  @Test
  void whichCommandLinesAreRuns() {
    assertTrue(Relauncher.isRun(ARGS.toArray(String[]::new)));
    assertTrue(Relauncher.isRun(new String[] {"--threads", "4"}), "no command is a run");
    assertTrue(Relauncher.isRun(new String[0]), "the embedded default run");
    assertFalse(Relauncher.isRun(new String[] {"import", "/tmp/dump"}));
    assertFalse(Relauncher.isRun(new String[] {"init", "--docs", "10"}));
    assertFalse(Relauncher.isRun(new String[] {"run", "--help"}));
    assertFalse(Relauncher.isRun(new String[] {"--help"}));
    assertFalse(Relauncher.isRun(new String[] {"--version"}));
    assertFalse(Relauncher.isRun(new String[] {"run", "--no-such-option"}), "this JVM reports the mistake");
  }
}
