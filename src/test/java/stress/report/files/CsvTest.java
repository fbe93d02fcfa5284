package stress.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {
  @Test
  void fieldsAreQuotedOnlyWhenRfc4180AsksForIt() {
    assertEquals("plain", Csv.field("plain"));
    assertEquals("mode=plain pool=c3p0", Csv.field("mode=plain pool=c3p0"));
    assertEquals("\"a,b\"", Csv.field("a,b"));
    assertEquals("\"say \"\"hi\"\"\"", Csv.field("say \"hi\""));
    assertEquals("\"two\nlines\"", Csv.field("two\nlines"));
    assertEquals("\"cr\rhere\"", Csv.field("cr\rhere"));
    assertEquals("", Csv.field(""));
    assertEquals("", Csv.field(null));
    assertEquals("  spaces kept  ", Csv.field("  spaces kept  "));
  }

  @Test
  void aLineJoinsFieldsWithCommasAndEndsWithCrLf() {
    assertEquals("1,\"x,y\",,z\r\n", Csv.line(Arrays.asList("1", "x,y", null, "z")));
    assertEquals("\r\n", Csv.line(List.of()));
  }

  @Test
  void numbersArePlainAndLocaleFree() {
    assertEquals("0", Csv.number(0.0, 3));
    assertEquals("0", Csv.number(-0.0, 3));
    assertEquals("12.5", Csv.number(12.5, 3));
    assertEquals("3", Csv.number(3.0, 3));
    assertEquals("0.001", Csv.number(0.0005, 3), "half up");
    assertEquals("12345678", Csv.number(12345678.0, 3), "no exponent");
    assertEquals("0.000512", Csv.millis(0.000512));
    assertEquals("5.010018", Csv.millis(5.0100181919999995));
    assertEquals("30.015487", Csv.millis(30.015487));
    assertThrows(IllegalArgumentException.class, () -> Csv.number(Double.NaN, 3));
  }
}
