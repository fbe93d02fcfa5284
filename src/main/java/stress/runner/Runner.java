package stress.runner;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import stress.connect.ConnectionSource;
import stress.metrics.PhaseRecorder;
import stress.model.StatementMode;
import stress.ops.builtin.FindFirst;
import stress.server.settings.SettingsCatalog;

/**
 * The library entry point for runs, used by the command line, the tests and the benchmarks: runs each
 * phase of a plan in turn on the same data.
 */
public final class Runner {
  private final RunPlan plan;
  /** The hosts workers are spread over; empty when the run uses one connection source per phase. */
  private final List<String> hosts;
  private final HostSources sources;
  private final RunListener listener;
  private final RunProbe probe;
  private final Stop stop = new Stop();
  /** {@code --max-errors}, or null when failed executions never stop the run. */
  private FailureLimit failureLimit;
  private PhaseStartGate gate = PhaseStartGate.NONE;
  /** Why {@link #stopBecause} stopped the run, or null. */
  private volatile String stopReason;

  /**
   * @param plan     what to run
   * @param sources  opens the connection source of a phase (its pool kind, size and connection settings)
   * @param listener hears intervals and phase ends
   */
  public Runner(RunPlan plan, Function<PhaseSpec, ConnectionSource> sources, RunListener listener) {
    this(plan, sources, listener, RunProbe.NONE);
  }

  /**
   * @param probe sees every execution beside the run's own figures (e.g. live metrics); {@link RunProbe#NONE}
   *              for none
   */
  public Runner(RunPlan plan, Function<PhaseSpec, ConnectionSource> sources, RunListener listener, RunProbe probe) {
    this(plan, List.of(), (spec, host, threads) -> sources.apply(spec), listener, probe);
  }

  private Runner(RunPlan plan, List<String> hosts, HostSources sources, RunListener listener, RunProbe probe) {
    this.plan = plan;
    this.hosts = List.copyOf(hosts);
    this.sources = sources;
    this.listener = listener;
    this.probe = Objects.requireNonNull(probe, "probe");
  }

  /**
   * A runner whose workers are spread round-robin over several hosts (coordinators): worker {@code i} uses
   * host {@code i mod n}, each host has its own connection source per phase, and each phase's outcome has
   * per-host figures beside the totals.
   *
   * @param hosts   the hosts as they are to be reported ({@code host:port}), at least one, no duplicates
   * @param sources opens the source of one host for one phase
   */
  public static Runner acrossHosts(RunPlan plan, List<String> hosts, HostSources sources, RunListener listener) {
    return acrossHosts(plan, hosts, sources, listener, RunProbe.NONE);
  }

