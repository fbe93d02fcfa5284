package stress.report.files;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * RFC 4180 text: fields separated by commas, lines ended by CRLF, a field holding a comma, a double quote,
 * CR or LF enclosed in double quotes with its quotes doubled. Numbers are written plain (no exponent, no
 * grouping, '.' as decimal point whatever the locale) so every spreadsheet reads them as numbers.
 */
final class Csv {
  static final String LINE_END = "\r\n";

  private Csv() {}

  /** One record from its fields, {@link #LINE_END} included. A null field is written empty. */
  static String line(List<String> fields) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        line.append(',');
      }
      line.append(field(fields.get(i)));
    }
    return line.append(LINE_END).toString();
  }

  /** The field as it must appear in a record. */
  static String field(String value) {
    if (value == null) {
      return "";
    }
    boolean quote = value.indexOf(',') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\r') >= 0
        || value.indexOf('\n') >= 0;
    return quote ? '"' + value.replace("\"", "\"\"") + '"' : value;
  }

  /** A number rounded half-up to {@code decimals} places, trailing zeros dropped: 12.5, 3, 0.000512. */
  static String number(double value, int decimals) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("a CSV number must be finite, got " + value);
    }
    BigDecimal rounded = new BigDecimal(value).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros();
    return rounded.signum() == 0 ? "0" : rounded.toPlainString();
  }

  /** Milliseconds to the nanosecond, the resolution they were recorded at. */
  static String millis(double ms) {
    return number(ms, 6);
  }

  /** Rates and seconds to the thousandth. */
  static String decimal(double value) {
    return number(value, 3);
  }
}
