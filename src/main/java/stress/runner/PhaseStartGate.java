package stress.runner;

import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/**
 * Where a phase waits, its connections open and its workers ready, before it starts: with several instances of one
 * run ({@code --run-id}), until every instance is ready and the instant they agreed on has come. A gate that
 * cannot open throws; the phase then stops its workers and the run ends with that exception.
 */
public interface PhaseStartGate {
  /** No waiting: a run alone. */
  PhaseStartGate NONE = new PhaseStartGate() {
    @Override
    public void awaitStart(PhaseSpec phase, int index, BooleanSupplier stopRequested) {}

    @Override
    public void started(int index, long epochNanos) {}

    @Override
    public void ended(int index, long epochNanos) {}
  };

  /**
   * Blocks until phase {@code index} (0-based) may start, or until {@code stopRequested} says the run is to stop
   * (Ctrl-C, SIGTERM): the phase then does not start, and the run ends with the phases before it.
   */
  void awaitStart(PhaseSpec phase, int index, BooleanSupplier stopRequested) throws SQLException, InterruptedException;

  /** When phase {@code index} started (its workers released), in nanoseconds since the epoch by this host's clock. */
  void started(int index, long epochNanos) throws SQLException;

  /** When phase {@code index} ended (its last execution done), likewise. */
  void ended(int index, long epochNanos) throws SQLException;
}
