package stress.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Measured totals and interval figures per host for a phase whose workers are spread over several hosts. Fed
 * with each worker's finished interval slot as it is merged (never on the hot path), so the hosts' figures add
 * up exactly to the phase's totals and to each interval's. A slot's success histograms go into the host's
 * interval histograms only; {@link #closeInterval} reads those and folds them into the totals once per
 * interval (one histogram add per slot, as for the phase itself, instead of two). Not thread-safe:
 * {@link PhaseRecorder} calls it from the reporter thread only.
 */
final class HostTotals {
  private final List<String> hosts;
  /** Index into {@link #hosts} of each worker. */
  private final int[] hostOfWorker;
  private final int[] threadsOfHost;
  /** Successes of the measured phase, up to the last closed interval. */
  private final Histogram[][] successes;
  /** Successes of the interval being closed; folded into {@link #successes} by {@link #closeInterval}. */
  private final Histogram[][] intervalSuccesses;
  private final Histogram[][] failures;
  private final long[][] rows;
  private final long[][] retries;
  private final long[] reconnects;
  private final long[] intervalRows;
  private final long[] intervalErrors;
  private final long[] intervalReconnects;
  /** All operations of one host in the interval being closed. */
  private final Histogram intervalAll;
  /** The figures of the last closed interval, rates still to be divided by its length. */
  private final List<IntervalHostStats> closed = new ArrayList<>();
  /** Per host and operation: SQLState to count; the messages per SQLState are kept apart. */
  private final List<List<Map<String, long[]>>> errorCounts;
  private final List<List<Map<String, MessageTally>>> messagesOf;

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
    intervalSuccesses = new Histogram[n][operations];
    failures = new Histogram[n][operations];
    rows = new long[n][operations];
    retries = new long[n][operations];
    reconnects = new long[n];
    intervalRows = new long[n];
    intervalErrors = new long[n];
    intervalReconnects = new long[n];
    intervalAll = new Histogram(1, highestTrackableNanos, PhaseRecorder.SIGNIFICANT_DIGITS);
    errorCounts = new ArrayList<>();
    messagesOf = new ArrayList<>();
    for (int h = 0; h < n; h++) {
      List<Map<String, long[]>> counts = new ArrayList<>();
      List<Map<String, MessageTally>> messages = new ArrayList<>();
      for (int op = 0; op < operations; op++) {
        successes[h][op] = new Histogram(1, highestTrackableNanos, PhaseRecorder.SIGNIFICANT_DIGITS);
        intervalSuccesses[h][op] = new Histogram(1, highestTrackableNanos, PhaseRecorder.SIGNIFICANT_DIGITS);
        failures[h][op] = new Histogram(PhaseRecorder.SIGNIFICANT_DIGITS);
        failures[h][op].setAutoResize(true);
        counts.add(new LinkedHashMap<>());
        messages.add(new LinkedHashMap<>());
      }
      errorCounts.add(counts);
      messagesOf.add(messages);
    }
  }

  /** Adds a worker's finished slot to its host. */
  void add(IntervalSlot slot) {
    int h = hostOfWorker[slot.worker];
    for (int op = 0; op < slot.rows.length; op++) {
      slot.addSuccessesTo(op, intervalSuccesses[h][op]);
      long failed = slot.failures[op].getTotalCount();
      if (failed > 0) {
        failures[h][op].add(slot.failures[op]);
        intervalErrors[h] += failed;
      }
      rows[h][op] += slot.rows[op];
      retries[h][op] += slot.retries[op];
      intervalRows[h] += slot.rows[op];
      Map<String, long[]> counts = errorCounts.get(h).get(op);
      Map<String, MessageTally> messages = messagesOf.get(h).get(op);
      slot.errors[op].forEach((state, tally) -> {
        counts.computeIfAbsent(state, k -> new long[1])[0] += tally.count;
        messages.computeIfAbsent(state, k -> new MessageTally(tally.messages.firstMessage)).addAll(tally.messages);
      });
    }
    reconnects[h] += slot.reconnects;
    intervalReconnects[h] += slot.reconnects;
  }

  /**
   * Ends the interval: keeps each host's figures of it for {@link #closedInterval}, adds its successes to the
   * totals and starts the next interval empty.
   */
  void closeInterval() {
    closed.clear();
    for (int h = 0; h < hosts.size(); h++) {
      intervalAll.reset();
      for (int op = 0; op < intervalSuccesses[h].length; op++) {
        intervalAll.add(intervalSuccesses[h][op]);
        successes[h][op].add(intervalSuccesses[h][op]);
        intervalSuccesses[h][op].reset();
      }
      // rates are filled in by closedInterval, which knows the interval's length
      closed.add(new IntervalHostStats(hosts.get(h), intervalAll.getTotalCount(), 0, intervalRows[h], 0,
          LatencySummary.of(intervalAll), intervalErrors[h], 0, intervalReconnects[h]));
      intervalRows[h] = 0;
      intervalErrors[h] = 0;
      intervalReconnects[h] = 0;
    }
  }

  /** Each host's figures of the interval last closed, with rates over {@code seconds}. */
  List<IntervalHostStats> closedInterval(double seconds) {
    List<IntervalHostStats> out = new ArrayList<>(closed.size());
    for (IntervalHostStats c : closed) {
      out.add(new IntervalHostStats(c.host(), c.count(), Rates.perSecond(c.count(), seconds), c.rows(),
          Rates.perSecond(c.rows(), seconds), c.latencySummary(), c.errorCount(), Rates.perSecond(c.errorCount(), seconds),
          c.reconnects()));
    }
    return out;
  }

  /** Forgets everything added so far, the open interval included (warm-up is over). */
  void reset() {
    for (int h = 0; h < hosts.size(); h++) {
      for (int op = 0; op < successes[h].length; op++) {
        successes[h][op].reset();
        intervalSuccesses[h][op].reset();
        failures[h][op].reset();
        rows[h][op] = 0;
        retries[h][op] = 0;
        errorCounts.get(h).get(op).clear();
        messagesOf.get(h).get(op).clear();
      }
      reconnects[h] = 0;
      intervalRows[h] = 0;
      intervalErrors[h] = 0;
      intervalReconnects[h] = 0;
    }
  }

  /**
   * Each host's figures over the measured duration, hosts in the order they first appear among the workers.
   * Call it after the last {@link #closeInterval}: successes still in an open interval are not in it.
   */
  List<HostStats> stats(List<String> operationNames, double durationSeconds) {
    List<HostStats> out = new ArrayList<>();
    for (int h = 0; h < hosts.size(); h++) {
      List<OperationStats> ops = new ArrayList<>();
      for (int op = 0; op < operationNames.size(); op++) {
        List<ErrorStats> errors = new ArrayList<>();
        Map<String, MessageTally> messages = messagesOf.get(h).get(op);
        errorCounts.get(h).get(op).forEach((state, count) ->
            errors.add(new ErrorStats(state, count[0], messages.get(state).firstMessage, messages.get(state).top())));
        errors.sort(ErrorBook.MOST_FREQUENT_FIRST);
        ops.add(OperationStats.of(operationNames.get(op), successes[h][op].copy(), failures[h][op].copy(),
            rows[h][op], errors, durationSeconds, retries[h][op]));
      }
      out.add(new HostStats(hosts.get(h), threadsOfHost[h], PhaseStats.of(durationSeconds, ops, reconnects[h],
          List.of())));
    }
    return List.copyOf(out);
  }
}
