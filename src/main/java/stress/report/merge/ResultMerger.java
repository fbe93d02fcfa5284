package stress.report.merge;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import stress.metrics.DegradedWindow;
import stress.metrics.ErrorStats;
import stress.metrics.HostStats;
import stress.metrics.OperationStats;
import stress.metrics.Outage;
import stress.metrics.PhaseStats;
import stress.model.UsageException;
import stress.report.ClientUsageText;
import stress.report.PhaseResult;
import stress.report.RunResult;

/**
 * Combines the results of several stress processes that ran at the same time (one per load machine,
 * {@code --instance i/n}) into one: latency histograms are added exactly, counts, rows, errors and
 * reconnects summed. Rates are the merged counts over the time some instance was measuring: the union of their measured
 * windows where these are known (a run's instances keep them by the database's clock), which makes the merged rate the
 * sum of theirs when the windows coincide and never more than that when one instance stopped early; else the longest
 * instance's measured time, which is that union when, as intended, the instances started together.
 * Per-interval lines are not merged (the instances' clocks are not aligned); each file keeps its own.
 * Retried attempts are summed per operation. Outages and degraded windows are kept, every one of every input, each
 * labelled with the name of the input that saw it ({@link Outage#source()}, {@link DegradedWindow#source()}), in
 * input order: they are not joined into one timeline, since each input's times count from its own start of
 * measuring (and one process's degraded window may be another's normal running).
 * Results that are not the processes of one run are refused ({@link SameRunCheck}).
 */
public final class ResultMerger {
  /** The setting of a merged result that names its inputs; a report knows a merged result by it. */
  public static final String MERGED_FROM = "merged from";
  /** The connection entry of a merged phase giving the threads of all its instances together. */
  public static final String THREADS_IN_ALL = "threads in all";
  /** The setting of a merged result that holds its first input's settings. */
  static final String SETTINGS_OF_THE_FIRST = "settings of the first";

  private ResultMerger() {}

  /**
   * @param names   how to name each result in messages (e.g. its file name)
   * @param results the results, in the same order
   * @throws IllegalArgumentException when the results did not run the same phases and operations, or their
   *                                  histograms cannot be added exactly
   */
  public static RunResult merge(List<String> names, List<RunResult> results) {
    return merge(names, results, null);
  }

  /**
   * When an instance measured a phase, on a clock the instances share.
   *
   * @param start when measuring began (warm-up excluded)
   * @param end   when it ended
   */
  public record Window(Instant start, Instant end) {
    public Window {
      if (end.isBefore(start)) {
        throw new IllegalArgumentException("a window ends after it starts: " + start + " to " + end);
      }
    }
  }

  /**
   * As {@link #merge(List, List)}, with each result's measured window per phase ({@code windows.get(r).get(p)}, null
   * when not known; {@code windows} null when none is).
   */
  public static RunResult merge(List<String> names, List<RunResult> results, List<List<Window>> windows) {
    if (results.size() < 2) {
      throw new UsageException("merge needs at least two results, got " + results.size());
    }
    SameRunCheck.refuseCapacitySearches(names, results);
    RunResult first = results.get(0);
    for (int r = 1; r < results.size(); r++) {
      checkSamePhases(names.get(0), first, names.get(r), results.get(r));
    }
    SameRunCheck.check(names, results, windows != null);
    List<PhaseResult> phases = new ArrayList<>();
    for (int p = 0; p < first.phases().size(); p++) {
      List<PhaseStats> stats = new ArrayList<>();
      for (RunResult result : results) {
        stats.add(result.phases().get(p).stats());
      }
      PhaseResult template = first.phases().get(p);
      int phase = p;
      Map<String, String> connection = new LinkedHashMap<>(template.connection());
      connection.put("merged instances", Integer.toString(results.size()));
      threadsInAll(results, p).ifPresent(t -> connection.put(THREADS_IN_ALL, Integer.toString(t)));
      List<Window> phaseWindows = new ArrayList<>();
      for (int r = 0; r < results.size() && windows != null; r++) {
        phaseWindows.add(p < windows.get(r).size() ? windows.get(r).get(p) : null);
      }
      double duration;
      if (windows != null && !phaseWindows.contains(null)) {
        duration = unionSeconds(phaseWindows);
        connection.put("merged duration", "the union of the instances' measured windows (database clock)");
      } else {
        duration = stats.stream().mapToDouble(PhaseStats::durationSeconds).max().orElse(0);
        connection.put("merged duration", "the longest instance's measured time (windows not known)");
      }
      List<HostStats> hosts = mergeHosts(template.label(), names, results, p, connection, duration);
      phases.add(new PhaseResult(template.label(), template.combination(), template.settingsReadBack(), connection,
          withOutages(mergePhase(template.label(), names, stats, duration), names, stats), hosts,
          ClientUsageText.merge(results.stream().map(r -> r.phases().get(phase).client()).toList()),
          template.round()));
    }
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put(MERGED_FROM, names);
    settings.put(SETTINGS_OF_THE_FIRST, first.settings());
    boolean interrupted = results.stream().anyMatch(RunResult::interrupted);
    boolean ends = results.stream().allMatch(r -> r.endTime() != null);
    return new RunResult(first.toolVersion(), results.stream().map(RunResult::startTime).min(Instant::compareTo)
        .orElseThrow(), settings, first.target(), phases, interrupted, first.recorded(), first.collections(), List.of(),
        List.of(), ends ? results.stream().map(RunResult::endTime).max(Instant::compareTo).orElseThrow() : null);
  }

