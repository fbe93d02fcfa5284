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
 * console that stops answering is said in one line and the run goes on; the phase it stopped in gets
 * {@value #CONSOLE} in its {@code connection} instead of figures, and the console is opened again when the next phase
 * starts, so a pooler restarted during a phase gives the later phases their figures again.
 */
public final class PoolerPhaseWatch implements RunListener, AutoCloseable {
  /** The key of result.json's {@code connection} saying the console stopped answering during that phase. */
  public static final String CONSOLE = "pooler console";

  /** Opens the console again; null: no pooler's figures to read. */
  private final Opener opener;
  private final PrintStream out;
  private final Map<PhaseSpec, Map<String, String>> figures = new HashMap<>();
  /** The console read, or null: none open (never opened, or it stopped answering). */
  private PgBouncerWatch watch;
  /** The phase being read: begun on an open console. */
  private PhaseSpec reading;

  /** The phases this pooler serves: all, or those of one road of {@code --via}. */
  private Predicate<PhaseSpec> serves = phase -> true;

  /** Opens the console. */
  interface Opener {
    PgBouncerWatch open() throws SQLException;
  }

  PoolerPhaseWatch(Opener opener, PgBouncerWatch watch, PrintStream out) {
    this.opener = opener;
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
      return new PoolerPhaseWatch(null, null, out);
    }
    Opener opener = () -> PgBouncerWatch.open(PoolerDetector.console(run, givenConsole),
        PoolerDetector.database(run, user), user, pooler.poolSize());
    try {
      return new PoolerPhaseWatch(opener, opener.open(), out);
    } catch (SQLException e) {
      out.println("pooler: its console could not be opened again for the figures per phase: " + e.getMessage());
      return new PoolerPhaseWatch(null, null, out);
    }
  }

  /** The pooler's figures of {@code phase} for result.json, empty where none were read. */
  public synchronized Map<String, String> figures(PhaseSpec phase) {
    return figures.getOrDefault(phase, Map.of());
  }

  @Override
  public synchronized void phaseStarted(PhaseSpec phase, int index, int count) {
    if (opener == null || !serves.test(phase)) {
      return;
    }
    reading = null;
    if (watch == null && !reopen()) {
      return;
    }
    try {
      watch.begin();
      reading = phase;
    } catch (SQLException e) {
      stop(phase, e);
    }
  }

  /** The console opened again after it stopped answering; false (said nothing) while it still does not answer. */
  private boolean reopen() {
    try {
      watch = opener.open();
      out.println("pooler: its console answers again: figures from this phase on");
      return true;
    } catch (SQLException e) {
      return false; // its stop was said once; a line per phase while it is down would say nothing new
    }
  }

  @Override
  public synchronized void interval(PhaseSpec phase, IntervalStats stats) {
    if (phase.equals(reading)) {
      try {
        watch.poll();
      } catch (SQLException e) {
        stop(phase, e);
      }
    }
  }

  @Override
  public synchronized void phaseFinished(PhaseSpec phase, PhaseStats stats) {
    if (!phase.equals(reading)) {
      return;
    }
    reading = null;
    try {
      PoolerFigures phaseFigures = watch.end();
      double mean = stats.total().latencyMs() == null ? 0 : stats.total().latencyMs().avg();
      out.println(phaseFigures.line(mean));
      figures.put(phase, phaseFigures.toReport(mean));
    } catch (SQLException e) {
      stop(phase, e);
    }
  }

  private void stop(PhaseSpec phase, SQLException e) {
    watch.close();
    watch = null;
    reading = null;
    out.println("pooler: its console stopped answering (" + e.getMessage() + "): no pooler figures for this phase;"
        + " it is opened again when the next phase starts");
    figures.put(phase, Map.of(CONSOLE, "stopped answering during this phase: " + e.getMessage()));
  }

  @Override
  public synchronized void close() {
    if (watch != null) {
      watch.close();
    }
  }
}