  /** As {@link #acrossHosts(RunPlan, List, HostSources, RunListener)}, with a probe that sees every execution. */
  public static Runner acrossHosts(RunPlan plan, List<String> hosts, HostSources sources, RunListener listener,
                                   RunProbe probe) {
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("a run spread over hosts needs at least one host");
    }
    if (new HashSet<>(hosts).size() != hosts.size()) {
      throw new IllegalArgumentException("the hosts of a spread run must differ, got " + hosts);
    }
    for (PhaseSpec phase : plan.phases()) {
      if (phase.threads() < hosts.size()) {
        throw new IllegalArgumentException("phase '" + phase.label() + "' has " + phase.threads()
            + " threads for " + hosts.size() + " hosts; every host needs at least one thread");
      }
    }
    return new Runner(plan, hosts, sources, listener, probe);
  }

  /**
   * The heap the latency recorders of a phase of {@code threads} workers running {@code operations} operations hold
   * at least ({@link PhaseRecorder#heapBytes}), so that a run can refuse what cannot fit before it starts.
   */
  public static long recorderHeapBytes(int threads, int operations) {
    return PhaseRecorder.heapBytes(threads, operations, PhaseRun.HIGHEST_TRACKABLE_NANOS);
  }

  /**
   * Stops the run once {@code maxErrors} executions have failed (over all phases, warm-ups included); the result
   * then says so ({@link Result#stoppedBy}). Call before {@link #run()}.
   *
   * @return this runner
   */
  public Runner stopAfterFailures(long maxErrors) {
    failureLimit = new FailureLimit(maxErrors, probe, stop::request);
    return this;
  }

  /**
   * Each phase waits at {@code gate} before it starts, its connections open (several instances of one run start
   * together there).
   *
   * @return this runner
   */
  public Runner startGate(PhaseStartGate gate) {
    this.gate = java.util.Objects.requireNonNull(gate, "gate");
    return this;
  }

  /** Asks the run to stop soon (e.g. on Ctrl-C); {@link #run()} then returns what was measured so far. */
  public void requestStop() {
    stop.request();
  }

  /**
   * Asks the run to stop soon for a reason of its own (e.g. another instance of the run was lost); {@link #run()}
   * then returns what was measured so far, not as interrupted, with the reason as {@link Result#stoppedBy}.
   */
  public void stopBecause(String reason) {
    stopReason = java.util.Objects.requireNonNull(reason, "reason");
    stop.request();
  }

  /**
   * The results of every phase that ran; the last one may be partial if stopped.
   *
   * @param interrupted true when {@link #requestStop()} stopped the run (Ctrl-C, SIGTERM)
   * @param stoppedBy   why the run stopped before its end by itself, e.g. {@code --max-errors 1 reached: ...}, or
   *                    null when it did not
   */
  public record Result(List<PhaseOutcome> phases, boolean interrupted, String stoppedBy, PhaseSpec stoppedInWarmup) {
    /** A result of a run that no failure limit stopped. */
    public Result(List<PhaseOutcome> phases, boolean interrupted) {
      this(phases, interrupted, null, null);
    }

    public Result(List<PhaseOutcome> phases, boolean interrupted, String stoppedBy) {
      this(phases, interrupted, stoppedBy, null);
    }
  }

  public Result run() throws SQLException, InterruptedException {
    List<PhaseOutcome> outcomes = new ArrayList<>();
    PhaseSpec inWarmup = null;
    List<PhaseSpec> phases = plan.phases();
    for (int i = 0; i < phases.size() && !stop.requested(); i++) {
      PhaseSpec spec = phases.get(i);
      listener.phaseStarted(spec, i, phases.size());
      List<ConnectionSource> opened = new ArrayList<>();
      boolean completed = false;
      try {
        int n = Math.max(1, hosts.size());
        for (int h = 0; h < n; h++) {
          opened.add(sources.open(spec, h, HostSources.threadsOn(h, n, spec.threads())));
        }
        PhaseRun phase = new PhaseRun(plan, spec, opened, hosts, listener,
            failureLimit == null ? probe : failureLimit, stop, gate);
        PhaseRun.Outcome outcome = phase.run(i);
        if (outcome == null) {
          if (!stop.requested()) {
            throw new IllegalStateException("phase '" + spec.label() + "' ended in its warm-up unasked");
          }
          inWarmup = phase.stoppedInWarmup() ? spec : null;
          completed = true;
          break;
        }
        Map<String, String> readBack = readBack(opened, spec.sessionSettings().keySet());
        listener.phaseFinished(spec, outcome.stats());
        if (!outcome.hosts().isEmpty()) {
          listener.hostsFinished(spec, outcome.stats(), outcome.hosts());
        }
        listener.clientFinished(spec, outcome.client());
        outcomes.add(new PhaseOutcome(spec, outcome.stats(), readBack, describe(opened, spec), outcome.distinctBackends(),
            outcome.hosts(), outcome.client()));
        completed = true;
      } finally {
        closeAll(opened, completed);
      }
    }
    boolean limited = failureLimit != null && failureLimit.reached();
    String reason = stopReason;
    return new Result(outcomes, stop.requested() && !limited && reason == null,
        limited ? failureLimit.reason() : reason, inWarmup);
  }

  /** The first source's settings (every host's source is built alike), and the hosts when spread. */
  private Map<String, String> describe(List<ConnectionSource> opened, PhaseSpec spec) {
    Map<String, String> d = new LinkedHashMap<>(opened.get(0).describe());
    if (plan.workerThreads().eventLoop()) {
      // the source only reads the settings back; the workers' connections are the event-loop client's
      boolean plain = spec.mode() == StatementMode.PLAIN;
      String sql = FindFirst.eventLoopSelectById(plan.table(), plain);
      d.put("client", "vertx-pg-client, " + plan.workerThreads().eventLoops() + " event loop(s)"
          + (plan.workerThreads().busyPoll() ? " polling without sleeping" : "") + ", one connection per worker, "
          + (plain ? "plain statement " + sql.replace("$1", "<key literal>") : "prepared statement " + sql)
          + "; pgjdbc's settings do not apply");
    }
    if (!hosts.isEmpty()) {
      d.put("hosts", String.join(",", hosts));
      d.put("threads per host", "round-robin, thread i on host i mod " + hosts.size());
    }
    return d;
  }

  /**
   * Closes every source; a failure to close is thrown only when nothing else is being thrown already, with the
   * failures of the other sources as suppressed exceptions.
   */
  static void closeAll(List<ConnectionSource> opened, boolean reportFailure) {
    RuntimeException first = null;
    for (ConnectionSource source : opened) {
      try {
        source.close();
      } catch (RuntimeException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null && reportFailure) {
      throw first;
    }
  }

  /**
   * Each setting as read back on every host's source; a setting whose value differs between hosts is shown
   * as {@code value (host), ...}.
   */
  private Map<String, String> readBack(List<ConnectionSource> opened, Collection<String> names) {
    Map<String, String> first = readBack(opened.get(0), names);
    if (opened.size() == 1) {
      return first;
    }
    List<Map<String, String>> all = new ArrayList<>();
    for (ConnectionSource source : opened) {
      all.add(source == opened.get(0) ? first : readBack(source, names));
    }
    Map<String, String> merged = new LinkedHashMap<>();
    for (String name : first.keySet()) {
      boolean same = all.stream().allMatch(m -> Objects.equals(m.get(name), first.get(name)));
      if (same) {
        merged.put(name, first.get(name));
      } else {
        List<String> perHost = new ArrayList<>();
        for (int h = 0; h < all.size(); h++) {
          perHost.add(all.get(h).get(name) + " (" + hosts.get(h) + ")");
        }
        merged.put(name, String.join(", ", perHost));
      }
    }
    return merged;
  }

  /** Each setting's value as the server reports it on a connection from the phase's own source. */
  private static Map<String, String> readBack(ConnectionSource source, Collection<String> names) {
    if (names.isEmpty()) {
      return new LinkedHashMap<>();
    }
    try (Connection c = source.connection()) {
      Map<String, String> values = SettingsCatalog.readBack(c, names);
      if (!c.getAutoCommit()) {
        c.rollback();
      }
      return values;
    } catch (SQLException e) {
      Map<String, String> values = new LinkedHashMap<>();
      for (String name : names) {
        values.put(name, "(could not read back: " + e.getMessage() + ")");
      }
      return values;
    }
  }
}
