package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.metrics.OperationStats;
import stress.report.files.IntervalLogs;

class IntervalLogsTest {
  private static final Instant START = Instant.parse("2025-06-01T10:15:31.250Z");

  @Test
  void eachOperationsLogReadsBackAsTheSummary(@TempDir Path dir) throws Exception {
    PhaseResult phase = new PhaseResult("mode=plain, \"odd\" label", Map.of(), Map.of(), Map.of(), Fixtures.twoOperations(1));
    List<Path> files = IntervalLogs.write(dir, 2, phase, START);

    assertEquals(List.of(dir.resolve("2-find_first.hlog"), dir.resolve("2-find_update.hlog")), files);
    for (OperationStats op : phase.stats().operations()) {
      List<Histogram> intervals = read(dir.resolve(IntervalLogs.fileName(2, op.name())));
      assertEquals(2, intervals.size(), "the two measured intervals; the warm-up one is left out");
      Histogram sum = new Histogram(1, 3_600_000_000_000L, 3);
      intervals.forEach(sum::add);
      assertEquals(op.count(), sum.getTotalCount(), op.name());
      assertEquals(op.histogram().getMaxValue(), sum.getMaxValue(), op.name());
      assertEquals(op.histogram(), sum, "the interval histograms add up exactly to the summary of " + op.name());
      // times: the intervals end 5 s and 10 s after the measured start, each 5 s long
      assertEquals(START.toEpochMilli(), intervals.get(0).getStartTimeStamp());
      assertEquals(START.toEpochMilli() + 5_000, intervals.get(0).getEndTimeStamp());
      assertEquals(START.toEpochMilli() + 5_000, intervals.get(1).getStartTimeStamp());
      assertEquals(START.toEpochMilli() + 10_000, intervals.get(1).getEndTimeStamp());
    }
  }

  @Test
  void theLogHasHdrHistogramsHeaderLines(@TempDir Path dir) throws Exception {
    PhaseResult phase = new PhaseResult("p", Map.of(), Map.of(), Map.of(), Fixtures.oneOperation(100, 500));
    Path file = IntervalLogs.write(dir, 1, phase, START).get(0);
    List<String> lines = Files.readAllLines(file);
    assertTrue(lines.get(0).startsWith("#stress interval log: latency of successful find_first executions in ns"), lines.get(0));
    assertTrue(lines.contains("#[Histogram log format version 1.3]"), lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("#[StartTime: 1748772931.250 ")), lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("#[BaseTime: 1748772931.250 ")), lines.toString());
    assertTrue(lines.contains("\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\""),
        lines.toString());
    String interval = lines.get(lines.size() - 1);
    assertTrue(interval.startsWith("0.000,10.000,0.56"), "start, length, max in ms: " + interval);
    HistogramLogReader reader = new HistogramLogReader(file.toFile());
    Histogram only = (Histogram) reader.nextIntervalHistogram();
    assertEquals(100, only.getTotalCount());
    assertEquals(START.toEpochMilli() / 1000.0, reader.getStartTimeSec(), 0.0005);
    reader.close();
  }

  @Test
  void aResultReadBackFromJsonHasNoIntervalHistogramsToLog(@TempDir Path dir) {
    RunResult read = JsonReport.fromJson(JsonReport.toJson(JsonReportTest.run()));
    var error = assertThrows(IllegalArgumentException.class,
        () -> IntervalLogs.write(dir, 1, read.phases().get(0), START));
    assertTrue(error.getMessage().contains("carries no histogram"), error.getMessage());
  }

  private static List<Histogram> read(Path file) throws FileNotFoundException {
    List<Histogram> histograms = new ArrayList<>();
    HistogramLogReader reader = new HistogramLogReader(file.toFile());
    try {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        histograms.add((Histogram) h);
      }
    } finally {
      reader.close();
    }
    return histograms;
  }
}
