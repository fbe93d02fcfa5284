package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.model.PreferQueryMode;

class DriverSettingsTest {

  @Test
  void propertiesAreNamedAsPgjdbcNamesThem() {
    DriverSettings s = new DriverSettings(3, 60, 7, -1, PreferQueryMode.EXTENDED_CACHE_EVERYTHING, "-c search_path=app");
    assertEquals(Map.of("connectTimeout", "3", "socketTimeout", "60", "loginTimeout", "7", "ApplicationName", "stress",
        "prepareThreshold", "-1", "preferQueryMode", "extendedCacheEverything", "options", "-c search_path=app"),
        s.toProperties());
    assertEquals(DriverSettings.PROPERTY_NAMES, s.toProperties().keySet());
  }

  @Test
  void blankOptionsAreLeftOut() {
    DriverSettings s = new DriverSettings(10, 0, 0, 5, PreferQueryMode.SIMPLE, "  ");
    assertNull(s.options());
    assertFalse(s.toProperties().containsKey("options"));
  }

  @ParameterizedTest
  @ValueSource(ints = {-2, -5, Integer.MIN_VALUE})
  void prepareThresholdBelowMinusOneIsRejected(int threshold) {
    String message = assertThrows(IllegalArgumentException.class,
        () -> new DriverSettings(10, 0, 0, threshold, PreferQueryMode.EXTENDED, null)).getMessage();
    assertTrue(message.contains("prepareThreshold") && message.contains(Integer.toString(threshold)), message);
  }

  @Test
  void timeoutsMustBeInPgjdbcsRange() {
    for (int bad : new int[] {-1, DriverSettings.MAX_TIMEOUT_SECONDS + 1}) {
      assertTrue(assertThrows(IllegalArgumentException.class,
          () -> new DriverSettings(bad, 0, 0, 5, PreferQueryMode.EXTENDED, null)).getMessage().startsWith("connectTimeout"));
      assertTrue(assertThrows(IllegalArgumentException.class,
          () -> new DriverSettings(0, bad, 0, 5, PreferQueryMode.EXTENDED, null)).getMessage().startsWith("socketTimeout"));
      assertTrue(assertThrows(IllegalArgumentException.class,
          () -> new DriverSettings(0, 0, bad, 5, PreferQueryMode.EXTENDED, null)).getMessage().startsWith("loginTimeout"));
    }
    new DriverSettings(0, DriverSettings.MAX_TIMEOUT_SECONDS, 0, 0, PreferQueryMode.EXTENDED, null);
  }

  @Test
  void preferQueryModeParsesPgjdbcNamesExactly() {
    for (PreferQueryMode mode : PreferQueryMode.values()) {
      assertEquals(mode, PreferQueryMode.fromDriverName(mode.driverName()));
    }
    String message = assertThrows(IllegalArgumentException.class, () -> PreferQueryMode.fromDriverName("Simple"))
        .getMessage();
    assertEquals("preferQueryMode 'Simple' is not one of extended, extendedForPrepared, extendedCacheEverything,"
        + " simple", message);
  }

  @Test
  void connectTimeoutIsReadFromASpecWithPgjdbcsDefault() {
    ConnectionSpec none = new ConnectionSpec("jdbc:postgresql://h/db", "u", null, Map.of(), List.of());
    assertEquals(Duration.ofSeconds(10), DriverSettings.connectTimeout(none));
    ConnectionSpec three = new ConnectionSpec("jdbc:postgresql://h/db", "u", null, Map.of("connectTimeout", "3"),
        List.of());
    assertEquals(Duration.ofSeconds(3), DriverSettings.connectTimeout(three));
    ConnectionSpec bad = new ConnectionSpec("jdbc:postgresql://h/db", "u", null, Map.of("connectTimeout", "soon"),
        List.of());
    assertThrows(IllegalArgumentException.class, () -> DriverSettings.connectTimeout(bad));
  }

  @Test
  void specRefusesAPasswordAmongDriverProperties() {
    assertThrows(IllegalArgumentException.class,
        () -> new ConnectionSpec("jdbc:postgresql://h/db", "u", null, Map.of("password", "x"), List.of()));
  }

  @Test
  void withInitStatementsKeepsEverythingElse() {
    ConnectionSpec spec = new ConnectionSpec("jdbc:postgresql://h/db", "u", "pw", Map.of("a", "b"), List.of());
    ConnectionSpec with = spec.withInitStatements(List.of("SET work_mem = '7MB'"));
    assertEquals(new ConnectionSpec("jdbc:postgresql://h/db", "u", "pw", Map.of("a", "b"), List.of("SET work_mem = '7MB'")),
        with);
  }
}