  private static void checkSamePhases(String firstName, RunResult first, String otherName, RunResult other) {
    if (first.phases().size() != other.phases().size()) {
      throw new UsageException("cannot merge " + otherName + " with " + firstName + ": it has "
          + other.phases().size() + " phases, " + firstName + " has " + first.phases().size());
    }
    for (int p = 0; p < first.phases().size(); p++) {
      PhaseResult a = first.phases().get(p);
      PhaseResult b = other.phases().get(p);
      if (!a.label().equals(b.label())) {
        throw new UsageException("cannot merge " + otherName + " with " + firstName + ": phase " + (p + 1)
            + " is '" + b.label() + "' there but '" + a.label() + "' in " + firstName);
      }
      List<String> opsA = a.stats().operations().stream().map(OperationStats::name).toList();
      List<String> opsB = b.stats().operations().stream().map(OperationStats::name).toList();
      if (!opsA.equals(opsB)) {
        throw new UsageException("cannot merge " + otherName + " with " + firstName + ": phase '"
            + a.label() + "' ran " + opsB + " there but " + opsA + " in " + firstName);
      }
    }
  }

  /**
   * Per-host figures merged host by host when every result ran phase {@code p} against the same hosts; when
   * they differ (or some result has none) the merged phase has none, and its connection says why.
   */
  private static List<HostStats> mergeHosts(String label, List<String> names, List<RunResult> results, int p,
                                            Map<String, String> connection, double duration) {
    List<String> hostNames = hostNames(results.get(0).phases().get(p));
    boolean same = results.stream().allMatch(r -> hostNames(r.phases().get(p)).equals(hostNames));
    if (!same) {
      connection.put("per-host figures", "not merged: the results ran against different hosts");
      return List.of();
    }
    List<HostStats> merged = new ArrayList<>();
    for (int h = 0; h < hostNames.size(); h++) {
      List<PhaseStats> stats = new ArrayList<>();
      int threads = 0;
      for (RunResult result : results) {
        HostStats host = result.phases().get(p).hosts().get(h);
        stats.add(host.stats());
        threads += host.threads();
      }
      merged.add(new HostStats(hostNames.get(h), threads, mergePhase(label + "' host '" + hostNames.get(h), names,
          stats, duration)));
    }
    return merged;
  }

  private static List<String> hostNames(PhaseResult phase) {
    return phase.hosts().stream().map(HostStats::host).toList();
  }

  /** The time covered by at least one of the windows, in seconds. */
  static double unionSeconds(List<Window> windows) {
    List<Window> sorted = new ArrayList<>(windows);
    sorted.sort((a, b) -> a.start().compareTo(b.start()));
    long nanos = 0;
    Instant from = null;
    Instant to = null;
    for (Window w : sorted) {
      if (to == null || w.start().isAfter(to)) {
        nanos += from == null ? 0 : Duration.between(from, to).toNanos();
        from = w.start();
        to = w.end();
      } else if (w.end().isAfter(to)) {
        to = w.end();
      }
    }
    nanos += from == null ? 0 : Duration.between(from, to).toNanos();
    return nanos / 1e9;
  }

