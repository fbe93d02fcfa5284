package stress.app.setup;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.metrics.ClientUsage;
import stress.report.ClientUsageText;

/** The run's header gives the heap limit in the unit and figure of the summary's {@code heap peak ... of ...}. */
class JvmInfoTest {
  @Test
  void theHeaderAndTheSummaryGiveTheHeapLimitAsOneNumberInOneUnit() {
    long max = Runtime.getRuntime().maxMemory();
    String header = JvmInfo.describe();
    ClientUsage usage = ClientUsage.of(10, 2, 2.0, 1.5, 0.5, 100_000, 5, 0.1, 300L << 20, 100L << 20, max, null);
    String summary = ClientUsageText.lines(usage);
    String limit = ClientUsageText.megabytes(max);
    assertTrue(header.contains(", max heap " + limit + ","), header);
    assertTrue(summary.contains(" of " + limit), summary);
  }
}
