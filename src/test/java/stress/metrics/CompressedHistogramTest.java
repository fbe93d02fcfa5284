package stress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class CompressedHistogramTest {
  @Test
  void decodesToTheSameValuesAndIsSmall() {
    Histogram h = new Histogram(1, TimeUnit.HOURS.toNanos(1), 3);
    for (int i = 1; i <= 5000; i++) {
      h.recordValue(i * 1_000L);
    }
    CompressedHistogram c = CompressedHistogram.of(h);
    assertEquals(h, c.decode());
    assertEquals(5000, c.totalCount());
    assertEquals(h.getMaxValue(), c.maxValue());
    assertTrue(c.compressedBytes() < h.getEstimatedFootprintInBytes() / 20,
        c.compressedBytes() + " bytes compressed vs " + h.getEstimatedFootprintInBytes());
  }

  @Test
  void aTooSmallScratchBufferIsReplacedAndEqualContentIsEqual() {
    Histogram h = new Histogram(1, TimeUnit.HOURS.toNanos(1), 3);
    h.recordValue(42_000);
    CompressedHistogram viaScratch = CompressedHistogram.of(h, ByteBuffer.allocate(4));
    assertEquals(CompressedHistogram.of(h), viaScratch);
    assertEquals(CompressedHistogram.of(h).hashCode(), viaScratch.hashCode());
    h.recordValue(43_000);
    assertNotEquals(CompressedHistogram.of(h), viaScratch);
    assertEquals(0, CompressedHistogram.of(new Histogram(3)).totalCount());
  }
}
