package stress.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What {@code stress index} asks of the driver and the server, and the lines it prints while a build runs. */
class IndexJobTest {
  @Test
  void withoutASocketTimeoutTheClientWaitsAsLongAsTheServerWorks() {
    assertEquals("0", Jobs.indexDriverSettings(Duration.ZERO).toProperties().get("socketTimeout"));
    assertEquals("1800", Jobs.indexDriverSettings(Duration.ofMinutes(30)).toProperties().get("socketTimeout"));
    assertEquals("10", Jobs.indexDriverSettings(Duration.ZERO).toProperties().get("connectTimeout"));
  }
}
