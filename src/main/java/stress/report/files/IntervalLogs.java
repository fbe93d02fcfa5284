package stress.report.files;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.HistogramLogWriter;
import stress.metrics.IntervalOperationStats;
import stress.metrics.IntervalStats;
import stress.report.PhaseResult;

/**
 * HdrHistogram interval logs ({@code .hlog}), one per phase and operation, written with HdrHistogram's own
 * {@link HistogramLogWriter}: start and base time (when the phase's measuring began), then one histogram per
 * measured report interval with its start relative to the base time, latencies of successful executions in
 * nanoseconds (the max column in milliseconds). Warm-up intervals are left out, so the histograms add up to the
 * phase's summary. HistogramLogReader, HistogramLogProcessor and HistogramLogAnalyzer read them.
 */
public final class IntervalLogs {
  /** The log's "max" column in milliseconds, as HistogramLogProcessor expects by default. */
  private static final double NANOS_PER_MILLI = 1e6;

  private IntervalLogs() {}

  /** The file name of a phase's log for one operation: {@code <phase number>-<operation>.hlog}, phases from 1. */
  public static String fileName(int phaseNumber, String operation) {
    return phaseNumber + "-" + operation + ".hlog";
  }

  /**
   * Writes the logs of one phase into {@code dir}.
   *
   * @param phaseNumber   the phase's number, from 1
   * @param measuredStart when measuring began (the interval times count from it)
   * @return the files written, in operation order
   * @throws IllegalArgumentException when an interval carries no histogram (a result read back from JSON has none)
   */
  public static List<Path> write(Path dir, int phaseNumber, PhaseResult phase, Instant measuredStart) {
    List<String> operations = phase.stats().operations().stream().map(o -> o.name()).toList();
    List<Path> files = new ArrayList<>();
    for (int op = 0; op < operations.size(); op++) {
      Path file = dir.resolve(fileName(phaseNumber, operations.get(op)));
      try (OutputStream out = Files.newOutputStream(file)) {
        write(out, phase, op, measuredStart);
      } catch (IOException e) {
        throw new UncheckedIOException("could not write the interval log " + file + ": " + e.getMessage(), e);
      }
      files.add(file);
    }
    return files;
  }

  private static void write(OutputStream out, PhaseResult phase, int op, Instant measuredStart) throws IOException {
    PrintStream print = new PrintStream(out, false, StandardCharsets.UTF_8);
    HistogramLogWriter log = new HistogramLogWriter(print);
    String operation = phase.stats().operations().get(op).name();
    log.outputComment("stress interval log: latency of successful " + operation + " executions in ns, phase '"
        + phase.label().replace('\n', ' ') + "', warm-up excluded");
    log.outputLogFormatVersion();
    long baseMillis = measuredStart.toEpochMilli();
    log.outputStartTime(baseMillis);
    log.setBaseTime(baseMillis);
    log.outputBaseTime(baseMillis);
    log.outputLegend();
    for (IntervalStats interval : phase.stats().intervals()) {
      if (interval.warmup()) {
        continue;
      }
      IntervalOperationStats stats = interval.operations().get(op);
      if (stats.latency() == null) {
        throw new IllegalArgumentException("interval at " + interval.elapsedSeconds() + " s of " + operation
            + " in phase '" + phase.label() + "' carries no histogram (results read back from JSON have none)");
      }
      double start = interval.elapsedSeconds() - interval.durationSeconds();
      log.outputIntervalHistogram(start, interval.elapsedSeconds(), stats.latency().decode(), NANOS_PER_MILLI);
    }
    print.flush();
    if (print.checkError()) {
      throw new IOException("writing failed");
    }
  }
}
