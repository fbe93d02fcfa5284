package stress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramCodecTest {
  @Test
  void roundTripIsExact() {
    Histogram histogram = new Histogram(1, 3_600_000_000_000L, 3);
    for (long v = 1; v < 10_000_000; v = v * 3 + 7) {
      histogram.recordValueWithCount(v, v % 13 + 1);
    }
    Histogram decoded = HistogramCodec.fromBase64(HistogramCodec.toBase64(histogram));
    assertEquals(histogram, decoded);
    assertEquals(histogram.getTotalCount(), decoded.getTotalCount());
    assertEquals(histogram.getHighestTrackableValue(), decoded.getHighestTrackableValue());
  }

  @Test
  void anEmptyHistogramRoundTrips() {
    Histogram empty = new Histogram(1, 1_000_000, 3);
    assertEquals(empty, HistogramCodec.fromBase64(HistogramCodec.toBase64(empty)));
  }

  @Test
  void garbageIsRefusedWithTheValue() {
    var notBase64 = assertThrows(IllegalArgumentException.class, () -> HistogramCodec.fromBase64("%%%"));
    assertTrue(notBase64.getMessage().contains("%%%"), notBase64.getMessage());
    var notHistogram = assertThrows(IllegalArgumentException.class, () -> HistogramCodec.fromBase64("aGVsbG8gd29ybGQ="));
    assertTrue(notHistogram.getMessage().startsWith("not a compressed HdrHistogram: aGVsbG8gd29ybGQ="), notHistogram.getMessage());
  }
}
