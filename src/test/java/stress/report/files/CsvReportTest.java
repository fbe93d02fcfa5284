package stress.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.metrics.IntervalStats;
import stress.metrics.OperationStats;
import stress.metrics.PhaseStats;
import stress.report.Fixtures;
import stress.report.Golden;
import stress.report.PhaseResult;
import stress.report.StrictCsv;

class CsvReportTest {
  /** Two phases of the fixture, the second with a label a spreadsheet must not split. */
  static List<PhaseResult> phases() {
    Map<String, String> plain = new LinkedHashMap<>();
    plain.put("mode", "plain");
    plain.put("search_path", "\"bench\", public");
    return List.of(
        new PhaseResult("mode=prepared", Map.of("mode", "prepared"), Map.of(), Map.of(), Fixtures.twoOperations(1)),
        new PhaseResult("mode=plain search_path=\"bench\", public", plain, Map.of(), Map.of(), Fixtures.twoOperations(2)));
  }

  @Test
  void intervalsMatchTheGoldenFile() {
    Golden.assertMatches("intervals.csv", CsvReport.intervals(phases()));
  }

  @Test
  void errorsMatchTheGoldenFile() {
    Golden.assertMatches("errors.csv", CsvReport.errors(phases()));
  }

  @Test
  void summaryMatchesTheGoldenFile() {
    Golden.assertMatches("summary.csv", CsvReport.summary(phases()));
  }

  @Test
  void measuredIntervalRowsAddUpToTheSummary() {
    List<PhaseResult> phases = phases();
    List<List<String>> intervals = parse(CsvReport.intervals(phases));
    List<List<String>> summary = parse(CsvReport.summary(phases));
    List<String> iHeader = intervals.get(0);
    List<String> sHeader = summary.get(0);
    assertEquals(CsvReport.INTERVAL_COLUMNS, iHeader);
    for (List<String> row : intervals) {
      assertEquals(iHeader.size(), row.size(), "every row has every column: " + row);
    }
    for (List<String> s : summary.subList(1, summary.size())) {
      assertEquals(sHeader.size(), s.size(), "every row has every column: " + s);
      String phase = s.get(0);
      String operation = s.get(sHeader.indexOf("operation"));
      long count = 0;
      long errors = 0;
      long rows = 0;
      for (List<String> i : intervals.subList(1, intervals.size())) {
        if (i.get(0).equals(phase) && i.get(iHeader.indexOf("operation")).equals(operation)
            && i.get(iHeader.indexOf("warmup")).equals("false")) {
          count += Long.parseLong(i.get(iHeader.indexOf("count")));
          errors += Long.parseLong(i.get(iHeader.indexOf("errors")));
          rows += Long.parseLong(i.get(iHeader.indexOf("rows")));
        }
      }
      assertEquals(Long.parseLong(s.get(sHeader.indexOf("count"))), count, phase + " " + operation);
      assertEquals(Long.parseLong(s.get(sHeader.indexOf("errors"))), errors, phase + " " + operation);
      assertEquals(Long.parseLong(s.get(sHeader.indexOf("rows"))), rows, phase + " " + operation);
    }
    assertEquals(2 * 3, summary.size() - 1, "two operations and the total per phase");
    assertEquals("\"bench\", public", summary.get(4).get(sHeader.indexOf("search_path")), "the quoted label reads back whole");
  }

  @Test
  void errorRowsAddUpToEachIntervalsErrors() {
    List<PhaseResult> phases = phases();
    List<List<String>> errors = parse(CsvReport.errors(phases));
    for (int p = 0; p < phases.size(); p++) {
      for (IntervalStats interval : phases.get(p).stats().intervals()) {
        for (var op : interval.operations()) {
          String phase = Integer.toString(p + 1);
          String elapsed = Csv.decimal(interval.elapsedSeconds());
          long sum = errors.stream().skip(1)
              .filter(e -> e.get(0).equals(phase) && e.get(2).equals(elapsed) && e.get(4).equals(op.name()))
              .mapToLong(e -> Long.parseLong(e.get(6))).sum();
          assertEquals(op.errorCount(), sum, "phase " + phase + " at " + elapsed + " s, " + op.name());
        }
      }
    }
    assertTrue(errors.stream().anyMatch(e -> e.get(5).equals("unknown")), "the I/O failure without SQLState");
  }

  @Test
  void reconnectsAreOnlyOnTheTotalRows() {
    List<List<String>> intervals = parse(CsvReport.intervals(phases()));
    int reconnects = CsvReport.INTERVAL_COLUMNS.indexOf("reconnects");
    int operation = CsvReport.INTERVAL_COLUMNS.indexOf("operation");
    for (List<String> row : intervals.subList(1, intervals.size())) {
      assertEquals(row.get(operation).equals(OperationStats.TOTAL), !row.get(reconnects).isEmpty(), row.toString());
    }
  }

  @Test
  void eachIntervalSaysWhetherItWasOkDegradedOrOutAndWhichNodesFailed() {
    IntervalStats ok = interval(1, 100, 0, Map.of());
    IntervalStats degraded = interval(2, 60, 40, Map.of("w2:5432", 40L, "node 16385", 1L));
    IntervalStats out = interval(3, 0, 30, Map.of());
    PhaseStats plain = phases().get(0).stats();
    PhaseStats stats = new PhaseStats(plain.durationSeconds(), plain.operations(), plain.total(), 0, 0,
        List.of(ok, degraded, out));
    List<List<String>> rows = parse(CsvReport.intervals(List.of(new PhaseResult("p", Map.of(), Map.of(), Map.of(),
        stats))));
    int availability = CsvReport.INTERVAL_COLUMNS.indexOf("availability");
    int nodes = CsvReport.INTERVAL_COLUMNS.indexOf("failed_nodes");
    List<List<String>> totals = rows.stream().filter(r -> r.get(6).equals(OperationStats.TOTAL)).toList();
    assertEquals(List.of("ok", "degraded", "outage"), totals.stream().map(r -> r.get(availability)).toList());
    assertEquals(List.of("", "node 16385=1 w2:5432=40", ""), totals.stream().map(r -> r.get(nodes)).toList());
  }

  private static IntervalStats interval(double end, long ok, long failed, Map<String, Long> nodes) {
    return new IntervalStats(end, false, 1.0, 4, ok, ok, ok, ok, 1, 1, 1, 1, 1, failed, failed, 0, 0, List.of(),
        failed > 0 ? Map.of("08006", failed) : Map.of(), 0, List.of(), nodes);
  }

  private static List<List<String>> parse(String csv) {
    return StrictCsv.parse(csv);
  }
}
