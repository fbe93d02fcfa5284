package stress.runner;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import stress.connect.ConnectionSource;
import stress.target.SettingsCatalog;

/**
 * The library entry point for runs, used by the command line, the tests and the benchmarks: runs each
 * phase of a plan in turn on the same data.
 */
public final class Runner {
  private final RunPlan plan;
  private final Function<PhaseSpec, ConnectionSource> sources;
  private final RunListener listener;
  private final RunProbe probe;
  private final Stop stop = new Stop();

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
    this.plan = plan;
    this.sources = sources;
    this.listener = listener;
    this.probe = Objects.requireNonNull(probe, "probe");
  }

  /** Asks the run to stop soon (e.g. on Ctrl-C); {@link #run()} then returns what was measured so far. */
  public void requestStop() {
    stop.request();
  }

  /** The results of every phase that ran; the last one may be partial if stopped. */
  public record Result(List<PhaseOutcome> phases, boolean interrupted) {}

  public Result run() throws SQLException, InterruptedException {
    List<PhaseOutcome> outcomes = new ArrayList<>();
    List<PhaseSpec> phases = plan.phases();
    for (int i = 0; i < phases.size() && !stop.requested(); i++) {
      PhaseSpec spec = phases.get(i);
      listener.phaseStarted(spec, i, phases.size());
      try (ConnectionSource source = sources.apply(spec)) {
        PhaseRun.Outcome outcome = new PhaseRun(plan, spec, source, listener, probe, stop).run(i);
        Map<String, String> readBack = readBack(source, spec.sessionSettings().keySet());
        listener.phaseFinished(spec, outcome.stats());
        outcomes.add(new PhaseOutcome(spec, outcome.stats(), readBack, source.describe(), outcome.distinctBackends()));
      }
    }
    return new Result(outcomes, stop.requested());
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
