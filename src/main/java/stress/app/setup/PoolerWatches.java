package stress.app.setup;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.config.RunConfig;
import stress.connect.ConnectionSpec;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;
import stress.runner.PhaseSpec;
import stress.runner.RunListener;

/**
 * The pooler's figures per phase on every road: one {@link PoolerPhaseWatch} for the run's own connection, and one for
 * each road of {@code --via} where a pooler was seen, each reading the phases of its road alone.
 */
public final class PoolerWatches implements RunListener, AutoCloseable {
  private final List<PoolerPhaseWatch> watches;

  private PoolerWatches(List<PoolerPhaseWatch> watches) {
    this.watches = List.copyOf(watches);
  }

  /** The watches of what the set-up read: the run's own pooler, and each road's. */
  public static PoolerWatches open(RunReadings read, RunConfig config, ConnectionSpec run, PrintStream out) {
    List<PoolerPhaseWatch> watches = new ArrayList<>();
    watches.add(PoolerPhaseWatch.open(read.pooler(), run, read.poolerConsole(), run.user(), out)
        .serving(phase -> ViaRoads.own(config, phase)));
    for (ViaRoads.Road road : read.viaRoads().roads()) {
      if (road.pooler() != null) {
        // a road's console is read with the road's own login; --pooler-console names the run's own pooler's
        watches.add(PoolerPhaseWatch.open(road.pooler(), road.spec(), null, road.spec().user(), out)
            .serving(phase -> ViaRoads.on(road.name(), phase)));
      }
    }
    return new PoolerWatches(watches);
  }

  /** The pooler's figures of {@code phase} for result.json, empty where none were read. */
  public Map<String, String> figures(PhaseSpec phase) {
    Map<String, String> all = new LinkedHashMap<>();
    watches.forEach(w -> all.putAll(w.figures(phase)));
    return all;
  }

  @Override
  public void phaseStarted(PhaseSpec phase, int index, int count) {
    watches.forEach(w -> w.phaseStarted(phase, index, count));
  }

  @Override
  public void interval(PhaseSpec phase, IntervalStats stats) {
    watches.forEach(w -> w.interval(phase, stats));
  }

  @Override
  public void phaseFinished(PhaseSpec phase, PhaseStats stats) {
    watches.forEach(w -> w.phaseFinished(phase, stats));
  }

  @Override
  public void close() {
    watches.forEach(PoolerPhaseWatch::close);
  }
}
