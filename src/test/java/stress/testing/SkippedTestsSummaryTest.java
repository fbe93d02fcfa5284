package stress.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The closing list counts skips as Surefire 3.5 does (measured on these three classes: 6 skipped, and the class whose
 * {@code @BeforeAll} assumption failed reported as 0 tests run, 0 skipped), and still names the tests Surefire leaves
 * out. The classes below are nested, so neither Surefire nor the engine runs them except through this test's launcher.
 */
class SkippedTestsSummaryTest {
  @Test
  void countsWhatSurefireCountsAndNamesTheRestApart() {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8);
    // without auto-registration: the service-loaded summary would print its own list into this test's output
    Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
        .enableTestExecutionListenerAutoRegistration(false).build());
    launcher.execute(LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(AbortedClass.class), selectClass(DisabledClass.class), selectClass(Methods.class))
        .build(), new SkippedTestsSummary(out));
    String printed = buffer.toString(StandardCharsets.UTF_8);
    assertTrue(printed.contains("[WARNING] Skipped tests: 6, by reason:\n"), printed);
    assertTrue(printed.contains("[WARNING]   off (2 tests)\n"), printed);
    assertTrue(printed.contains("[WARNING]   param (2 tests)\n"), printed);
    assertTrue(printed.contains("[WARNING] Not run and not in Surefire's count (the class's own assumption failed): 2"
        + " tests, by reason:\n[WARNING]   class-level (2 tests)\n"), printed);
    assertEquals(1, printed.lines().filter(l -> l.contains("AbortedClass")).count(), printed);
  }

  static class AbortedClass {
    @BeforeAll
    static void assume() {
      assumeTrue(false, "class-level");
    }

    @Test
    void a() {}

    @Test
    void b() {}
  }

  @Disabled("off")
  static class DisabledClass {
    @Test
    void a() {}

    @Test
    void b() {}
  }

  static class Methods {
    @Test
    void assumed() {
      assumeTrue(false, "method-level");
    }

    @Disabled("m")
    @Test
    void disabled() {}

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void parameters(int x) {
      assumeTrue(false, "param");
    }
  }
}
