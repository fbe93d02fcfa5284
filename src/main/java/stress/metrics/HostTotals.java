package stress.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Measured totals per host for a phase whose workers are spread over several hosts. Fed with each worker's
 * finished interval slot as it is merged (never on the hot path), so the hosts' figures add up exactly to
 * the phase's totals. Not thread-safe: {@link PhaseRecorder} calls it under its merge lock.
 */
final class HostTotals {
  private final List<String> hosts;
  /** Index into {@link #hosts} of each worker. */
  private final int[] hostOfWorker;
  private final int[] threadsOfHost;
  private final Histogram[][] successes;
  private final Histogram[][] failures;
  private final long[][] rows;
  private final long[] reconnects;
  /** Per host and operation: SQLState to count; the first message per SQLState is kept apart. */
  private final List<List<Map<String, long[]>>> errorCounts;
  private final List<List<Map<String, String>>> firstMessages;

  HostTotals(List<String> workerHosts, int operations, long highestTrackableNanos) {
    List<String> distinct = new ArrayList<>();
    hostOfWorker = new int[workerHosts.size()];
    for (int w = 0; w < workerHosts.size(); w++) {
      String host = workerHosts.get(w);
      if (host == null || host.isBlank()) {
        throw new IllegalArgumentException("the host of worker " + w + " must not be empty");
      }
      int index = distinct.indexOf(host);
      if (index < 0) {
        distinct.add(host);
        index = distinct.size() - 1;
      }
      hostOfWorker[w] = index;
    }
    hosts = List.copyOf(distinct);
    int n = hosts.size();
    threadsOfHost = new int[n];
    for (int h : hostOfWorker) {
      threadsOfHost[h]++;
    }
    successes = new Histogram[n][operations];
    failures = new Histogram[n][operations];
    rows = new long[n][operations];
    reconnects = new long[n];
    errorCounts = new ArrayList<>();
    firstMessages = new ArrayList<>();
    for (int h = 0; h < n; h++) {
      List<Map<String, long[]>> counts = new ArrayList<>();
      List<Map<String, String>> messages = new ArrayList<>();
      for (int op = 0; op < operations; op++) {
        successes[h][op] = new Histogram(1, highestTrackableNanos, PhaseRecorder.SIGNIFICANT_DIGITS);
        failures[h][op] = new Histogram(PhaseRecorder.SIGNIFICANT_DIGITS);
        failures[h][op].setAutoResize(true);
        counts.add(new LinkedHashMap<>());
        messages.add(new LinkedHashMap<>());
      }
      errorCounts.add(counts);
      firstMessages.add(messages);
    }
  }

  /** Adds a worker's finished slot to its host. */
  void add(IntervalSlot slot) {
    int h = hostOfWorker[slot.worker];
    for (int op = 0; op < slot.rows.length; op++) {
      successes[h][op].add(slot.successes[op]);
      if (slot.failures[op].getTotalCount() > 0) {
        failures[h][op].add(slot.failures[op]);
      }
      rows[h][op] += slot.rows[op];
      Map<String, long[]> counts = errorCounts.get(h).get(op);
      Map<String, String> messages = firstMessages.get(h).get(op);
      slot.errors[op].forEach((state, tally) -> {
        counts.computeIfAbsent(state, k -> new long[1])[0] += tally.count;
        messages.putIfAbsent(state, tally.firstMessage);
      });
    }
    reconnects[h] += slot.reconnects;
  }

  /** Forgets everything added so far (warm-up is over). */
  void reset() {
    for (int h = 0; h < hosts.size(); h++) {
      for (int op = 0; op < successes[h].length; op++) {
        successes[h][op].reset();
        failures[h][op].reset();
        rows[h][op] = 0;
        errorCounts.get(h).get(op).clear();
        firstMessages.get(h).get(op).clear();
      }
      reconnects[h] = 0;
    }
  }

  /** Each host's figures over the measured duration, hosts in the order they first appear among the workers. */
  List<HostStats> stats(List<String> operationNames, double durationSeconds) {
    List<HostStats> out = new ArrayList<>();
    for (int h = 0; h < hosts.size(); h++) {
      List<OperationStats> ops = new ArrayList<>();
      for (int op = 0; op < operationNames.size(); op++) {
        List<ErrorStats> errors = new ArrayList<>();
        Map<String, String> messages = firstMessages.get(h).get(op);
        errorCounts.get(h).get(op).forEach((state, count) ->
            errors.add(new ErrorStats(state, count[0], messages.get(state))));
        errors.sort(ErrorBook.MOST_FREQUENT_FIRST);
        ops.add(OperationStats.of(operationNames.get(op), successes[h][op].copy(), failures[h][op].copy(),
            rows[h][op], errors, durationSeconds));
      }
      out.add(new HostStats(hosts.get(h), threadsOfHost[h], PhaseStats.of(durationSeconds, ops, reconnects[h],
          List.of())));
    }
    return List.copyOf(out);
  }
}
