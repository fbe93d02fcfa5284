package stress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

  @ParameterizedTest
  @CsvSource({"60s,60000", "60,60000", "500ms,500", "2m,120000", "1h,3600000", "1m30s,90000", "1.5s,1500", "0,0"})
  void parsesWhatUsersWrite(String text, long millis) {
    assertEquals(Duration.ofMillis(millis), Durations.parse("--duration", text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "abc", "10x", "-5s", "5s garbage", "s"})
  void refusesAnythingElseNamingTheOption(String text) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse("--warmup", text));
    assertEquals("--warmup must be a duration like 60s, 500ms, 2m, 1h or 1m30s, got '" + text + "'", e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({"60000,1m", "1000,1s", "500,500ms", "1500,1.5s", "7200000,2h"})
  void formatsShort(long millis, String text) {
    assertEquals(text, Durations.format(Duration.ofMillis(millis)));
  }
}
