package stress.report.html;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The latency-by-percentile curve of a histogram, as HdrHistogram's plots draw it: x is
 * {@code 1/(1-percentile)}, so on a logarithmic axis 90%, 99%, 99.9% ... are evenly spaced.
 */
final class PercentileCurve {
  /** Steps per halving of the distance to 100%, as in HdrHistogram's percentile output. */
  private static final int TICKS_PER_HALF_DISTANCE = 5;
  private static final double NANOS_PER_MILLI = 1_000_000.0;

  private PercentileCurve() {}

  /**
   * Points (x = 1/(1-percentile), y = latency in ms) of a histogram of nanoseconds; none when it is empty.
   * The 100% level is left out: its x is infinite (the table beside the chart gives the max).
   */
  static List<Point> of(AbstractHistogram nanos) {
    List<Point> points = new ArrayList<>();
    if (nanos.getTotalCount() == 0) {
      return points;
    }
    for (HistogramIterationValue value : nanos.percentiles(TICKS_PER_HALF_DISTANCE)) {
      double fraction = value.getPercentileLevelIteratedTo() / 100.0;
      if (fraction >= 1.0) {
        break;
      }
      long nanosAtLevel = nanos.highestEquivalentValue(value.getValueIteratedTo());
      points.add(new Point(1.0 / (1.0 - fraction), nanosAtLevel / NANOS_PER_MILLI));
    }
    return points;
  }
}
