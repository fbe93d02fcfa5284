package stress.dump.bson;

import com.fasterxml.jackson.core.io.NumberOutput;
import org.bson.json.Converter;
import org.bson.json.StrictJsonWriter;

/**
 * A double as the shortest decimal that reads back as the same double, the number mongosh, bsondump, JavaScript and
 * Go print, in Java's layout ({@code 2.0}, {@code 1.5}, {@code 1.0E23}, {@code 5.0E-324}, {@code NaN},
 * {@code Infinity}). {@code Double.toString} before JDK 19 often writes more digits than needed
 * ({@code 9.999999999999999E22} for 1e23), and jsonb keeps the decimal as written, so the stored number would
 * differ from what users see in MongoDB. Uses jackson-core's Schubfach, the same on every JDK.
 *
 * <p>Schubfach, like {@code Double.toString} from JDK 19 on, writes at least two significant digits and then
 * prefers the closest two-digit decimal to a one-digit one ({@code 4.9E-324} for {@code Double.MIN_VALUE}); that
 * differs from the shortest only for subnormals with very few significant bits, which are corrected here.
 */
public final class DoubleText {
  /**
   * Relaxed Extended JSON: a JSON number, NaN and the infinities as {@code {"$numberDouble": "..."}}. A one-digit
   * number below 1e-3 is written {@code 1E-4}, not {@code 1.0E-4}: jsonb's numeric keeps the scale as written, and
   * {@code data->>'v'} would show {@code 0.00010} where MongoDB shows {@code 0.0001}.
   */
  static final Converter<Double> RELAXED = (value, writer) -> {
    double d = value;
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      canonical(d, writer);
    } else {
      writer.writeNumber(jsonNumber(d));
    }
  };

  /** Canonical Extended JSON: {@code {"$numberDouble": "..."}} always. */
  static final Converter<Double> CANONICAL = (value, writer) -> canonical(value, writer);

  private DoubleText() {}

  /** The shortest decimal that parses back to {@code value}, laid out as {@code Double.toString} lays it out. */
  public static String of(double value) {
    String text = NumberOutput.toString(value, true);
    if (Math.abs(value) < Double.MIN_NORMAL && value != 0) {
      return shortestSubnormal(value, text);
    }
    return text;
  }

  /** The relaxed JSON number: {@link #of}, without the {@code .0} of a one-digit negative-exponent form. */
  static String jsonNumber(double value) {
    String text = of(value);
    int padding = text.indexOf(".0E-");
    return padding < 0 ? text : text.substring(0, padding) + text.substring(padding + 2);
  }

  private static void canonical(double value, StrictJsonWriter writer) {
    writer.writeStartObject();
    writer.writeName("$numberDouble");
    writer.writeString(of(value));
    writer.writeEndObject();
  }

  /**
   * Schubfach's text {@code d.dE-3xx} may have two digits where one reads back the same: then the one-digit decimal
   * nearest the value, as {@code d.0E-3xx}.
   */
  private static String shortestSubnormal(double value, String text) {
    int exponentAt = text.indexOf('E');
    if (exponentAt < 0) {
      return text; // subnormals are all below 1e-307, always written with an exponent
    }
    int start = value < 0 ? 1 : 0;
    String significand = text.substring(start, exponentAt);
    if (significand.length() != 3 || significand.charAt(2) == '0') {
      return text; // more than two digits are needed, or the second is already zero
    }
    int exponent = Integer.parseInt(text, exponentAt + 1, text.length(), 10);
    int first = significand.charAt(0) - '0';
    int second = significand.charAt(2) - '0';
    // the one-digit candidates around d.d, nearest first
    int nearer = second >= 5 ? first + 1 : first;
    int farther = second >= 5 ? first : first + 1;
    for (int digit : new int[] {nearer, farther}) {
      String candidate = oneDigit(digit, exponent, start == 1);
      if (digit > 0 && Double.parseDouble(candidate) == value) {
        return candidate;
      }
    }
    return text;
  }

  private static String oneDigit(int digit, int exponent, boolean negative) {
    String sign = negative ? "-" : "";
    return digit == 10 ? sign + "1.0E" + (exponent + 1) : sign + digit + ".0E" + exponent;
  }
}
