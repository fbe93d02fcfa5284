package stress.runner;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import stress.connect.ConnectionSource;

/**
 * The library entry point for runs, used by the command line, the tests and the benchmarks: runs each
 * phase of a plan in turn on the same data.
 */
public final class Runner {
  private final RunPlan plan;
  private final Function<PhaseSpec, ConnectionSource> sources;
  private final RunListener listener;
  private final Stop stop = new Stop();

  /**
   * @param plan     what to run
   * @param sources  opens the connection source of a phase (its pool kind, size and connection settings)
   * @param listener hears intervals and phase ends
   */
  public Runner(RunPlan plan, Function<PhaseSpec, ConnectionSource> sources, RunListener listener) {
    this.plan = plan;
    this.sources = sources;
    this.listener = listener;
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
        PhaseRun.Outcome outcome = new PhaseRun(plan, spec, source, listener, stop).run(i);
        Map<String, String> readBack = readBack(source, spec.sessionSettings().keySet());
        listener.phaseFinished(spec, outcome.stats());
        outcomes.add(new PhaseOutcome(spec, outcome.stats(), readBack, source.describe(), outcome.distinctBackends()));
      }
    }
    return new Result(outcomes, stop.requested());
  }

  /** Each setting's value as the server reports it on a connection from the phase's own source. */
  private static Map<String, String> readBack(ConnectionSource source, Iterable<String> names) {
    Map<String, String> values = new LinkedHashMap<>();
    if (!names.iterator().hasNext()) {
      return values;
    }
    try (Connection c = source.connection();
         PreparedStatement ps = c.prepareStatement("SELECT current_setting(?, true)")) {
      for (String name : names) {
        ps.setString(1, name);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          values.put(name, rs.getString(1));
        }
      }
      if (!c.getAutoCommit()) {
        c.rollback();
      }
    } catch (SQLException e) {
      for (String name : names) {
        values.putIfAbsent(name, "(could not read back: " + e.getMessage() + ")");
      }
    }
    return values;
  }
}
