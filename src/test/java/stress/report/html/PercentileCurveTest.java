package stress.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The latency-by-percentile curve, x = 1/(1-percentile) as in HdrHistogram's plots. */
class PercentileCurveTest {
  @Test
  void theCurveRisesFromTheMinimumAndPassesThroughThePercentiles() {
    Histogram nanos = new Histogram(3_600_000_000_000L, 3);
    for (int i = 1; i <= 10_000; i++) {
      nanos.recordValue(i * 1_000L); // 1 µs .. 10 ms
    }
    List<Point> points = PercentileCurve.of(nanos);
    assertEquals(1.0, points.get(0).x(), 1e-12, "0th percentile at x=1");
    for (int i = 1; i < points.size(); i++) {
      assertTrue(points.get(i).x() > points.get(i - 1).x(), "x rises: " + points.get(i));
      assertTrue(points.get(i).y() >= points.get(i - 1).y(), "latency never falls: " + points.get(i));
    }
    double maxMs = nanos.getMaxValue() / 1e6;
    assertTrue(points.stream().allMatch(p -> p.y() <= maxMs + 0.01), "nothing above the max");
    assertTrue(points.get(points.size() - 1).x() >= 1000, "reaches 99.9% with 10000 values");
    for (Point p : points) {
      double percentile = 100 - 100 / p.x();
      assertEquals(nanos.getValueAtPercentile(percentile) / 1e6, p.y(), p.y() * 0.002 + 0.002, "at " + percentile + "%");
    }
    Point near99 = points.stream().filter(p -> p.x() >= 100).findFirst().orElseThrow();
    assertEquals(9.9, near99.y(), 0.1, "p99 of 1..10 ms is 9.9 ms");
  }

  @Test
  void anEmptyHistogramHasNoCurve() {
    assertEquals(List.of(), PercentileCurve.of(new Histogram(3)));
  }
}
