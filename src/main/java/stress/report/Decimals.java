package stress.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The number formats of the text reports, locale independent:
 * rates with one decimal; milliseconds with one decimal from 1 ms up and two significant digits below
 * (0.48, 0.052), so sub-millisecond latencies do not all print as 0.0.
 */
public final class Decimals {
  private static final MathContext TWO_DIGITS = new MathContext(2, RoundingMode.HALF_UP);

  private Decimals() {}

  /** One decimal: 41234.5. */
  public static String oneDecimal(double value) {
    if (!Double.isFinite(value)) {
      return String.valueOf(value);
    }
    return new BigDecimal(value).setScale(1, RoundingMode.HALF_UP).toPlainString();
  }

  /** Milliseconds: 1.9, 360.5, 0.48, 0.052, 0.0. */
  public static String millis(double ms) {
    if (!Double.isFinite(ms) || ms == 0 || Math.abs(ms) >= 1) {
      return oneDecimal(ms);
    }
    BigDecimal rounded = new BigDecimal(ms).round(TWO_DIGITS);
    // 0.999 rounds to 1.0: print it like every other value from 1 ms up
    return rounded.abs().compareTo(BigDecimal.ONE) >= 0 ? oneDecimal(ms) : rounded.toPlainString();
  }

  /**
   * Elapsed seconds: whole seconds without decimals (5), otherwise one (2.5); below 0.05 s two significant digits
   * (0.011), so the only interval of a short --ops phase does not read 0.
   */
  public static String seconds(double seconds) {
    if (seconds > 0 && seconds < 0.05) {
      return millis(seconds);
    }
    String text = oneDecimal(seconds);
    return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
  }

  /** A phase's duration in seconds: one decimal from 1 s up (20.0), two significant digits below (0.011, 0.25). */
  public static String duration(double seconds) {
    return seconds > 0 && seconds < 1 ? millis(seconds) : oneDecimal(seconds);
  }

  /** Seconds to the millisecond: 3.204, 17.000 (outage and degraded window times). */
  public static String threeDecimals(double value) {
    return new BigDecimal(value).setScale(3, RoundingMode.HALF_UP).toPlainString();
  }

  /**
   * A ratio: x1.63; below 0.1 two significant digits (x0.0022), so a server 450 times slower does not read x0.00.
   */
  public static String ratio(double ratio) {
    if (Double.isFinite(ratio) && ratio > 0 && ratio < 0.1) {
      return "x" + new BigDecimal(ratio).round(TWO_DIGITS).toPlainString();
    }
    return "x" + new BigDecimal(ratio).setScale(2, RoundingMode.HALF_UP).toPlainString();
  }

  /**
   * A ratio rounded as {@link #ratio} prints it, but in the given direction: an interval's low end down and its high
   * end up, so the printed interval never looks narrower than the measured one.
   */
  public static double ratioRounded(double ratio, RoundingMode direction) {
    if (!Double.isFinite(ratio)) {
      return ratio;
    }
    BigDecimal exact = BigDecimal.valueOf(ratio); // its shortest decimal: 1.13 stays 1.13, not 1.1299...
    return (ratio > 0 && ratio < 0.1 ? exact.round(new MathContext(2, direction))
        : exact.setScale(2, direction)).doubleValue();
  }

  /** A ratio's interval rounded outward (low end down, high end up), as {@code x1.01-x1.20}. */
  public static String ratioRangeOutward(double low, double high) {
    return ratio(ratioRounded(low, RoundingMode.FLOOR)) + "-" + ratio(ratioRounded(high, RoundingMode.CEILING));
  }

  /** A ratio's interval as it follows the ratio: {@code [1.40-1.90]}, the x of each end left out. */
  public static String ratioInterval(double low, double high) {
    return "[" + ratio(low).substring(1) + "-" + ratio(high).substring(1) + "]";
  }
}
