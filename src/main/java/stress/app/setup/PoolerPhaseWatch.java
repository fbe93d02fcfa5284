package stress.app.setup;

import java.io.PrintStream;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;
import stress.connect.ConnectionSpec;
import stress.metrics.IntervalStats;
import stress.metrics.PhaseStats;
import stress.runner.PhaseSpec;
import stress.runner.RunListener;
import stress.server.pooler.PgBouncerWatch;
import stress.server.pooler.PoolerDetector;
import stress.server.pooler.PoolerFigures;
import stress.server.pooler.PoolerInfo;

/**
 * The pooler's own figures per phase ({@code PoolerFigures}), read through one console connection opened for the
 * run: {@code SHOW STATS} when a phase starts (its warm-up included) and when it ends, {@code SHOW POOLS} at each
 * interval. A line under each phase's summary, and the same in the phase's {@code connection} of result.json. A
 * console that stops answering ends the watch with one line; the run goes on.
 */
public final class PoolerPhaseWatch implements RunListener, AutoCloseable {
  /** The console read, or null: no pooler's figures to read. */
  private final PgBouncerWatch watch;
  private final PrintStream out;
  private final Map<PhaseSpec, Map<String, String>> figures = new HashMap<>();
  private boolean broken;

  /** The phases this pooler serves: all, or those of one road of {@code --via}. */
  private Predicate<PhaseSpec> serves = phase -> true;

  private PoolerPhaseWatch(PgBouncerWatch watch, PrintStream out) {
    this.watch = watch;
    this.out = out;
  }

  /** This watch reading the pooler's figures of the phases {@code serves} alone. */
  PoolerPhaseWatch serving(Predicate<PhaseSpec> phases) {
    serves = phases;
    return this;
  }

  /**
   * A watch of the pooler read before measuring; one that reads nothing where none was found or its console could not
   * be read (its line already said so); a console that no longer opens is said in one line.
   */
  public static PoolerPhaseWatch open(PoolerInfo pooler, ConnectionSpec run, ConnectionSpec givenConsole,
                                      String user, PrintStream out) {
    if (pooler == null || pooler.unreadable() != null) {
      return new PoolerPhaseWatch(null, out);
    }
    try {
      return new PoolerPhaseWatch(PgBouncerWatch.open(PoolerDetector.console(run, givenConsole),
          PoolerDetector.database(run, user), user, pooler.poolSize()), out);
    } catch (SQLException e) {
      out.println("pooler: its console could not be opened again for the figures per phase: " + e.getMessage());
      return new PoolerPhaseWatch(null, out);
    }
  }

  /** The pooler's figures of {@code phase} for result.json, empty where none were read. */
  public synchronized Map<String, String> figures(PhaseSpec phase) {
    return figures.getOrDefault(phase, Map.of());
  }

  @Override
  public synchronized void phaseStarted(PhaseSpec phase, int index, int count) {
    if (serves.test(phase)) {
      read(() -> watch.begin()); // a lambda: watch may be null
    }
  }

  @Override
  public synchronized void interval(PhaseSpec phase, IntervalStats stats) {
    if (serves.test(phase)) {
      read(() -> watch.poll());
    }
  }

  @Override
  public synchronized void phaseFinished(PhaseSpec phase, PhaseStats stats) {
    if (watch == null || broken || !serves.test(phase)) {
      return;
    }
    try {
      PoolerFigures phaseFigures = watch.end();
      double mean = stats.total().latencyMs() == null ? 0 : stats.total().latencyMs().avg();
      out.println(phaseFigures.line(mean));
      figures.put(phase, phaseFigures.toReport(mean));
    } catch (SQLException e) {
      stop(e);
    }
  }

  private interface Read {
    void run() throws SQLException;
  }

  private void read(Read read) {
    if (watch == null || broken) {
      return;
    }
    try {
      read.run();
    } catch (SQLException e) {
      stop(e);
    }
  }

  private void stop(SQLException e) {
    broken = true;
    out.println("pooler: its console stopped answering (" + e.getMessage() + "): no pooler figures from here on");
  }

  @Override
  public synchronized void close() {
    if (watch != null) {
      watch.close();
    }
  }
}
