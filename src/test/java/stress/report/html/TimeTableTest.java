package stress.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import stress.report.Decimals;

class TimeTableTest {
  @Test
  void theNthIntervalOfEveryPhaseSharesARowAndALongerPhaseAddsRows() {
    // prepared's intervals end 10 ms after plain's (10.00 / 10.01): aligned by index they share rows
    IntervalAxis axis = IntervalAxis.of(List.of(Runs.phase(100, 1.0), Runs.shifted(Runs.phase(100, 1.0), 0.01)));
    Series plain = Series.line("plain", "plain", false, axis.align(List.of(new Point(1.0, 10), new Point(2.0, 20))));
    Series prepared = Series.line("prepared", "prepared", false,
        axis.align(List.of(new Point(1.01, 30), new Point(2.01, 40), new Point(3.01, 5))));
    DataTable table = TimeTable.of(axis, List.of(plain, prepared), Decimals::oneDecimal);
    assertEquals(List.of("elapsed s", "plain", "prepared"), table.headers());
    assertEquals(List.of(
        List.of("1.00", "10.0", "30.0"),
        List.of("2.00", "20.0", "40.0"),
        List.of("3.00", "", "5.0")), table.rows());
    assertEquals(List.of(1.0, 2.0, 3.0), prepared.points().stream().map(Point::x).toList());
  }
}