  private static PhaseStats mergePhase(String label, List<String> names, List<PhaseStats> stats, double duration) {
    long reconnects = stats.stream().mapToLong(PhaseStats::reconnects).sum();
    List<OperationStats> merged = new ArrayList<>();
    int ops = stats.get(0).operations().size();
    for (int op = 0; op < ops; op++) {
      String name = stats.get(0).operations().get(op).name();
      Histogram histogram = null;
      Histogram errorHistogram = null;
      long rows = 0;
      long retries = 0;
      Map<String, ErrorStats> errors = new LinkedHashMap<>();
      for (int i = 0; i < stats.size(); i++) {
        OperationStats o = stats.get(i).operations().get(op);
        histogram = add(histogram, o.histogram(), label, name, names.get(i));
        errorHistogram = add(errorHistogram, o.errorHistogram(), label, name, names.get(i));
        rows += o.rows();
        retries += o.retries();
        for (ErrorStats e : o.errors()) {
          errors.merge(e.sqlState(), e, ErrorStats::plus);
        }
      }
      List<ErrorStats> errorList = new ArrayList<>(errors.values());
      errorList.sort((x, y) -> Long.compare(y.count(), x.count()));
      merged.add(OperationStats.of(name, histogram, errorHistogram, rows, errorList, duration, retries));
    }
    return PhaseStats.of(duration, merged, reconnects, List.of());
  }

  /** The merged phase with every input's outages and degraded windows, each labelled with its input's name. */
  private static PhaseStats withOutages(PhaseStats merged, List<String> names, List<PhaseStats> inputs) {
    List<Outage> outages = new ArrayList<>();
    List<DegradedWindow> degraded = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      for (Outage o : inputs.get(i).outages()) {
        outages.add(o.from(label(names.get(i), o.source())));
      }
      for (DegradedWindow d : inputs.get(i).degraded()) {
        degraded.add(d.from(label(names.get(i), d.source())));
      }
    }
    return new PhaseStats(merged.durationSeconds(), merged.operations(), merged.total(), merged.reconnects(),
        merged.reconnectsPerSecond(), merged.intervals(), outages, degraded);
  }

  /**
   * The threads of every instance in phase {@code p} added up (each instance's label says only its own), when each
   * says its threads (an input that is itself a merge gives its own total).
   */
  private static java.util.OptionalInt threadsInAll(List<RunResult> results, int p) {
    int all = 0;
    for (RunResult result : results) {
      PhaseResult phase = result.phases().get(p);
      String own = phase.connection().getOrDefault(THREADS_IN_ALL, phase.combination().get("threads"));
      if (own == null || !own.matches("\\d+")) {
        return java.util.OptionalInt.empty();
      }
      all += Integer.parseInt(own);
    }
    return java.util.OptionalInt.of(all);
  }

  /** An input that is itself a merge keeps its own labels behind the input's name. */
  private static String label(String input, String source) {
    return source == null ? input : input + ": " + source;
  }

  /** Adds exactly, or refuses: histograms of different ranges or precision would not add without loss. */
  private static Histogram add(Histogram into, Histogram other, String phase, String op, String source) {
    if (into == null) {
      return other.copy();
    }
    if (into.getNumberOfSignificantValueDigits() != other.getNumberOfSignificantValueDigits()
        || (!into.isAutoResize() && into.getHighestTrackableValue() < other.getMaxValue())) {
      throw new UsageException("cannot merge " + op + " of phase '" + phase + "' from " + source
          + ": its histogram has " + other.getNumberOfSignificantValueDigits() + " significant digits and values up to "
          + other.getMaxValue() + " ns, the first has " + into.getNumberOfSignificantValueDigits()
          + " digits and tracks up to " + into.getHighestTrackableValue() + " ns");
    }
    into.add(other);
    return into;
  }
}
