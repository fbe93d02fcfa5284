package stress.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import stress.report.Decimals;

class TimeTableTest {
  @Test
  void phasesShareRowsAndAShortLastIntervalGetsItsOwn() {
    Series plain = Series.line("plain", "plain", false, List.of(new Point(1.0004, 10), new Point(2.0001, 20), new Point(2.003, 5)));
    Series prepared = Series.line("prepared", "prepared", false, List.of(new Point(0.9999, 30), new Point(2.0, 40)));
    DataTable table = TimeTable.of(List.of(plain, prepared), Decimals::oneDecimal);
    assertEquals(List.of("elapsed s", "plain", "prepared"), table.headers());
    assertEquals(List.of(
        List.of("1.00", "10.0", "30.0"),
        List.of("2.00", "20.0", "40.0"),
        List.of("2.00", "5.0", "")), table.rows());
  }
}
